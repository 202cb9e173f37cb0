package menara

import (
	"context"
	"errors"
	"slices"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
)

// levels are the computer teammates a table offers, weakest first.
// Random is left out: it is a yardstick for the arena, not a teammate
// anyone would pick.
var levels = []ai.Level{ai.Easy, ai.Medium, ai.Hard}

// Levels are the computer teammates a lobby offers (easy, medium, hard);
// none with Options.NoComputers.
func (g *Game) Levels() []string {
	if g.opts.NoComputers {
		return nil
	}
	out := make([]string, len(levels))
	for i, l := range levels {
		out[i] = l.String()
	}
	return out
}

// computer is one seat's computer teammate. A step is a function of the
// level, the seat's seed, the thinking caps and the open position, so a
// game with computers replays exactly; every step asks a fresh player
// (nothing is kept between steps, so a bot hosting many tables holds no
// search memory between turns).
type computer struct {
	level ai.Level
	seed  uint64
	opts  ai.Options
}

// Computer returns the computer teammate of a seat at a level, its seed
// from the game's seed and the seat, so that its steps replay exactly.
func (g *Game) Computer(level string, seed uint64, seat int) (bot.Computer, bool) {
	if !slices.Contains(g.Levels(), level) {
		return nil, false
	}
	lv, _ := ai.ParseLevel(level)
	return computer{level: lv, seed: seed ^ uint64(seat+1)<<56, opts: g.opts.Computers}, true
}

// Move returns the computer's step as a record line.
func (c computer) Move(ctx context.Context, st bot.State) (string, error) {
	s := state(st)
	pos := positionOf(s)
	step := ai.New(c.level, c.seed, c.opts).Step(ctx, pos)
	if int(step.Seat) != pos.Turn() {
		return "", errors.New("menara: a computer teammate stepped for another seat")
	}
	return s.Line(step), nil
}

// Hint suggests a step to the player to act, with its reason: the hard
// teammate's, or with Options.NoComputers the plain one that does not
// look ahead (ai.Plain).
func (g *Game) Hint(ctx context.Context, st bot.State, seat int, seed uint64, p *i18n.Printer) (string, error) {
	s := state(st)
	var step mr.Step
	var why ai.Reason
	if !g.opts.NoComputers {
		step, why = ai.HintWith(ctx, positionOf(s), seed, g.opts.Computers)
	} else {
		step, why = ai.Plain(positionOf(s))
	}
	return hintText(p, positionOf(s), step, why), nil
}

// Resign returns no step: nobody leaves a team. A player who must go hands
// their seat to a computer teammate, where the game offers them.
func (g *Game) Resign(st bot.State, seat int) (string, bool) { return "", false }

// UndoFrom returns the number of steps below which an undo may not go:
// a step after which something was seen that cannot be unseen (a card
// revealed, the next floor of the quarry shown by placing a floor,
// columns drawn at the end of a turn, a shaky hand's roll) stays, and
// so does everything before it. Within a turn, the exchange and the
// columns placed or moved since the reveal may be taken back.
func (g *Game) UndoFrom(st bot.State) int {
	from := 0
	for i, e := range state(st).Effects() {
		switch {
		case e.Step.Kind == mr.Reveal, e.Step.Kind == mr.PlaceFloor, e.Step.Kind == mr.Extend,
			e.TurnOver, e.GameOver, e.Risk.Num > 0:
			from = i + 1
		}
	}
	return from
}
