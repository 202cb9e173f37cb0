package menara

import (
	"context"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// Steps of the buttons under a board; each opens a private menu chain or
// question.
const (
	stepExchange = "ex" // exchange: what to give
	stepReveal   = "rv" // reveal (arg: pile): are you sure, and what the pile holds
	stepPlace    = "pl" // place a column: which colour
	stepFloor    = "fl" // place the new floor: where
	stepMove     = "mv" // move a column: which
	stepLift     = "lf" // move a floor: which
	stepGiveUp   = "gu" // give up the card: renewing the camp or not
	stepDone     = "dn" // end the turn: renewing the camp or not
)

// Steps of the menu chains.
const (
	stepGive      = "eg" // exchange: given chosen (values); what to take
	stepTake      = "et" // exchange: taken chosen (arg: given; values): the step
	stepColour    = "pc" // place: colour chosen (value); which base
	stepBase      = "pb" // place: base chosen (arg: colour; value): the step
	stepFrom      = "mf" // move: column chosen (value); where to
	stepTo        = "mt" // move: target chosen (arg: from; value): the step
	stepLiftFloor = "lp" // move a floor: floor chosen (value); where to
	stepPlacement = "fp" // a place chosen (args: list, floor, page; value: code): the preview
	stepPage      = "pg" // a list's page (args: list, floor or colour or base, page)
	stepConfirm   = "ok" // a step confirmed (arg: its step code): made
)

// Act makes the step of a slash command, or answers a step of a menu
// chain.
func (g *Game) Act(ctx context.Context, a *bot.Act) (bot.Outcome, error) {
	s := state(a.State)
	c := &chain{g: g, s: s, pos: s.Position(), seat: a.Seat, p: a.Printer, req: a.Request, board: a.Board, names: a.Names}
	if a.Action == nil {
		step, err := stepOf(&c.pos, a.Seat, a.Command, a.Request.Options, a.Printer)
		if err != nil {
			return bot.Outcome{}, err
		}
		return c.make(step, a.Request.Option(optConfirm) != "", false)
	}
	return c.step(*a.Action)
}

// chain is what every step of a menu chain needs: the game and its state,
// the asker's seat, language and request, and the board's action to build
// custom ids from.
type chain struct {
	g     *Game
	s     *State
	pos   mr.Position
	seat  int
	p     *i18n.Printer
	req   *bot.Request
	board bot.Action
	names []string
}

// make makes step, unless it would bring the temple down and is not
// confirmed: then it asks once more, privately (update: in place of the
// menu it came from).
func (c *chain) make(step mr.Step, confirmed, update bool) (bot.Outcome, error) {
	_, e, err := c.pos.Preview(step)
	if err != nil {
		return bot.Outcome{}, err
	}
	if e.Collapse && !confirmed {
		return c.reply(c.warning(step, &e), update), nil
	}
	return bot.Outcome{Move: c.s.Line(e.Step)}, nil
}

// reply wraps a message as a private answer: a new message, or the menu
// updated.
func (c *chain) reply(m bot.Message, update bool) bot.Outcome {
	return bot.Outcome{Reply: bot.Reply{Private: !update, Update: update, Message: m}}
}

// step answers one component of a chain; a step no chain has is a stale
// component.
func (c *chain) step(a bot.Action) (bot.Outcome, error) {
	answer, ok := chainSteps[a.Step]
	if !ok {
		return bot.Outcome{}, bot.BadComponent()
	}
	return answer(c, a)
}

// chainSteps answer each step of the chains: the buttons under a board
// open a menu or a question; the menus and their buttons read what was
// chosen and go on, or make the step.
var chainSteps = map[string]func(c *chain, a bot.Action) (bot.Outcome, error){
	stepExchange: func(c *chain, _ bot.Action) (bot.Outcome, error) { return c.giveMenu() },
	stepReveal:   func(c *chain, a bot.Action) (bot.Outcome, error) { return c.revealQuestion(a.Arg(0)) },
	stepPlace:    func(c *chain, _ bot.Action) (bot.Outcome, error) { return c.colourMenu() },
	stepFloor: func(c *chain, _ bot.Action) (bot.Outcome, error) {
		return c.placementList(listNew, mr.NoFloor, 0, false)
	},
	stepMove:      func(c *chain, _ bot.Action) (bot.Outcome, error) { return c.fromList(0, false) },
	stepLift:      func(c *chain, _ bot.Action) (bot.Outcome, error) { return c.liftMenu() },
	stepGiveUp:    func(c *chain, _ bot.Action) (bot.Outcome, error) { return c.closingQuestion(mr.GiveUp), nil },
	stepDone:      func(c *chain, _ bot.Action) (bot.Outcome, error) { return c.closingQuestion(mr.Done), nil },
	stepGive:      func(c *chain, _ bot.Action) (bot.Outcome, error) { return c.takeMenu() },
	stepTake:      func(c *chain, a bot.Action) (bot.Outcome, error) { return c.exchanged(a.Arg(0)) },
	stepColour:    (*chain).colourChosen,
	stepBase:      (*chain).baseChosen,
	stepFrom:      (*chain).fromChosen,
	stepTo:        (*chain).toChosen,
	stepLiftFloor: (*chain).liftFloorChosen,
	stepPlacement: (*chain).placementChosen,
	stepPage: func(c *chain, a bot.Action) (bot.Outcome, error) {
		return c.page(a.Arg(0), a.Arg(1), atoi(a.Arg(2)))
	},
	stepConfirm: (*chain).confirmed,
}

// colourChosen lists the bases for the colour of column chosen.
func (c *chain) colourChosen(bot.Action) (bot.Outcome, error) {
	v, ok := c.value()
	col, ok2 := mr.ParseColour(v)
	if !ok || !ok2 {
		return bot.Outcome{}, bot.BadComponent()
	}
	return c.baseList(col, 0)
}

// baseChosen places the column of the chain's colour (arg 0) on the base
// chosen.
func (c *chain) baseChosen(a bot.Action) (bot.Outcome, error) {
	col, ok1 := mr.ParseColour(a.Arg(0))
	b, ok2 := c.chosenBase()
	if !ok1 || !ok2 {
		return bot.Outcome{}, bot.BadComponent()
	}
	return c.make(mr.ColumnStep(c.seat, col, b), false, true)
}

// fromChosen lists where the column chosen may move.
func (c *chain) fromChosen(bot.Action) (bot.Outcome, error) {
	from, ok := c.chosenBase()
	if !ok {
		return bot.Outcome{}, bot.BadComponent()
	}
	return c.toList(from, 0)
}

// toChosen moves the chain's column (arg 0) to the base chosen.
func (c *chain) toChosen(a bot.Action) (bot.Outcome, error) {
	from, ok1 := mr.ParseBase(a.Arg(0))
	to, ok2 := c.chosenBase()
	if !ok1 || !ok2 {
		return bot.Outcome{}, bot.BadComponent()
	}
	return c.make(mr.MoveStep(c.seat, from, to), false, true)
}

// liftFloorChosen lists where the floor chosen may move.
func (c *chain) liftFloorChosen(bot.Action) (bot.Outcome, error) {
	v, ok := c.value()
	f, ok2 := mr.ParseFloor(v)
	if !ok || !ok2 {
		return bot.Outcome{}, bot.BadComponent()
	}
	return c.placementList(listLift, f, 0, true)
}

// placementChosen previews the place chosen in a list (args: the list,
// its floor, its page).
func (c *chain) placementChosen(a bot.Action) (bot.Outcome, error) {
	v, ok := c.value()
	if !ok {
		return bot.Outcome{}, bot.BadComponent()
	}
	return c.preview(a.Arg(0), a.Arg(1), atoi(a.Arg(2)), v)
}

// confirmed makes the step of the code (arg 0) confirmed, even if it
// brings the temple down: the player was warned.
func (c *chain) confirmed(a bot.Action) (bot.Outcome, error) {
	step, err := c.decodeStep(a.Arg(0))
	if err != nil {
		return bot.Outcome{}, err
	}
	return c.make(step, true, true)
}

// chosenBase reads the one base chosen in a menu.
func (c *chain) chosenBase() (mr.Base, bool) {
	v, ok := c.value()
	b, ok2 := mr.ParseBase(v)
	return b, ok && ok2
}

// value returns the one value chosen in a menu.
func (c *chain) value() (string, bool) {
	if len(c.req.Values) != 1 {
		return "", false
	}
	return c.req.Values[0], true
}

// atoi reads a page number; 0 for anything else.
func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// A step code names a step of the asker's in a custom id (the Do it and
// Confirm buttons): a placement code for a floor step, "cRK2" for a red
// column on K2, "mK2-M3" for a move, "r0" to "r2" for a reveal, "g0" and
// "g1" for giving up (1: renewing the camp), "d0" and "d1" for done.
func stepCode(s mr.Step) string {
	switch s.Kind {
	case mr.PlaceColumn:
		return "c" + string(s.Colour.Letter()) + s.To.String()
	case mr.MoveColumn:
		return "m" + s.From.String() + "-" + s.To.String()
	case mr.Reveal:
		return "r" + strconv.Itoa(int(s.Pile))
	case mr.GiveUp, mr.Done:
		code := "g"
		if s.Kind == mr.Done {
			code = "d"
		}
		if s.Renew {
			return code + "1"
		}
		return code + "0"
	case mr.PlaceFloor, mr.Extend, mr.Lift:
		return placementCode(s)
	}
	return ""
}

// decodeStep reads a step code for the asker.
func (c *chain) decodeStep(code string) (mr.Step, error) {
	bad := bot.BadComponent()
	if code == "" {
		return mr.Step{}, bad
	}
	switch code[0] {
	case 'c':
		if len(code) < 3 {
			return mr.Step{}, bad
		}
		col, ok1 := mr.ParseColour(code[1:2])
		b, ok2 := mr.ParseBase(code[2:])
		if !ok1 || !ok2 {
			return mr.Step{}, bad
		}
		return mr.ColumnStep(c.seat, col, b), nil
	case 'm':
		from, to, ok := strings.Cut(code[1:], "-")
		f, ok1 := mr.ParseBase(from)
		t, ok2 := mr.ParseBase(to)
		if !ok || !ok1 || !ok2 {
			return mr.Step{}, bad
		}
		return mr.MoveStep(c.seat, f, t), nil
	case 'r':
		n := atoi(code[1:])
		if len(code) != 2 || n >= mr.NumPiles {
			return mr.Step{}, bad
		}
		return mr.RevealStep(c.seat, mr.Pile(n)), nil
	case 'g', 'd':
		if len(code) != 2 || code[1] != '0' && code[1] != '1' {
			return mr.Step{}, bad
		}
		if code[0] == 'g' {
			return mr.GiveUpStep(c.seat, code[1] == '1'), nil
		}
		return mr.DoneStep(c.seat, code[1] == '1'), nil
	case codeFloor, codeExtend, codeLift:
		pl, ok := placementFor(&c.pos, code)
		if !ok {
			return mr.Step{}, illegal("menara.err.placement-gone", "word", code)
		}
		s := pl.Step
		s.Seat = uint8(c.seat)
		return s, nil
	}
	return mr.Step{}, bad
}
