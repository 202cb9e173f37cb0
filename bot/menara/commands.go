package menara

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// The game's own subcommands: its steps.
const (
	cmdExchange = "exchange"
	cmdReveal   = "reveal"
	cmdPlace    = "place"
	cmdFloor    = "floor"
	cmdMove     = "move"
	cmdLift     = "lift"
	cmdExtend   = "extend"
	cmdGiveUp   = "giveup"
	cmdDone     = "done"
)

// Options of the subcommands.
const (
	optGive      = "give"
	optTake      = "take"
	optPile      = "pile"
	optColumn    = "column"
	optBase      = "base"
	optPlacement = "placement"
	optFrom      = "from"
	optTo        = "to"
	optFloor     = "floor"
	optRenew     = "renew"
	// optConfirm is set by the terminal for a step typed as a record line,
	// which is made as it stands, even when it brings the temple down; no
	// slash command has it.
	optConfirm = "confirm"
)

// Commands are the steps of /menara.
func (g *Game) Commands() []bot.CommandSpec {
	auto := func(name string) bot.OptionSpec {
		return bot.OptionSpec{Name: name, Type: bot.StringOption, Required: true, Autocomplete: true}
	}
	renew := bot.OptionSpec{Name: optRenew, Type: bot.BooleanOption}
	piles := make([]bot.OptionChoice, mr.NumPiles)
	for pl := mr.Pile(0); pl < mr.NumPiles; pl++ {
		piles[pl] = bot.OptionChoice{Label: "menara.choice.pile." + pl.String(), Value: pl.String()}
	}
	return []bot.CommandSpec{
		{Name: cmdExchange, Options: []bot.OptionSpec{auto(optGive), auto(optTake)}},
		{Name: cmdReveal, Options: []bot.OptionSpec{{Name: optPile, Type: bot.StringOption, Required: true, Choices: piles}}},
		{Name: cmdPlace, Options: []bot.OptionSpec{auto(optColumn), auto(optBase)}},
		{Name: cmdFloor, Options: []bot.OptionSpec{auto(optPlacement)}},
		{Name: cmdMove, Options: []bot.OptionSpec{auto(optFrom), auto(optTo)}},
		{Name: cmdLift, Options: []bot.OptionSpec{auto(optFloor), auto(optPlacement)}},
		{Name: cmdExtend, Options: []bot.OptionSpec{auto(optPlacement)}},
		{Name: cmdGiveUp, Options: []bot.OptionSpec{renew}},
		{Name: cmdDone, Options: []bot.OptionSpec{renew}},
	}
}

// stepOf reads the step of a subcommand from its options, for seat.
func stepOf(pos *mr.Position, seat int, command string, opts map[string]string, p *i18n.Printer) (mr.Step, error) {
	opt := func(name string) string { return strings.TrimSpace(opts[name]) }
	switch command {
	case cmdExchange:
		give, ok := mr.ParseColumns(opt(optGive))
		if !ok {
			return mr.Step{}, fail("menara.err.columns", "word", clip(opt(optGive)))
		}
		take, ok := mr.ParseColumns(opt(optTake))
		if !ok {
			return mr.Step{}, fail("menara.err.columns", "word", clip(opt(optTake)))
		}
		return mr.ExchangeStep(seat, give, take), nil
	case cmdReveal:
		pl, ok := parsePile(p, opt(optPile))
		if !ok {
			return mr.Step{}, fail("menara.err.pile", "word", clip(opt(optPile)))
		}
		return mr.RevealStep(seat, pl), nil
	case cmdPlace:
		c, ok := parseColour(p, opt(optColumn))
		if !ok {
			return mr.Step{}, fail("menara.err.colour", "word", clip(opt(optColumn)))
		}
		b, err := parseBase(opt(optBase))
		if err != nil {
			return mr.Step{}, err
		}
		return mr.ColumnStep(seat, c, b), nil
	case cmdMove:
		from, err := parseBase(opt(optFrom))
		if err != nil {
			return mr.Step{}, err
		}
		to, err := parseBase(opt(optTo))
		if err != nil {
			return mr.Step{}, err
		}
		return mr.MoveStep(seat, from, to), nil
	case cmdFloor:
		return placementStep(pos, seat, mr.PlaceFloor, mr.NoFloor, opt(optPlacement))
	case cmdExtend:
		return placementStep(pos, seat, mr.Extend, mr.NoFloor, opt(optPlacement))
	case cmdLift:
		f, ok := mr.ParseFloor(opt(optFloor))
		if !ok {
			return mr.Step{}, fail("menara.err.floor", "word", clip(opt(optFloor)))
		}
		return placementStep(pos, seat, mr.Lift, f, opt(optPlacement))
	case cmdGiveUp:
		return mr.GiveUpStep(seat, yes(opt(optRenew))), nil
	case cmdDone:
		return mr.DoneStep(seat, yes(opt(optRenew))), nil
	}
	return mr.Step{}, bot.BadComponent()
}

// yes reads a boolean option: true (from Discord), or renew as typed.
func yes(s string) bool {
	switch strings.ToLower(s) {
	case "true", "yes", "renew", "1", "renovar", "rinnova":
		return true
	}
	return false
}

// parseBase reads a base's name ("K3").
func parseBase(s string) (mr.Base, error) {
	b, ok := mr.ParseBase(s)
	if !ok {
		return mr.Base{}, fail("menara.err.base", "word", clip(s))
	}
	return b, nil
}

// parseColour reads a colour by its letter, its English name or its name
// in the printer's language.
func parseColour(p *i18n.Printer, s string) (mr.Colour, bool) {
	if c, ok := mr.ParseColour(s); ok {
		return c, true
	}
	for _, c := range mr.Colours {
		if strings.EqualFold(s, ColourName(p, c)) {
			return c, true
		}
	}
	return 0, false
}

// parsePile reads a pile by its English name or its name in the
// printer's language.
func parsePile(p *i18n.Printer, s string) (mr.Pile, bool) {
	if pl, ok := mr.ParsePile(s); ok {
		return pl, true
	}
	for pl := mr.Pile(0); pl < mr.NumPiles; pl++ {
		if strings.EqualFold(s, PileName(p, pl)) || strings.EqualFold(s, pileWord(p, pl)) {
			return pl, true
		}
	}
	return 0, false
}

// placementStep reads a floor step of kind (PlaceFloor, Extend or Lift of
// floor lifted) from the placement option: a placement code, as
// autocomplete and the menus give it, or the rest of a record's step
// ("on K2 K4 L1 turn 2 dark", "M on K2 K4 L1 at 3,-1 turn 2", "at 5,-3
// turn 1", "to F1 G2 G4 turn 0").
func placementStep(pos *mr.Position, seat int, kind mr.Kind, lifted mr.FloorID, text string) (mr.Step, error) {
	if text == "" {
		return mr.Step{}, fail("menara.err.placement", "word", "")
	}
	if k, ok := parseCode(text); ok {
		pl, found := placementFor(pos, text)
		// A floor step's list also offers the extensions.
		if !found || k.kind != kind && !(kind == mr.PlaceFloor && k.kind == mr.Extend) || kind == mr.Lift && k.floor != lifted {
			return mr.Step{}, illegal("menara.err.placement-gone", "word", clip(text))
		}
		s := pl.Step
		s.Seat = uint8(seat)
		return s, nil
	}
	words := strings.Fields(text)
	var record []string
	switch kind {
	case mr.Lift:
		record = append([]string{"lift", lifted.String()}, words...)
		if len(words) > 0 && strings.EqualFold(words[0], lifted.String()) {
			record = append([]string{"lift"}, words...)
		}
	case mr.Extend:
		record = append([]string{"extend", pos.NextFloor().String()}, words...)
		if len(words) > 0 && !strings.EqualFold(words[0], "at") {
			record = append([]string{"extend"}, words...)
		}
	default:
		record = append([]string{"floor", pos.NextFloor().String()}, words...)
		if len(words) > 0 && !strings.EqualFold(words[0], "on") {
			record = append([]string{"floor"}, words...)
		}
	}
	s, err := notation.ParseAction(seat, record)
	if err != nil {
		return mr.Step{}, rekey(err)
	}
	return s, nil
}
