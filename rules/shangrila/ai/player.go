package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// Defaults for Options fields left zero.
const (
	// DefaultThink is the longest a hard player thinks about one move. It is
	// a safety net: the iteration budget ends a search long before it on
	// the machines the bot runs on.
	DefaultThink = 2 * time.Second
	// DefaultIterations is the hard player's search budget for one move
	// when Think is the default.
	DefaultIterations = 4000
	// DefaultMaxNodes caps the hard player's search tree; see Options.
	DefaultMaxNodes = 50000
	// minIterations keeps a scaled-down search meaningful.
	minIterations = 64
)

// Options tunes a computer player. The zero value gives the defaults.
type Options struct {
	// Think caps the wall-clock time a hard player spends on one move
	// (default DefaultThink). When Iterations is zero, the iteration budget
	// scales with it: DefaultIterations × Think / DefaultThink, at least 64.
	// The cap only cuts a search short on a machine much slower than the
	// one the budget was sized on, and then the move depends on timing.
	Think time.Duration
	// Iterations is the hard player's search budget for one move: how many
	// positions it adds to its tree and plays out. The same budget and seed
	// always give the same move.
	Iterations int
	// MaxNodes caps the hard player's search tree (default DefaultMaxNodes).
	// A node costs 240 bytes, plus 20 bytes per candidate move (at most 20)
	// once the search goes through it, so a tree stays under 640 bytes a
	// node: about 2.6 MB for the default budget, 32 MB at the default cap.
	// Once the tree is full the search goes on playing out from its leaves
	// without growing it.
	MaxNodes int
	// clock, when set, is what the search reads instead of the wall clock
	// (tests of the cap).
	clock func() time.Time
}

// now returns the clock the search reads: the wall clock, or a test's.
func (o Options) now() func() time.Time {
	if o.clock != nil {
		return o.clock
	}
	return time.Now
}

// think returns the wall-clock cap.
func (o Options) think() time.Duration {
	if o.Think > 0 {
		return o.Think
	}
	return DefaultThink
}

// iterations returns the search budget.
func (o Options) iterations() int {
	if o.Iterations > 0 {
		return o.Iterations
	}
	if o.Think <= 0 {
		return DefaultIterations
	}
	n := int(int64(DefaultIterations) * int64(o.Think) / int64(DefaultThink))
	return max(n, minIterations)
}

// maxNodes returns the node cap.
func (o Options) maxNodes() int {
	if o.MaxNodes > 0 {
		return o.MaxNodes
	}
	return DefaultMaxNodes
}

// Player is a computer player. Its move depends only on its level, seed,
// options and the position (never on earlier calls or on other players),
// so a game with computer players replays exactly, also across restarts.
// A Player holds no mutable state: one value may serve a seat for a whole
// game and may be used from several goroutines at once.
type Player interface {
	// Level returns the player's level.
	Level() Level
	// Move returns a legal move for the player to move in p; p is not
	// changed. When the only legal move is Pass it returns it at once. When
	// ctx is done it returns the best move found so far. When the game is
	// over it returns a Pass of NoColour, which no position accepts.
	Move(ctx context.Context, p *shangrila.Position) shangrila.Move
}

// New returns a computer player of the given level whose choices are drawn
// from seed. Options matter to the hard level only.
func New(level Level, seed uint64, opts Options) Player {
	switch level {
	case Easy:
		return easy{seed}
	case Medium:
		return medium{seed}
	case Hard:
		return hard{seed: seed, opts: opts}
	}
	return random{seed}
}

// rngFor returns the random source for one move: drawn from the seed and
// the position, so that the move does not depend on what came before.
func rngFor(seed uint64, b *board) *rand.Rand {
	return rand.New(rand.NewPCG(seed, b.key()))
}

// random plays uniformly random legal moves.
type random struct{ seed uint64 }

func (r random) Level() Level { return Random }

func (r random) Move(_ context.Context, p *shangrila.Position) shangrila.Move {
	var b board
	b.read(p)
	return p.RandomMove(rngFor(r.seed, &b))
}
