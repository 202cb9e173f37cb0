package menara

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/rules"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// makeStep is the record line of step, as the engine completes it (a
// floor without its exact place takes the steadiest); a step the rules
// forbid now is refused.
func makeStep(st bot.State, step mr.Step) (string, error) {
	s := state(st)
	pos := s.Position()
	_, e, err := pos.Preview(step)
	if err != nil {
		return "", err
	}
	return s.Line(e.Step), nil
}

// makeExchange gives the columns of give to the camp for those of take.
func makeExchange(st bot.State, seat int, v bot.Values) (string, error) {
	give, ok := mr.ParseColumns(strings.TrimSpace(v[optGive]))
	if !ok {
		return "", bot.Fail(bot.Invalid, "menara.err.columns", "word", v[optGive])
	}
	take, ok := mr.ParseColumns(strings.TrimSpace(v[optTake]))
	if !ok {
		return "", bot.Fail(bot.Invalid, "menara.err.columns", "word", v[optTake])
	}
	return makeStep(st, mr.ExchangeStep(seat, give, take))
}

// makeReveal reveals the top card of a pile.
func makeReveal(st bot.State, seat int, v bot.Values) (string, error) {
	pl, ok := mr.ParsePile(strings.TrimSpace(v[optPile]))
	if !ok {
		return "", bot.Fail(bot.Invalid, "menara.err.pile", "word", v[optPile])
	}
	return makeStep(st, mr.RevealStep(seat, pl))
}

// makeColumn places a column of a colour on a base.
func makeColumn(st bot.State, seat int, v bot.Values) (string, error) {
	c, ok := mr.ParseColour(strings.TrimSpace(v[optColumn]))
	if !ok {
		return "", bot.Fail(bot.Invalid, "menara.err.colour", "word", v[optColumn])
	}
	b, err := parseBase(v[optBase])
	if err != nil {
		return "", err
	}
	return makeStep(st, mr.ColumnStep(seat, c, b))
}

// makeMove moves a column up.
func makeMove(st bot.State, seat int, v bot.Values) (string, error) {
	from, err := parseBase(v[optFrom])
	if err != nil {
		return "", err
	}
	to, err := parseBase(v[optTo])
	if err != nil {
		return "", err
	}
	return makeStep(st, mr.MoveStep(seat, from, to))
}

// makePlacement makes a floor step of kind (PlaceFloor, Extend or Lift)
// from its placement.
func makePlacement(kind mr.Kind) func(bot.State, int, bot.Values) (string, error) {
	return func(st bot.State, seat int, v bot.Values) (string, error) {
		lifted := mr.NoFloor
		if kind == mr.Lift {
			f, ok := mr.ParseFloor(strings.TrimSpace(v[optFloor]))
			if !ok {
				return "", bot.Fail(bot.Invalid, "menara.err.floor", "word", v[optFloor])
			}
			lifted = f
		}
		step, err := placementStep(positionOf(state(st)), seat, kind, lifted, strings.TrimSpace(v[optPlacement]))
		if err != nil {
			return "", err
		}
		return makeStep(st, step)
	}
}

// makeClosing gives the card up or ends the turn (step), renewing the
// camp or not (read by bot.ReadYes).
func makeClosing(step func(seat int, renew bool) mr.Step) func(bot.State, int, bot.Values) (string, error) {
	return func(st bot.State, seat int, v bot.Values) (string, error) {
		return makeStep(st, step(seat, v[optRenew] == "true"))
	}
}

// parseBase reads a base's name ("K3").
func parseBase(s string) (mr.Base, error) {
	b, ok := mr.ParseBase(s)
	if !ok {
		return mr.Base{}, bot.Fail(bot.Invalid, "menara.err.base", "word", s)
	}
	return b, nil
}

// pileNames are the piles as players type them (bot.Named): the
// record's word, or the colour of a card's or of the pile's in the
// asker's language ("amarilla", "amarillo"); any other word is left for
// makeReveal to refuse.
func pileNames() bot.Named {
	n := bot.Named{Words: []string{"menara.render.pile.", "menara.word.pile."}}
	for pl := mr.Pile(0); pl < mr.NumPiles; pl++ {
		n.Values = append(n.Values, pl.String())
	}
	return n
}

// placementStep reads a floor step of kind (PlaceFloor, Extend or Lift of
// floor lifted) from the placement option: a placement code, as
// autocomplete and the menus give it, or the rest of a record's step
// ("on K2 K4 L1 turn 2 dark", "M on K2 K4 L1 at 3,-1 turn 2", "at 5,-3
// turn 1", "to F1 G2 G4 turn 0").
func placementStep(pos *mr.Position, seat int, kind mr.Kind, lifted mr.FloorID, text string) (mr.Step, error) {
	if text == "" {
		return mr.Step{}, bot.Fail(bot.Invalid, "menara.err.placement", "word", "")
	}
	if notation.IsPlacementCode(text) {
		pl, found := notation.FindPlacement(pos.Placements(nil), text)
		k := pl.Step
		// A floor step's list also offers the extensions.
		if !found || k.Kind != kind && !(kind == mr.PlaceFloor && k.Kind == mr.Extend) || kind == mr.Lift && k.Floor != lifted {
			return mr.Step{}, bot.Fail(rules.Illegal, "menara.err.placement-gone", "word", text)
		}
		s := pl.Step
		s.Seat = uint8(seat)
		return s, nil
	}
	floor := lifted
	if kind != mr.Lift {
		floor = pos.NextFloor()
	}
	return notation.ParsePlacing(seat, kind, floor, strings.Fields(text))
}
