package main

import (
	"context"
	"fmt"
	"slices"

	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
)

// menaraLevels are the computer teammates a table offers, weakest first.
// Random is left out: it is a yardstick for the arena, not a teammate
// anyone would pick.
var menaraLevels = []string{ai.Easy.String(), ai.Medium.String(), ai.Hard.String()}

// menaraTeammates plugs rules/menara/ai into the bot (bmenara.Teammates):
// the computer teammates of the lobby and of a hand-over, and the hard
// level's hints. A step is a function of the level, the seat's seed, opts
// and the open position, so a game with computers replays exactly; every
// step asks a fresh player (nothing is kept between steps, so a bot
// hosting many tables holds no search memory between turns).
type menaraTeammates struct {
	// opts caps a step's and a hint's thinking: ai.Options defaults (2 s,
	// a node cap) for the bot, --think in the terminal.
	opts ai.Options
}

var _ bmenara.Teammates = menaraTeammates{}

// Levels returns easy, medium and hard.
func (menaraTeammates) Levels() []string { return slices.Clone(menaraLevels) }

// Step returns the step of a computer teammate of level for the player to
// act in p.
func (t menaraTeammates) Step(ctx context.Context, level string, seed uint64, p *menara.Position) (menara.Step, error) {
	lv, ok := ai.ParseLevel(level)
	if !ok || !slices.Contains(menaraLevels, lv.String()) {
		return menara.Step{}, fmt.Errorf("menara: no computer teammate of level %q", level)
	}
	return ai.New(lv, seed, t.opts).Step(ctx, p), nil
}

// Hint returns the hard level's step for the player to act in p, and its
// reason, thinking as the teammates do (opts).
func (t menaraTeammates) Hint(ctx context.Context, p *menara.Position, seed uint64) (menara.Step, bmenara.Reason) {
	s, r := ai.HintWith(ctx, p, seed, t.opts)
	return s, bmenara.Reason{Key: r.Key, Args: r.Args}
}
