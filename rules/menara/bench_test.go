package menara

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRandomGame plays whole 3-player medium games of uniformly random
// legal steps, setup included, each from its own seed: one op is one game.
func BenchmarkRandomGame(b *testing.B) {
	o := testOptions(3, Medium)
	rng := rand.New(rand.NewPCG(1, 2))
	steps, seed := 0, uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		p, err := NewPosition(o, seed)
		if err != nil {
			b.Fatal(err)
		}
		for p.Phase() != Over {
			next, _, err := p.Apply(p.RandomStep(rng))
			if err != nil {
				b.Fatal(err)
			}
			p = next
			steps++
		}
	}
	b.ReportMetric(float64(steps)/float64(b.N), "steps/game")
}

// crowded returns a mid-game temple: three floors on level 1, two on level
// 2 and one on level 3, a column on every base the bag allows, and a new
// floor to place under a free rim (both sides).
func crowded(tb testing.TB) *Position {
	tb.Helper()
	p := temple(tb, 1, 3, 2, 1)
	p.fillBases(tb, 3)
	p.setCard(tb, PlaceCard, 1, FreeRim, false)
	p.stage = NewFloor
	return p
}

// BenchmarkPlacements enumerates and ranks every position of the new floor
// in a crowded mid-game temple: on columns of every level (each with the
// statics of the whole temple after it) and as a base extension.
func BenchmarkPlacements(b *testing.B) {
	p := crowded(b)
	var buf []Placement
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		buf = p.Placements(buf[:0])
		n = len(buf)
	}
	onColumns := 0
	for _, pl := range buf {
		if !pl.Extension {
			onColumns++
		}
	}
	b.ReportMetric(float64(n), "placements")
	b.ReportMetric(float64(onColumns), "on-columns")
}

// BenchmarkLegalSteps lists every legal step in the same position.
func BenchmarkLegalSteps(b *testing.B) {
	p := crowded(b)
	var buf []Step
	b.ReportAllocs()
	for b.Loop() {
		buf = p.LegalSteps(buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "steps")
}

// BenchmarkApplyColumn measures one column step, with the statics of the
// floors it loads, in the crowded temple.
func BenchmarkApplyColumn(b *testing.B) {
	p := crowded(b)
	p.stage = Building
	var s Step
	for _, bb := range p.Columns().Bases() {
		if p.Level(bb.Floor) >= 2 && p.Carrier(bb) == NoFloor {
			c := colourOf(p, bb)
			var dirty uint32
			p.takeColumn(bb, &dirty)
			p.bag[c]++
			p.settle(dirty)
			var h Columns
			h[c] = 1
			p.setHand(b, p.Turn(), h)
			s = ColumnStep(p.Turn(), c, bb)
			break
		}
	}
	if err := p.Check(s); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := p.Apply(s); err != nil {
			b.Fatal(err)
		}
	}
}
