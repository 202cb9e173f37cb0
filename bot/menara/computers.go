package menara

import (
	"context"
	"errors"
	"slices"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// Teammates are computer teammates and their hints, as the bot uses them:
// rules/menara/ai plugs in here, in cmd/tablebot (menaraTeammates), with an
// adapter of a few lines; the messages of its reasons are under "menara." +
// Reason.Key, and "menara." + Reason.Key + ".renew" for a reason whose
// "renew" argument is true.
//
//	type teammates struct{ opts ai.Options }
//
//	func (teammates) Levels() []string { return []string{"easy", "medium", "hard"} }
//	func (t teammates) Step(ctx context.Context, level string, seed uint64, p *menara.Position) (menara.Step, error) {
//		lv, _ := ai.ParseLevel(level)
//		return ai.New(lv, seed, t.opts).Step(ctx, p), nil
//	}
//	func (teammates) Hint(ctx context.Context, p *menara.Position, seed uint64) (menara.Step, bmenara.Reason) {
//		s, r := ai.Hint(ctx, p, seed)
//		return s, bmenara.Reason{Key: r.Key, Args: r.Args}
//	}
type Teammates interface {
	// Levels are the levels a lobby offers, weakest first ("easy",
	// "medium", "hard").
	Levels() []string
	// Step returns the step a computer of the level takes for the player
	// to act in pos; seed is the seat's (the game's seed and the seat).
	// It depends on the level, the seed and pos only.
	Step(ctx context.Context, level string, seed uint64, pos *mr.Position) (mr.Step, error)
	// Hint returns the step the strongest level would take in pos for the
	// player to act, and why.
	Hint(ctx context.Context, pos *mr.Position, seed uint64) (mr.Step, Reason)
}

// Reason says why a step is worth taking, as data: Key names a message of
// the catalogue (under "menara."), Args fill it.
type Reason struct {
	Key  string
	Args map[string]any
}

// Levels are the computer levels a lobby offers: those of the teammates,
// none without.
func (g *Game) Levels() []string {
	if g.opts.Teammates == nil {
		return nil
	}
	return g.opts.Teammates.Levels()
}

// computer is one seat's computer teammate.
type computer struct {
	t     Teammates
	level string
	seed  uint64
}

// Computer returns the computer teammate of a seat at a level, its seed
// from the game's seed and the seat, so that its steps replay exactly.
func (g *Game) Computer(level string, seed uint64, seat int) (bot.Computer, bool) {
	if g.opts.Teammates == nil || !slices.Contains(g.Levels(), level) {
		return nil, false
	}
	return computer{t: g.opts.Teammates, level: level, seed: seed ^ uint64(seat+1)<<56}, true
}

// Move returns the computer's step as a record line.
func (c computer) Move(ctx context.Context, st bot.State) (string, error) {
	s := state(st)
	step, err := c.t.Step(ctx, c.level, c.seed, positionOf(s))
	if err != nil {
		return "", err
	}
	if int(step.Seat) != positionOf(s).Turn() {
		return "", errors.New("menara: a computer teammate stepped for another seat")
	}
	return s.Line(step), nil
}

// Hint suggests a step to the player to act, with its reason: the
// teammates' strongest level's, or without teammates the engine's own
// (see builtinHint).
func (g *Game) Hint(ctx context.Context, st bot.State, seat int, seed uint64, p *i18n.Printer) (string, error) {
	s := state(st)
	var step mr.Step
	var why Reason
	if g.opts.Teammates != nil {
		step, why = g.opts.Teammates.Hint(ctx, positionOf(s), seed)
	} else {
		step, why = builtinHint(s)
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
	for i, e := range stepEffects(state(st)) {
		switch {
		case e.Step.Kind == mr.Reveal, e.Step.Kind == mr.PlaceFloor, e.Step.Kind == mr.Extend,
			e.TurnOver, e.GameOver, e.Risk.Num > 0:
			from = i + 1
		}
	}
	return from
}
