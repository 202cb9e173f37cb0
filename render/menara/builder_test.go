package menara_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
)

// The tests need temples that random play never builds (random teams lose
// nearly every game, mostly in a collapse before the second level): a
// builder plays a seeded game with a simple greedy team that builds high
// and keeps the temple standing, and stops where a test wants.

// game is a position reached by play, with the effects of its last step.
type game struct {
	pos  menara.Position
	last *menara.Effects
	seed uint64
}

// stopFunc says where a builder's game should stop: given the position
// after a step and that step's effects.
type stopFunc func(p *menara.Position, e *menara.Effects) bool

// build plays greedy games from seed on (seed, seed+1, ... up to tries
// games) until one reaches stop, and returns that position. Searching
// seeds keeps the tests working when the engine's data is tuned: a seed
// that no longer gets there is skipped, not a failure.
func build(tb testing.TB, o menara.Options, seed uint64, tries int, stop stopFunc) game {
	tb.Helper()
	for s := seed; s < seed+uint64(tries); s++ {
		if g, ok := play(tb, o, s, stop); ok {
			return g
		}
	}
	tb.Fatalf("no greedy game of seeds %d to %d reached the position wanted", seed, seed+uint64(tries)-1)
	return game{}
}

// play plays one greedy game of seed until stop, and reports whether it
// got there before the game ended (a stop that accepts the last step of
// a game gets there too).
func play(tb testing.TB, o menara.Options, seed uint64, stop stopFunc) (game, bool) {
	tb.Helper()
	p, err := menara.NewPosition(o, seed)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d656e))
	for p.Phase() != menara.Over {
		s := greedyStep(&p, rng)
		next, e, err := p.Apply(s)
		if err != nil {
			tb.Fatalf("seed %d: greedy step %v is illegal: %v", seed, s, err)
		}
		p = next
		if stop(&p, &e) {
			return game{pos: p, last: &e, seed: seed}, true
		}
	}
	return game{}, false
}

// apply plays step s in g's position, failing the test when it is illegal.
func (g game) apply(tb testing.TB, s menara.Step) game {
	tb.Helper()
	next, e, err := g.pos.Apply(s)
	if err != nil {
		tb.Fatalf("%v: %v", s, err)
	}
	return game{pos: next, last: &e, seed: g.seed}
}

// greedyStep is the builders' team: exchange for the colours the temple
// wants, reveal from the easiest pile left, place the column that builds
// highest without a collapse (a one-floor or fill card on a floor it can
// finish), put a new floor as high as it can, give up when nothing fits.
func greedyStep(p *menara.Position, rng *rand.Rand) menara.Step {
	seat := p.Turn()
	switch p.Stage() {
	case menara.Exchanging:
		if !p.Exchanged() {
			if s, ok := bestExchange(p); ok {
				return s
			}
		}
		for _, pl := range []menara.Pile{menara.BluePile, menara.YellowPile, menara.RedPile} {
			if p.PileLeft(pl) > 0 {
				return menara.RevealStep(seat, pl)
			}
		}
	case menara.Closing:
		return menara.DoneStep(seat, false)
	case menara.NewFloor:
		pls := p.Placements(nil)
		best := -1
		for i, pl := range pls {
			if pl.Collapse || pl.Extension {
				continue
			}
			if best < 0 || pl.Level > pls[best].Level {
				best = i
			}
		}
		if best >= 0 {
			return pls[best].Step
		}
		for _, pl := range pls {
			if pl.Extension {
				return pl.Step
			}
		}
		return menara.GiveUpStep(seat, false)
	}
	var best menara.Step
	bestScore := math.Inf(-1)
	card, _ := p.Card()
	for _, s := range p.LegalSteps(nil) {
		if s.Kind != menara.PlaceColumn && s.Kind != menara.MoveColumn {
			continue
		}
		score, ok := stepScore(p, s)
		if !ok {
			continue
		}
		if s.Kind == menara.PlaceColumn && !p.Chosen().Valid() && (card.Type == menara.OneFloorCard || card.Type == menara.FillCard) &&
			canFinish(p, s.To.Floor, card) {
			score += 1000
		}
		if score += rng.Float64(); score > bestScore {
			best, bestScore = s, score
		}
	}
	if !math.IsInf(bestScore, -1) {
		return best
	}
	return menara.GiveUpStep(seat, false)
}

// stepScore rates a column step: higher floors first, filling a floor
// (which brings a new one), then the least margin it leaves; false for a
// step that collapses the temple.
func stepScore(p *menara.Position, s menara.Step) (float64, bool) {
	_, e, err := p.Preview(s)
	if err != nil || e.Collapse {
		return 0, false
	}
	score := float64(p.Level(s.To.Floor)) * 100
	if e.Filled.Valid() {
		score += 50
	}
	worst := math.Inf(1)
	for _, m := range e.Margins() {
		if m.HasAfter {
			worst = math.Min(worst, float64(m.After))
		}
	}
	if !math.IsInf(worst, 1) {
		score += math.Min(worst, 20000) / 1000
	}
	return score, true
}

// canFinish reports whether the hand holds the columns card c needs on
// floor f.
func canFinish(p *menara.Position, f menara.FloorID, c menara.Card) bool {
	h := p.Hand(p.Turn())
	var empty menara.Columns
	n := 0
	for i, s := range p.FloorBases(f) {
		if !p.Column(menara.Base{Floor: f, N: uint8(i + 1)}) {
			empty[s.Colour]++
			n++
		}
	}
	can := 0
	for col := range h {
		can += min(int(h[col]), int(empty[col]))
	}
	if c.Type == menara.FillCard {
		return can == n
	}
	return can >= int(c.N)
}

// wanted rates a hand by the empty bases it could fill, higher floors
// counting more.
func wanted(p *menara.Position, h menara.Columns) int {
	var need [menara.NumColours]int
	for _, f := range p.PlacedFloors() {
		if p.Fallen(f) {
			continue
		}
		for i, s := range p.FloorBases(f) {
			if !p.Column(menara.Base{Floor: f, N: uint8(i + 1)}) {
				need[s.Colour] += 1 + p.Level(f)
			}
		}
	}
	n := 0
	for c := range h {
		n += min(int(h[c]), 4) * need[c]
		if h[c] > 0 && need[c] > 0 {
			n += 5
		}
	}
	return n
}

// bestExchange returns the exchange that most improves the hand, if any.
func bestExchange(p *menara.Position) (menara.Step, bool) {
	base := wanted(p, p.Hand(p.Turn()))
	var best menara.Step
	bestN := base
	for _, s := range p.LegalSteps(nil) {
		if s.Kind != menara.Exchange {
			continue
		}
		h := p.Hand(p.Turn())
		for c := range h {
			h[c] = h[c] - s.Give[c] + s.Take[c]
		}
		if n := wanted(p, h); n > bestN {
			best, bestN = s, n
		}
	}
	return best, bestN > base
}

// The stops the tests use.

// midGame stops at the first column placed once the temple is at least
// height levels high with at least floors floors.
func midGame(height, floors int) stopFunc {
	return func(p *menara.Position, e *menara.Effects) bool {
		return e.Step.Kind == menara.PlaceColumn && p.Height() >= height && len(p.PlacedFloors()) >= floors && p.Phase() != menara.Over
	}
}

// won stops at the end of a game the team won.
func won(p *menara.Position, e *menara.Effects) bool { return e.GameOver && e.Outcome.Won }

// String describes a game's seed and state, for messages.
func (g game) String() string {
	return fmt.Sprintf("seed %d: height %d of %d, %d floors", g.seed, g.pos.Height(), g.pos.Required(), len(g.pos.PlacedFloors()))
}
