package bot

import (
	"context"
	"slices"

	"github.com/tablebot/tablebot/rules"
)

// ComputerLevels is how every game plugs its computer players in: the
// levels a lobby offers, weakest first, and Play, a level's move in a
// position of the game's engine (P, M and E as its Replay has them). A
// game embeds it and so has Levels and Computer (see Computers). Each seat
// plays with its own seed, SeatSeed, so that a game with computers
// replays exactly.
type ComputerLevels[P, M, E any] struct {
	Offered []rules.Level
	Play    func(ctx context.Context, level rules.Level, seed uint64, pos P) (M, error)
}

// SeatSeed is the seed of a seat's computer player in a game of seed:
// seats 0 to 3 differ in the top byte.
func SeatSeed(seed uint64, seat int) uint64 { return seed ^ uint64(seat+1)<<56 }

// Levels are the level keys a lobby offers ("easy", "medium", "hard").
func (c ComputerLevels[P, M, E]) Levels() []string {
	out := make([]string, len(c.Offered))
	for i, l := range c.Offered {
		out[i] = l.String()
	}
	return out
}

// Computer returns the computer player of a seat at an offered level.
func (c ComputerLevels[P, M, E]) Computer(level string, seed uint64, seat int) (Computer, bool) {
	lv, ok := rules.ParseLevel(level)
	if !ok || !slices.Contains(c.Offered, lv) {
		return nil, false
	}
	return computerPlayer[P, M, E]{play: c.Play, level: lv, seed: SeatSeed(seed, seat)}, true
}

// computerPlayer is one seat's computer player of a ComputerLevels.
type computerPlayer[P, M, E any] struct {
	play  func(ctx context.Context, level rules.Level, seed uint64, pos P) (M, error)
	level rules.Level
	seed  uint64
}

// Move plays the level in the state's position and writes its move.
func (c computerPlayer[P, M, E]) Move(ctx context.Context, st State) (string, error) {
	r := ReplayOf[P, M, E](st)
	m, err := c.play(ctx, c.level, c.seed, r.Position())
	if err != nil {
		return "", err
	}
	return r.Line(m), nil
}
