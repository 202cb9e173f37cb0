package menara

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// Describe says in one line what a step did, and what followed from it:
// a floor filled and the new one to place, a collapse, the card done or
// sent to the level row, the camp renewed, the columns drawn.
func (g *Game) Describe(p *i18n.Printer, e bot.Effect, names []string) string {
	x, ok := effects(e)
	if !ok {
		return ""
	}
	return describe(p, x, names)
}

// seatName returns a seat's name from the names in seat order.
func seatName(p *i18n.Printer, names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		return names[seat]
	}
	return p.T("menara.seat-name", "n", seat+1)
}

func describe(p *i18n.Printer, e *mr.Effects, names []string) string {
	s := e.Step
	who := seatName(p, names, int(s.Seat))
	var parts []string
	add := func(id string, args ...any) { parts = append(parts, p.T(id, args...)) }
	risk := e.Risk.Percent()
	switch s.Kind {
	case mr.Exchange:
		add("menara.say.exchange", "player", who, "give", s.Give.String(), "take", s.Take.String())
	case mr.Reveal:
		add("menara.say.reveal", "player", who, "pile", s.Pile, "card", CardWords(p, e.Card), "rim", p.T("menara.render.rim."+e.Card.Rim.String()))
	case mr.PlaceColumn:
		if e.Failed {
			add("menara.say.failed-column", "player", who, "colour", s.Colour, "base", s.To, "percent", risk)
		} else {
			add("menara.say.column", "player", who, "colour", s.Colour, "base", s.To)
		}
	case mr.MoveColumn:
		if e.Failed {
			add("menara.say.failed-move", "player", who, "from", s.From, "to", s.To, "percent", risk)
		} else {
			add("menara.say.move", "player", who, "from", s.From, "to", s.To)
		}
	case mr.PlaceFloor:
		if e.Failed {
			add("menara.say.failed-floor", "player", who, "floor", s.Floor, "percent", risk)
		} else {
			add("menara.say.floor", "player", who, "floor", s.Floor, "level", e.Level, "on", s.On.String())
		}
	case mr.Extend:
		if e.Failed {
			add("menara.say.failed-floor", "player", who, "floor", s.Floor, "percent", risk)
		} else {
			add("menara.say.extend", "player", who, "floor", s.Floor)
		}
	case mr.Lift:
		if e.Failed {
			add("menara.say.failed-lift", "player", who, "floor", s.Floor, "percent", risk)
		} else {
			add("menara.say.lift", "player", who, "floor", s.Floor, "from", e.FromLevel, "to", e.Level, "on", s.On.String())
		}
	case mr.GiveUp:
		add("menara.say.give-up", "player", who)
	case mr.Done:
		add("menara.say.done", "player", who)
	}
	if e.PushedUnder != mr.NoFloor {
		add("menara.say.pushed", "floor", e.PushedUnder)
	}
	if e.Unsupported != mr.NoFloor && !e.Collapse {
		add("menara.say.unsupported", "floor", e.Unsupported)
	}
	switch {
	case e.Collapse:
		add("menara.say.collapse", "floors", floorList(e.Fallen))
	case e.Failed:
		add("menara.say.failed")
	case e.NewFloor != mr.NoFloor:
		add("menara.say.new-floor", "filled", e.Filled, "floor", e.NewFloor)
	case e.Filled != mr.NoFloor:
		add("menara.say.filled", "floor", e.Filled)
	}
	if !e.Collapse {
		for _, mc := range e.Margins() {
			if mc.HasAfter && mc.Holds && mc.After < mr.Safe() && (!mc.HadBefore || mc.Before >= mr.Safe()) {
				add("menara.say.shaky", "floor", mc.Floor, "mm", Millimetres(p, mc.After))
			}
		}
	}
	if e.CardDone && !e.ToLevelRow && s.Kind != mr.Done {
		add("menara.say.card-done")
	}
	if e.ToLevelRow {
		add("menara.say.level-row")
	}
	if e.Renewed {
		add("menara.say.renewed", "camp", e.NewCamp.String())
	}
	if e.TurnOver && e.Drawn.Total() > 0 {
		add("menara.say.drawn", "player", who, "columns", e.Drawn.String())
	}
	return strings.Join(parts, " ")
}

// Result says how the game ended: won together, or lost, and why.
func (g *Game) Result(p *i18n.Printer, st bot.State, names []string) string {
	pos := state(st).Position()
	o := pos.Outcome()
	args := []any{"height", pos.Height(), "required", pos.Required()}
	switch {
	case o.Won:
		return p.T("menara.result.won", args...)
	case o.Reason == mr.Collapse:
		return p.T("menara.result.collapse", args...)
	}
	return p.T("menara.result.lost."+o.Reason.String(), args...)
}

// Prompt tells the player to act what to do now.
func (g *Game) Prompt(p *i18n.Printer, st bot.State, seat int, mention string) string {
	pos := state(st).Position()
	args := []any{"mark", g.Mark(seat), "mention", mention}
	switch pos.Stage() {
	case mr.Exchanging:
		return p.T("menara.prompt.exchange", append(args, "hand", pos.Hand(seat).String(), "camp", pos.Camp().String())...)
	case mr.NewFloor:
		return p.T("menara.prompt.new-floor", append(args, "floor", pos.NextFloor())...)
	case mr.Closing:
		return p.T("menara.prompt.close", append(args, "required", pos.Required()+1)...)
	}
	card, _ := pos.Card()
	task := progress(p, card, pos.Progress())
	if f := pos.Chosen(); f.Valid() {
		task += " · " + p.T("menara.render.on-floor", "floor", f.String())
	}
	return p.T("menara.prompt.build", append(args, "card", CardWords(p, card), "progress", task, "hand", pos.Hand(seat).String())...)
}
