package menara

import (
	"context"
	"errors"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
)

// computers are the computer teammates a table offers, weakest first,
// none with Options.NoComputers. Random is left out: it is a yardstick
// for the arena, not a teammate anyone would pick. A step is a function of
// the level, the seat's seed, the thinking caps and the open position, so
// a game with computers replays exactly; every step asks a fresh player
// (a bot hosting many tables holds no search memory between turns).
func computers(opts Options) bot.ComputerLevels[mr.Position, mr.Step, *mr.Effects] {
	c := bot.ComputerLevels[mr.Position, mr.Step, *mr.Effects]{Play: func(ctx context.Context, lv rules.Level, seed uint64, pos mr.Position) (mr.Step, error) {
		step := ai.New(lv, seed, opts.Computers).Step(ctx, &pos)
		if int(step.Seat) != pos.Turn() {
			return step, errors.New("menara: a computer teammate stepped for another seat")
		}
		return step, nil
	}}
	if !opts.NoComputers {
		c.Offered = []rules.Level{ai.Easy, ai.Medium, ai.Hard}
	}
	return c
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
// a step after which something was seen that cannot be unseen
// (mr.Effects.Shown: a card revealed, the next floor of the quarry,
// columns drawn, a shaky hand's roll) stays, and so does everything
// before it. Within a turn, the exchange and the columns placed or moved
// since the reveal may be taken back.
func (g *Game) UndoFrom(st bot.State) int {
	from := 0
	for i, e := range state(st).Effects() {
		if e.Shown() {
			from = i + 1
		}
	}
	return from
}
