package ai

import (
	"context"
	"testing"
)

// BenchmarkHardMove times the hard level's default search on positions
// spread over a 4-player game: one op is one move.
func BenchmarkHardMove(b *testing.B) {
	ps := samplePositions(b, 4, 3, 8)
	h := New(Hard, 1, Options{})
	ctx := context.Background()
	i := 0
	for b.Loop() {
		h.Move(ctx, &ps[i%len(ps)])
		i++
	}
}

// BenchmarkMediumMove times the medium level: one op is one move.
func BenchmarkMediumMove(b *testing.B) {
	ps := samplePositions(b, 4, 3, 8)
	m := New(Medium, 1, Options{})
	ctx := context.Background()
	i := 0
	for b.Loop() {
		m.Move(ctx, &ps[i%len(ps)])
		i++
	}
}
