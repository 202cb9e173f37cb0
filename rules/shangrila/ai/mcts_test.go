package ai

import (
	"context"
	"testing"
	"time"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// margin is what a search may overrun its cap by: it looks at the clock
// every checkEvery iterations, and the machine may be busy.
const margin = 300 * time.Millisecond

// TestThinkCap gives the hard level an endless iteration budget and checks
// that the wall-clock cap ends every search in time, with a legal move.
func TestThinkCap(t *testing.T) {
	const think = 100 * time.Millisecond
	h := New(Hard, 1, Options{Think: think, Iterations: 1 << 30})
	for i, p := range samplePositions(t, 4, 4, 4) {
		began := time.Now()
		m := h.Move(context.Background(), &p)
		if d := time.Since(began); d > think+margin {
			t.Errorf("position %d: took %s with a cap of %s", i, d, think)
		}
		if err := p.Check(m); err != nil {
			t.Errorf("position %d: illegal move %s: %v", i, m, err)
		}
	}
}

// TestDefaultBudget measures the worst case of the default search over
// positions from the opening to the end game, 3 and 4 players: it must
// stay within DefaultThink. On this machine the iteration budget ends the
// search long before; with the race detector the cap does.
func TestDefaultBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("plays default searches")
	}
	n := 3
	if raceEnabled {
		n = 1
	}
	h := New(Hard, 1, Options{})
	var worst time.Duration
	for _, players := range []int{3, 4} {
		for _, p := range samplePositions(t, players, 6, n) {
			began := time.Now()
			m := h.Move(context.Background(), &p)
			worst = max(worst, time.Since(began))
			if err := p.Check(m); err != nil {
				t.Errorf("illegal move %s: %v", m, err)
			}
		}
	}
	if worst > DefaultThink+margin {
		t.Errorf("slowest move took %s, over %s", worst, DefaultThink)
	}
	t.Logf("slowest of %d default searches: %s", 2*n, worst)
}

// TestCancelled checks that a done context ends the search at once with a
// legal move.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, p := range samplePositions(t, 4, 5, 3) {
		began := time.Now()
		m := New(Hard, 1, Options{Think: time.Minute, Iterations: 1 << 30}).Move(ctx, &p)
		if d := time.Since(began); d > margin {
			t.Errorf("took %s after cancellation", d)
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
				m, tr := search(context.Background(), &p, 1, Options{Iterations: tt.iterations, MaxNodes: tt.maxNodes})
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
	m := New(Hard, 1, Options{Iterations: 400}).Move(context.Background(), &p)
	if want := shangrila.JourneyMove(shangrila.Red, shangrila.VillageA, shangrila.VillageB); m != want {
		t.Errorf("move %s, want %s", m, want)
	}
}
