package ai

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tablebot/tablebot/rules/menara"
)

// benchPositions returns positions spread over hard games of 1 to 4
// players at medium difficulty, every one with a choice to make: reveals,
// exchanges, columns, new floors and give-ups, from the opening to the end.
func benchPositions(b *testing.B) []menara.Position {
	b.Helper()
	var out []menara.Position
	for players := 1; players <= 4; players++ {
		ps := gamePositions(b, testOptions(players, menara.Medium), uint64(60+players), Hard, Options{})
		out = append(out, choices(ps, 12)...)
	}
	return out
}

// BenchmarkHardStep times the hard teammate's step on positions spread over
// games, each asked of a fresh player (nothing remembered from earlier
// steps of the turn, the slowest case): one op is one step. It reports the
// median and the slowest step as well as the mean.
func BenchmarkHardStep(b *testing.B) {
	ps := benchPositions(b)
	ctx := context.Background()
	var times []time.Duration
	i := 0
	for b.Loop() {
		p := &ps[i%len(ps)]
		began := time.Now()
		New(Hard, 1, Options{}).Step(ctx, p)
		times = append(times, time.Since(began))
		i++
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2])/1e6, "median-ms")
	b.ReportMetric(float64(times[len(times)-1])/1e6, "max-ms")
	b.ReportMetric(float64(len(ps)), "positions")
}

// BenchmarkHardTurn times the hard teammate's steps as a game plays them:
// one op is one step of a whole 3-player game, values remembered within a
// turn as in play.
func BenchmarkHardTurn(b *testing.B) {
	start := mustPosition(b, testOptions(3, menara.Medium), 5)
	ctx := context.Background()
	seats := team(Hard, 3, 5, Options{})
	p := start
	for b.Loop() {
		if p.Phase() == menara.Over {
			p = start
			seats = team(Hard, 3, 5, Options{})
		}
		next, _, err := p.Apply(seats[p.Turn()].Step(ctx, &p))
		if err != nil {
			b.Fatal(err)
		}
		p = next
	}
}
