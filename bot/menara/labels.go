package menara

import (
	"strconv"

	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// Labels returns the words of the image in the printer's language.
func Labels(p *i18n.Printer) rmenara.Labels {
	l := rmenara.Labels{
		ToPlay: func(player string) string { return p.T("menara.render.to-play", "player", player) },
		Won: func(height, required int) string {
			return p.T("menara.render.won", "height", height, "required", required)
		},
		Lost: func(r mr.EndReason, height, required int) string {
			return p.T("menara.render.lost."+r.String(), "height", height, "required", required)
		},
		Height: func(height, required int) string {
			return p.T("menara.render.height", "height", height, "required", required)
		},
		LevelRow:   p.T("menara.render.level-row"),
		PlanCards:  p.T("menara.render.plan-cards"),
		Quarry:     p.T("menara.render.quarry"),
		FloorsLeft: func(n int) string { return p.N("menara.render.floors-left", n) },
		NextFloor:  func(f string) string { return p.T("menara.render.next-floor", "floor", f) },
		Light:      p.T("menara.render.light"),
		Dark:       p.T("menara.render.dark"),
		Camp:       p.T("menara.render.camp"),
		Hands:      p.T("menara.render.hands"),
		InPlay:     p.T("menara.render.in-play"),
		NoCard:     p.T("menara.render.no-card"),
		Card:       func(c mr.Card) string { return CardWords(p, c) },
		Rim:        func(r mr.Rim) string { return p.T("menara.render.rim." + r.String()) },
		Progress:   func(c mr.Card, done int) string { return progress(p, c, done) },
		OnFloor:    func(f string) string { return p.T("menara.render.on-floor", "floor", f) },
		PlaceFloor: func(f string) string { return p.T("menara.render.place-floor", "floor", f) },
		ToLevelRow: p.T("menara.render.to-level-row"),
		Level:      func(level int) string { return p.T("menara.render.level", "level", level) },
		Base:       p.T("menara.render.base"),
		Margin:     func(um int) string { return p.T("menara.render.margin", "mm", Millimetres(p, um)) },
		Falls:      p.T("menara.render.falls"),
		LastStep: func(w rmenara.StepWords) string {
			s := stepLine(p, w)
			if s == "" {
				return ""
			}
			return p.T("menara.render.last", "step", s)
		},
		Preview: func(w rmenara.StepWords) string {
			s := proposal(p, w)
			if s == "" {
				return ""
			}
			return p.T("menara.render.preview", "step", s)
		},
		Collapse:       p.T("menara.render.collapse"),
		Risk:           func(percent int) string { return p.T("menara.render.risk", "percent", percent) },
		LegendSafe:     p.T("menara.render.legend.safe"),
		LegendShaky:    p.T("menara.render.legend.shaky"),
		LegendFalls:    p.T("menara.render.legend.falls"),
		LegendFree:     p.T("menara.render.legend.free"),
		LegendLast:     p.T("menara.render.legend.last"),
		LegendProposed: p.T("menara.render.legend.proposed"),
		LegendEmpty:    p.T("menara.render.legend.empty"),
		LegendColumn:   p.T("menara.render.legend.column"),
		Fell:           func(w rmenara.FallWords) string { return fellWords(p, w) },
	}
	for _, c := range mr.Colours {
		l.Colours[c] = ColourName(p, c)
		l.ColourLetters[c] = ColourLetter(p, c)
	}
	for pl := mr.Pile(0); pl < mr.NumPiles; pl++ {
		l.Piles[pl] = PileName(p, pl)
	}
	return l
}

// CardWords says what plan card c asks ("Place 2 columns on one floor").
func CardWords(p *i18n.Printer, c mr.Card) string {
	switch c.Type {
	case mr.PlaceCard, mr.OneFloorCard, mr.MoveCard:
		return p.N("menara.render.card."+c.Type.String(), int(c.N))
	}
	return p.T("menara.render.card." + c.Type.String())
}

// progress says how far the card in play is done.
func progress(p *i18n.Printer, c mr.Card, done int) string {
	switch c.Type {
	case mr.PlaceCard, mr.OneFloorCard:
		return p.T("menara.render.progress.place", "done", done, "n", int(c.N))
	case mr.MoveCard:
		return p.T("menara.render.progress.move", "done", done, "n", int(c.N))
	case mr.FillCard:
		return p.N("menara.render.progress.fill", done)
	case mr.LiftCard:
		if done > 0 {
			return p.T("menara.render.progress.lifted")
		}
		return p.T("menara.render.progress.lift")
	}
	return ""
}

// Millimetres writes a length given in µm in millimetres with one
// decimal, rounded down (so that a badge never shows a floor safer than
// it is), with the language's decimal separator: "9.4" in English, "9,4"
// in Spanish and Italian.
func Millimetres(p *i18n.Printer, um int) string {
	tenths := um / 100
	if um < 0 && um%100 != 0 {
		tenths-- // round down, also below zero
	}
	sign := ""
	if tenths < 0 {
		sign, tenths = "-", -tenths
	}
	sep := ","
	if p.Lang() == i18n.English {
		sep = "."
	}
	return sign + strconv.Itoa(tenths/10) + sep + strconv.Itoa(tenths%10)
}

// stepLine is a step that was made, in words.
func stepLine(p *i18n.Printer, w rmenara.StepWords) string {
	if w.Failed {
		return p.T("menara.render.step.failed", "player", w.Player)
	}
	if w.LiftFell {
		return p.T("menara.render.step.lift-fell", "player", w.Player, "floor", w.Floor)
	}
	var s string
	switch w.Kind {
	case mr.Exchange:
		s = p.T("menara.render.step.exchange", "player", w.Player, "give", w.Give, "take", w.Take)
	case mr.Reveal:
		s = p.T("menara.render.step.reveal", "player", w.Player, "pile", w.Pile, "card", w.Card)
	case mr.PlaceColumn:
		s = p.T("menara.render.step.column", "player", w.Player, "colour", w.Colour, "base", w.To)
	case mr.MoveColumn:
		s = p.T("menara.render.step.move", "player", w.Player, "colour", w.Colour, "from", w.From, "to", w.To)
	case mr.PlaceFloor:
		s = p.T("menara.render.step.floor", "player", w.Player, "floor", w.Floor, "level", w.Level)
	case mr.Extend:
		s = p.T("menara.render.step.extend", "player", w.Player, "floor", w.Floor)
	case mr.Lift:
		s = p.T("menara.render.step.lift", "player", w.Player, "floor", w.Floor, "level", w.Level)
	case mr.GiveUp:
		s = p.T(renewID("menara.render.step.give-up", w.Renew), "player", w.Player)
	case mr.Done:
		s = p.T(renewID("menara.render.step.done", w.Renew), "player", w.Player)
	default:
		return ""
	}
	switch {
	case w.Collapse:
		s = p.T("menara.render.step.collapse", "step", s)
	case w.NewFloor != "":
		s = p.T("menara.render.step.new-floor", "step", s, "floor", w.NewFloor)
	}
	return s
}

func renewID(id string, renew bool) string {
	if renew {
		return id + "-renew"
	}
	return id
}

// proposal is a step proposed for a preview, in words.
func proposal(p *i18n.Printer, w rmenara.StepWords) string {
	switch w.Kind {
	case mr.PlaceFloor:
		return p.T("menara.render.proposal.floor", "floor", w.Floor, "supports", w.Supports, "level", w.Level)
	case mr.Extend:
		return p.T("menara.render.proposal.extend", "floor", w.Floor)
	case mr.Lift:
		return p.T("menara.render.proposal.lift", "floor", w.Floor, "supports", w.Supports, "level", w.Level)
	case mr.PlaceColumn:
		return p.T("menara.render.proposal.column", "colour", w.Colour, "base", w.To)
	case mr.MoveColumn:
		return p.T("menara.render.proposal.move", "from", w.From, "to", w.To)
	}
	return ""
}
