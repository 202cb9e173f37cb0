package menara

import (
	"strconv"
	"strings"

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

// kindWord is a kind of step in the message ids that say it
// ("menara.say.give-up", "menara.render.step.column"): its record
// keyword, its words joined by "-"; "" for no kind.
func kindWord(k mr.Kind) string {
	if k > mr.Done {
		return ""
	}
	return strings.ReplaceAll(k.String(), " ", "-")
}

// wordArgs are the arguments of the messages that say a step in words,
// each of which names those of its kind.
func wordArgs(w rmenara.StepWords) []any {
	return []any{"player", w.Player, "give", w.Give, "take", w.Take, "pile", w.Pile, "card", w.Card, "colour", w.Colour,
		"base", w.To, "from", w.From, "to", w.To, "floor", w.Floor, "level", w.Level, "supports", w.Supports}
}

// stepLine is a step that was made, in words.
func stepLine(p *i18n.Printer, w rmenara.StepWords) string {
	key := kindWord(w.Kind)
	switch {
	case w.Failed:
		return p.T("menara.render.step.failed", "player", w.Player)
	case w.LiftFell:
		return p.T("menara.render.step.lift-fell", "player", w.Player, "floor", w.Floor)
	case key == "":
		return ""
	case w.Renew && (w.Kind == mr.GiveUp || w.Kind == mr.Done):
		key += "-renew"
	}
	s := p.T("menara.render.step."+key, wordArgs(w)...)
	switch {
	case w.Collapse:
		s = p.T("menara.render.step.collapse", "step", s)
	case w.NewFloor != "":
		s = p.T("menara.render.step.new-floor", "step", s, "floor", w.NewFloor)
	}
	return s
}

// proposal is a building step proposed for a preview, in words; "" for
// another step.
func proposal(p *i18n.Printer, w rmenara.StepWords) string {
	if !w.Kind.Builds() {
		return ""
	}
	return p.T("menara.render.proposal."+kindWord(w.Kind), wordArgs(w)...)
}
