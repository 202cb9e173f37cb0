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

// seatName returns a seat's name from the names in seat order, else the
// game's name of the seat (bot.Basics.SeatName: "Player 2").
func seatName(p *i18n.Printer, names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		return names[seat]
	}
	return bot.Basics{Name: Kind}.SeatName(p, seat)
}

// describe says an effect in one line, in the order a player reads what
// happened: the step, what it did to the columns and the floors, the
// floors it left shaky, then the card's and the turn's end.
func describe(p *i18n.Printer, e *mr.Effects, names []string) string {
	who := seatName(p, names, int(e.Step.Seat))
	var parts []string
	if kindWord(e.Step.Kind) != "" {
		parts = append(parts, sayStep(p, e, who))
	}
	parts = append(parts, columnsSaid(p, e)...)
	parts = append(parts, floorsSaid(p, e)...)
	parts = append(parts, shakySaid(p, e)...)
	parts = append(parts, endSaid(p, e, who)...)
	return strings.Join(parts, " ")
}

// sayStep says what a step did, or what it tried when a shaky hand made
// it fail: a floor placed or extended alike. A lift whose floor would
// have fallen at its new place was not made (the card goes to the level
// row: endSaid says so).
func sayStep(p *i18n.Printer, e *mr.Effects, who string) string {
	s := e.Step
	key := kindWord(s.Kind)
	args := []any{"player", who, "give", s.Give, "take", s.Take, "colour", s.Colour, "base", s.To, "from", s.From, "to", s.To,
		"floor", s.Floor, "level", e.Level, "on", s.On.String(), "percent", e.Risk.Percent()}
	switch {
	case s.Kind == mr.Reveal:
		args = append(args, "pile", s.Pile, "card", CardWords(p, e.Card), "rim", p.T("menara.render.rim."+e.Card.Rim.String()))
	case s.Kind == mr.Lift:
		args = append(args, "from", e.FromLevel, "to", e.Level)
	}
	switch {
	case e.Failed && s.Kind == mr.Extend:
		key = "failed-floor" // a floor beside the base fails as one on columns
	case e.Failed && s.Kind.Builds():
		key = "failed-" + key
	case e.LiftFell && s.Kind == mr.Lift:
		said := p.T("menara.say.lift-fell", args...)
		if len(e.Falls) > 0 {
			said += " " + fallSaid(p, &e.Falls[0], wouldHaveFallen)
		}
		return said
	}
	return p.T("menara.say."+key, args...)
}

// columnsSaid says what a column did to the floors: carrying one it was
// pushed under, leaving one without a support (not said when the temple
// fell: the collapse says it all).
func columnsSaid(p *i18n.Printer, e *mr.Effects) []string {
	var parts []string
	if e.PushedUnder != mr.NoFloor {
		parts = append(parts, p.T("menara.say.pushed", "floor", e.PushedUnder))
	}
	if e.Unsupported != mr.NoFloor && !e.Collapse {
		parts = append(parts, p.T("menara.say.unsupported", "floor", e.Unsupported))
	}
	return parts
}

// floorsSaid says the most that happened to the floors, one sentence: the
// collapse; else the failure; else the floor filled, with the new one to
// place if any.
func floorsSaid(p *i18n.Printer, e *mr.Effects) []string {
	switch {
	case e.Collapse:
		said := []string{p.T("menara.say.collapse", "floors", floorList(e.Fallen))}
		if len(e.Falls) > 0 {
			said = append(said, fallSaid(p, &e.Falls[0], fell))
		}
		return said
	case e.Failed:
		return []string{p.T("menara.say.failed")}
	case e.NewFloor != mr.NoFloor:
		return []string{p.T("menara.say.new-floor", "filled", e.Filled, "floor", e.NewFloor)}
	case e.Filled != mr.NoFloor:
		return []string{p.T("menara.say.filled", "floor", e.Filled)}
	}
	return nil
}

// shakySaid warns of the floors the step made shaky, once: a floor that
// was shaky already is not said again, nor anything after a collapse.
func shakySaid(p *i18n.Printer, e *mr.Effects) []string {
	if e.Collapse {
		return nil
	}
	var parts []string
	for _, mc := range e.Margins() {
		if mc.NewlyShaky() {
			parts = append(parts, p.T("menara.say.shaky", "floor", mc.Floor, "mm", Millimetres(p, mc.After)))
		}
	}
	return parts
}

// endSaid says how the card and the turn ended: the card done (unless it
// goes to the level row, or the turn's end already says so), the level
// row, the camp renewed, the columns drawn.
func endSaid(p *i18n.Printer, e *mr.Effects, who string) []string {
	var parts []string
	if e.CardDone && !e.ToLevelRow && e.Step.Kind != mr.Done {
		parts = append(parts, p.T("menara.say.card-done"))
	}
	if e.ToLevelRow {
		parts = append(parts, p.T("menara.say.level-row"))
	}
	if e.Renewed {
		parts = append(parts, p.T("menara.say.renewed", "camp", e.NewCamp))
	}
	if e.TurnOver && e.Drawn.Total() > 0 {
		parts = append(parts, p.T("menara.say.drawn", "player", who, "columns", e.Drawn))
	}
	return parts
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
		key := "menara.prompt.exchange"
		if pos.CanExchange() != nil {
			// Exchanged already (or nothing to exchange): the reveal is next.
			key = "menara.prompt.reveal"
		}
		return p.T(key, append(args, "hand", pos.Hand(seat), "camp", pos.Camp())...)
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
	return p.T("menara.prompt.build", append(args, "card", CardWords(p, card), "progress", task, "hand", pos.Hand(seat))...)
}
