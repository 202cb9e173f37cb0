package ai

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// tickingClock is a clock that moves on by step at every reading, so that
// a test of the cap does not depend on how busy the machine is.
func tickingClock(step time.Duration) func() time.Time {
	var mu sync.Mutex
	t := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(step)
		return t
	}
}

// TestThinkCap gives the hard level an endless iteration budget and checks
// that the cap ends every search in time, with a legal move: with a clock
// that moves 1 ms at each look, a 100 ms cap allows at most 100 looks,
// each after checkEvery iterations.
func TestThinkCap(t *testing.T) {
	const think = 100 * time.Millisecond
	for i, p := range samplePositions(t, 4, 4, 4) {
		m, tr := search(context.Background(), &p, 1, Options{Think: think, Iterations: 1 << 30, clock: tickingClock(time.Millisecond)})
		if tr == nil {
			continue // one legal move: no search
		}
		if max := 101 * checkEvery; tr.iterations > max || tr.iterations == 0 {
			t.Errorf("position %d: %d iterations with a cap of %s, want 1 to %d", i, tr.iterations, think, max)
		}
		if err := p.Check(m); err != nil {
			t.Errorf("position %d: illegal move %s: %v", i, m, err)
		}
	}
}

// TestDefaultBudget: the default search, over positions from the opening
// to the end game with 3 and 4 players, ends on its iteration budget (so
// it plays the same on every machine), its clock cap standing by. How long
// it takes is measured by BenchmarkHardMove.
func TestDefaultBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("plays default searches")
	}
	n := 3
	if raceEnabled {
		n = 1
	}
	for _, players := range []int{3, 4} {
		for _, p := range samplePositions(t, players, 6, n) {
			m, tr := search(context.Background(), &p, 1, Options{clock: frozen})
			if tr != nil && tr.iterations != DefaultIterations {
				t.Errorf("%d iterations, want the budget %d", tr.iterations, DefaultIterations)
			}
			if err := p.Check(m); err != nil {
				t.Errorf("illegal move %s: %v", m, err)
			}
		}
	}
}

// TestCancelled checks that a done context ends the search at once (before
// its first iteration) with a legal move.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, p := range samplePositions(t, 4, 5, 3) {
		m, tr := search(ctx, &p, 1, Options{Think: time.Minute, Iterations: 1 << 30})
		if tr != nil && tr.iterations != 0 {
			t.Errorf("%d iterations after cancellation", tr.iterations)
		}
		if err := p.Check(m); err != nil {
			t.Errorf("illegal move %s: %v", m, err)
		}
	}
}

// TestNodeCap checks that the tree never grows past MaxNodes, however many
// iterations, and that the search still answers legally.
func TestNodeCap(t *testing.T) {
	tests := []struct {
		name       string
		iterations int
		maxNodes   int
		wantMax    int
	}{
		{"cap below budget", 600, 50, 50},
		{"budget below cap", 100, 1000, 101},
		{"default cap", 300, 0, 301},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range samplePositions(t, 4, 8, 3) {
				m, tr := search(context.Background(), &p, 1, Options{Iterations: tt.iterations, MaxNodes: tt.maxNodes, clock: frozen})
				if err := p.Check(m); err != nil {
					t.Fatalf("illegal move %s: %v", m, err)
				}
				if tr == nil {
					continue // a single legal move needs no tree
				}
				if n := len(tr.nodes); n > tt.wantMax {
					t.Errorf("%d nodes, want at most %d", n, tt.wantMax)
				}
				if c := cap(tr.nodes); c > max(tt.wantMax, DefaultMaxNodes) {
					t.Errorf("node slice capacity %d", c)
				}
				if v := tr.nodes[0].visits; int(v) != tt.iterations {
					t.Errorf("root has %d visits after %d iterations", v, tt.iterations)
				}
			}
		})
	}
}

// TestIterationsScale checks how Options turn into a budget.
func TestIterationsScale(t *testing.T) {
	tests := []struct {
		opts Options
		want int
	}{
		{Options{}, DefaultIterations},
		{Options{Think: DefaultThink}, DefaultIterations},
		{Options{Think: DefaultThink / 4}, DefaultIterations / 4},
		{Options{Think: time.Millisecond}, minIterations},
		{Options{Think: time.Millisecond, Iterations: 7}, 7},
	}
	for _, tt := range tests {
		if got := tt.opts.iterations(); got != tt.want {
			t.Errorf("%+v: %d iterations, want %d", tt.opts, got, tt.want)
		}
	}
}

// TestHardTakesTheWin checks that the search finds a capture worth more
// than any placement: Red's student in A, next to Yellow's weak village B.
func TestHardTakesTheWin(t *testing.T) {
	p := build(t, four, shangrila.Red,
		"A: red R*, red P*, red H*, red Y; B: yellow R, yellow P, yellow H; D: blue F; E: violet F", "")
	m := New(Hard, 1, budget(400)).Move(context.Background(), &p)
	if want := shangrila.JourneyMove(shangrila.Red, shangrila.VillageA, shangrila.VillageB); m != want {
		t.Errorf("move %s, want %s", m, want)
	}
}
