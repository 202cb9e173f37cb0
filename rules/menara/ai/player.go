package ai

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/tablebot/tablebot/rules/menara"
)

// Defaults for Options fields left zero.
const (
	// DefaultThink is the longest a computer thinks about one step. It is a
	// safety net: the node cap ends a search long before it on the
	// machines the bot runs on.
	DefaultThink = 2 * time.Second
	// DefaultNodes caps the positions a hard step looks at: every step
	// tried counts 1, every 16 positions of a new floor the engine lists
	// count 1, and a value remembered from an earlier step counts its
	// nodes again, so that the cap cuts the same search at the same place
	// either way. One node may overrun the cap by the positions of a new
	// floor (a few tens).
	DefaultNodes = 200000
)

// Options tunes a computer player. The zero value gives the defaults.
type Options struct {
	// Think caps the wall-clock time of one step (default DefaultThink).
	// Only when it cuts a search short does a step depend on the machine.
	Think time.Duration
	// Nodes caps the positions one step looks at (default DefaultNodes).
	// The same cap, seed and position always give the same step.
	Nodes int
}

func (o Options) think() time.Duration {
	if o.Think > 0 {
		return o.Think
	}
	return DefaultThink
}

func (o Options) nodes() int {
	if o.Nodes > 0 {
		return o.Nodes
	}
	return DefaultNodes
}

// Player is a computer teammate. Its step depends only on its level, seed,
// options and what is open in the position (never on the hidden order of
// the piles, the quarry or the bag, nor on earlier calls), so a game with
// computer players replays exactly, also across restarts. A Player may
// remember values between the steps of one turn to save time; it is safe
// for use from several goroutines.
type Player interface {
	// Level returns the player's level.
	Level() Level
	// Step returns a legal step for the player to act in p; p is not
	// changed. When ctx is done it returns the best step found so far.
	// When the game is over it returns the zero Step, which no position
	// accepts.
	Step(ctx context.Context, p *menara.Position) menara.Step
}

// New returns a computer player of the given level whose choices are drawn
// from seed.
func New(level Level, seed uint64, opts Options) Player {
	switch level {
	case Easy:
		return newPlanner(Easy, seed, opts, &easyParams)
	case Medium:
		return newPlanner(Medium, seed, opts, &mediumParams)
	case Hard:
		return newPlanner(Hard, seed, opts, &hardParams)
	}
	return random{seed}
}

// The levels' widths.
var (
	hardParams   = params{beam: 5, fastBeam: 2, floors: 2, fastFloors: 1, exchanges: 6, w: defaultWeights}
	mediumParams = params{beam: 3, fastBeam: 1, floors: 1, fastFloors: 1, exchanges: 2, w: defaultWeights}
	easyParams   = params{beam: 1, fastBeam: 1, floors: 1, fastFloors: 1, exchanges: 0, w: defaultWeights}
)

// random plays uniformly random legal steps.
type random struct{ seed uint64 }

func (r random) Level() Level { return Random }

func (r random) Step(_ context.Context, p *menara.Position) menara.Step {
	if p.Phase() == menara.Over {
		return menara.Step{}
	}
	return p.RandomStep(rand.New(rand.NewPCG(r.seed, openKey(p))))
}

// openKey returns a hash of what is open in p, enough to tell apart the
// positions of one game.
func openKey(p *menara.Position) uint64 {
	h := mix(turnKey(p), uint64(p.Stage()))
	h = mix(h, uint64(p.Progress()))
	h = mix(h, uint64(p.Quarry()))
	h = mix(h, uint64(p.Columns().Len()))
	h = mixColumns(h, p.Camp())
	h = mixColumns(h, p.Hand(p.Turn()))
	if p.Exchanged() {
		h = mix(h, 1)
	}
	return h
}

// planner is the easy, medium and hard levels: they differ in how widely
// they look.
type planner struct {
	level Level
	seed  uint64
	opts  Options
	prm   *params

	mu sync.Mutex
	// memo remembers search values for the turn named turn; it is dropped
	// when another turn comes.
	memo map[memoKey]memoEntry
	turn uint64
	eval evaluator
}

func newPlanner(l Level, seed uint64, opts Options, prm *params) *planner {
	return &planner{level: l, seed: seed, opts: opts, prm: prm}
}

func (pl *planner) Level() Level { return pl.level }

// maxMemo bounds the values a player remembers (about 1.4 kB each).
const maxMemo = 20000

func (pl *planner) Step(ctx context.Context, p *menara.Position) menara.Step {
	st, _ := pl.step(ctx, p)
	return st
}

// stepStats says how a step's search went: the nodes it counted, and
// whether the node cap, the clock or ctx cut it short.
type stepStats struct {
	nodes int
	cut   bool
}

func (pl *planner) step(ctx context.Context, p *menara.Position) (menara.Step, stepStats) {
	if p.Phase() == menara.Over {
		return menara.Step{}, stepStats{}
	}
	pl.mu.Lock()
	defer pl.mu.Unlock()
	if k := mix(pl.seed, turnKey(p)); pl.memo == nil || pl.turn != k || len(pl.memo) > maxMemo {
		pl.memo, pl.turn = map[memoKey]memoEntry{}, k
		pl.eval = evaluator{w: &pl.prm.w}
	}
	s := search{ctx: ctx, deadline: time.Now().Add(pl.opts.think()), prm: pl.prm, memo: pl.memo, eval: &pl.eval, cap: pl.opts.nodes()}
	st := s.step(p, pl.seed)
	return st, stepStats{s.nodes, s.cut}
}

// step returns the search's step for the player to act in p.
func (s *search) step(p *menara.Position, seed uint64) menara.Step {
	smp := newSample(seed, p)
	if p.Stage() == menara.Exchanging {
		c := s.choose(p, &smp, s.prm.exchanges)
		if c.exchange.Kind == menara.Exchange {
			return c.exchange
		}
		return menara.RevealStep(p.Turn(), c.pile)
	}
	w := smp.world(p)
	_, st := s.value(&w, fullMode)
	return st
}
