package shangrila_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// BenchmarkRandomGame plays whole 4-player games of uniformly random legal
// moves, setup phase included: one op is one game.
func BenchmarkRandomGame(b *testing.B) {
	players := []shangrila.Colour{shangrila.Red, shangrila.Blue, shangrila.Yellow, shangrila.Violet}
	start, err := shangrila.NewPosition(players, shangrila.StartSetup)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	moves := 0
	b.ReportAllocs()
	for b.Loop() {
		p := start
		for p.Phase() != shangrila.Over {
			next, _, err := p.Apply(p.RandomMove(rng))
			if err != nil {
				b.Fatal(err)
			}
			p = next
			moves++
		}
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}
