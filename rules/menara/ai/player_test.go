package ai

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tablebot/tablebot/rules/menara"
)

// legalGames scales TestLegalGames: go test -run TestLegalGames -games 2000
// plays that many games at each level (hard: a tenth of them).
var legalGames = flag.Int("games", 0, "games a level for TestLegalGames (default: a quick run)")

// games returns n scaled down for -short and for the race detector.
func games(n int) int {
	if testing.Short() {
		n /= 10
	}
	if raceEnabled {
		n /= 8
	}
	return max(n, 2)
}

// mixedGame plays game i of a legality run: the players, difficulty, hands
// and base side drawn by i, the seats of levels drawn from levels, and in
// every third game a team replaced part-way by another (as when a player
// leaves and a computer plays on). PlayGame fails on any illegal step.
func mixedGame(t *testing.T, i int, levels []Level, opts Options) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(i), 18))
	o := testOptions(1+i%4, menara.Difficulty(i/4%3))
	if i%5 == 4 {
		o.Hands = menara.Shaky
	}
	if i%7 == 6 {
		o.Side = menara.Dark
	}
	start := mustPosition(t, o, rng.Uint64())
	seats := make([]Player, len(o.Players))
	for s := range seats {
		seats[s] = New(levels[rng.IntN(len(levels))], rng.Uint64(), opts)
	}
	if i%3 == 2 {
		g := menara.GameFrom(start)
		for k := 0; k < 10+rng.IntN(60); k++ {
			p := g.Position()
			if p.Phase() == menara.Over {
				break
			}
			if _, err := g.Play(seats[p.Turn()].Step(context.Background(), &p)); err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
		}
		start = g.Position()
		seats[rng.IntN(len(seats))] = New(levels[rng.IntN(len(levels))], rng.Uint64(), opts)
	}
	g, err := PlayGame(context.Background(), start, seats)
	if err != nil {
		t.Fatalf("game %d: %v", i, err)
	}
	if p := g.Position(); p.Phase() != menara.Over {
		t.Fatalf("game %d did not end", i)
	}
}

// hardGames is n, or none under the race detector, where a hard game
// takes half a minute (its search is single-threaded, and
// TestHardLegalEverywhere asks it for steps under -race).
func hardGames(n int) int {
	if raceEnabled {
		return 0
	}
	return n
}

// deterministicSteps is how many steps of a game TestDeterministic plays:
// fewer under the race detector.
func deterministicSteps() int {
	if raceEnabled {
		return 21
	}
	return 60
}

// TestLegalGames plays many games at every level, all player counts,
// difficulties, hands and sides, checking every step with the engine. The
// default run is sized for CI (thousands of random games, about 130 of
// the others); -games N plays more, and tablebot arena --game menara, which
// also checks every step, plays thousands of hard ones.
func TestLegalGames(t *testing.T) {
	wholeGames(t)
	t.Parallel()
	n := func(quick int) int {
		if *legalGames > 0 {
			return *legalGames
		}
		return games(quick)
	}
	tests := []struct {
		name   string
		levels []Level
		games  int
		opts   Options
	}{
		{"random", []Level{Random}, n(4000), Options{}},
		{"easy", []Level{Easy}, n(12), Options{}},
		{"medium", []Level{Medium}, n(5), Options{}},
		{"mixed", []Level{Random, Easy, Medium}, n(12), Options{}},
		{"hard", []Level{Hard}, hardGames(max(2, n(30)/10)), Options{}},
		{"hard with a tiny budget", []Level{Hard, Easy}, n(100), Options{Nodes: 30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := range tt.games {
				mixedGame(t, i, tt.levels, tt.opts)
			}
		})
	}
}

// TestHardLegalEverywhere asks the hard level for a step in positions of
// many games of other levels, at every stage of the turn.
func TestHardLegalEverywhere(t *testing.T) {
	wholeGames(t)
	t.Parallel()
	h := New(Hard, 7, Options{})
	stages := map[menara.Stage]int{}
	for i := range games(12) {
		o := testOptions(1+i%4, menara.Difficulty(i%3))
		if i%4 == 3 {
			o.Hands = menara.Shaky
		}
		l := []Level{Random, Easy, Medium}[i%3]
		ps := gamePositions(t, o, uint64(100+i), l, pinned)
		for _, p := range choices(ps, 10) {
			s := h.Step(context.Background(), &p)
			if err := p.Check(s); err != nil {
				t.Fatalf("game %d, %s stage: illegal step %s: %v", i, p.Stage(), s, err)
			}
			stages[p.Stage()]++
		}
	}
	t.Logf("steps checked by stage: %v", stages)
}

// TestDeterministic checks that a step depends only on the seed and the
// position: two fresh players agree, and a player that has played the game
// so far (and remembers values of the turn) agrees with a fresh one.
func TestDeterministic(t *testing.T) {
	wholeGames(t)
	t.Parallel()
	for _, l := range []Level{Random, Easy, Medium, Hard} {
		t.Run(l.String(), func(t *testing.T) {
			o := testOptions(3, menara.Medium)
			start := mustPosition(t, o, 11)
			warm := New(l, 5, pinned)
			g := menara.GameFrom(start)
			for k := 0; k < deterministicSteps(); k++ {
				p := g.Position()
				if p.Phase() == menara.Over {
					break
				}
				s := warm.Step(context.Background(), &p)
				if k%3 == 0 {
					fresh := New(l, 5, pinned).Step(context.Background(), &p)
					again := New(l, 5, pinned).Step(context.Background(), &p)
					if fresh != s || again != s {
						t.Fatalf("step %d (%s): played %s, a fresh player %s, another %s", k, p.Stage(), s, fresh, again)
					}
				}
				if _, err := g.Play(s); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestNoPeeking checks that a step never depends on the hidden order: the
// same position with its piles, quarry and future draws dealt differently
// gives the same step.
func TestNoPeeking(t *testing.T) {
	wholeGames(t)
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 3))
	for _, p := range samplePositions(t, 21, 24) {
		u := p.Unseen()
		for pl := range u.Piles {
			rng.Shuffle(len(u.Piles[pl]), func(i, j int) { u.Piles[pl][i], u.Piles[pl][j] = u.Piles[pl][j], u.Piles[pl][i] })
		}
		rng.Shuffle(len(u.Quarry), func(i, j int) { u.Quarry[i], u.Quarry[j] = u.Quarry[j], u.Quarry[i] })
		q, err := p.Redeal(u, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range []Level{Random, Easy, Medium, Hard} {
			a := New(l, 9, pinned).Step(context.Background(), &p)
			b := New(l, 9, pinned).Step(context.Background(), &q)
			if a != b {
				t.Errorf("%s, %s stage: %s in the real deal, %s in another", l, p.Stage(), a, b)
			}
		}
	}
}

// stopsAtFirstLook checks, in each position, that a hard step with an
// endless node budget, stopped by opts's clock or by ctx, stops at its
// first look at them (every 64 nodes: how soon it stops does not depend on
// the machine) with a legal step: cut short, having looked at fewer
// positions than the same search with no clock and a budget of 1000
// nodes, unless that search ends before the first look.
func stopsAtFirstLook(t *testing.T, ctx context.Context, opts Options) {
	t.Helper()
	cut := 0
	for i, p := range samplePositions(t, 4, 12) {
		_, ref := newPlanner(Hard, 1, Options{Think: uncapped, Nodes: 1000}, &hardParams).step(context.Background(), &p)
		s, st := newPlanner(Hard, 1, opts, &hardParams).step(ctx, &p)
		if err := p.Check(s); err != nil {
			t.Errorf("position %d: illegal step %s: %v", i, s, err)
		}
		switch {
		case st.cut && st.nodes < ref.nodes:
			cut++
		case !st.cut && st.nodes == ref.nodes && !ref.cut:
			// The whole search ends before its first look.
		default:
			t.Errorf("position %d: %d nodes (cut %v), %d with 1000 and no clock (cut %v)", i, st.nodes, st.cut, ref.nodes, ref.cut)
		}
	}
	if cut == 0 {
		t.Error("no search was cut short")
	}
}

// TestThinkCap gives the hard level an endless node budget and a time cap
// that has passed by its first look at the clock: the clock alone ends
// every search.
func TestThinkCap(t *testing.T) {
	t.Parallel()
	stopsAtFirstLook(t, context.Background(), Options{Think: time.Nanosecond, Nodes: 1 << 30})
}

// TestNodeCap checks that a step looks at no more positions than the cap
// allows, beyond what one node may add once the cap is near (the ways of
// ending a turn it always keeps, and the positions of a new floor, which
// the engine lists all at once and count 1 for every 16: up to a hundred
// in a crowded temple), answers legally, and answers the same every time.
// Uncapped, these steps look at thousands.
func TestNodeCap(t *testing.T) {
	t.Parallel()
	caps := []int{1, 10, 100, 1000}
	if raceEnabled {
		caps = caps[:3] // a thousand nodes is slow under -race and no likelier to race
	}
	for _, cap := range caps {
		for i, p := range samplePositions(t, 8, 9) {
			pl := newPlanner(Hard, 2, Options{Nodes: cap, Think: uncapped}, &hardParams)
			s, st := pl.step(context.Background(), &p)
			if st.nodes > cap+100 {
				t.Errorf("cap %d, position %d: %d nodes", cap, i, st.nodes)
			}
			if err := p.Check(s); err != nil {
				t.Errorf("cap %d, position %d: illegal step %s: %v", cap, i, s, err)
			}
			if again := New(Hard, 2, Options{Nodes: cap, Think: uncapped}).Step(context.Background(), &p); again != s {
				t.Errorf("cap %d, position %d: %s, then %s", cap, i, s, again)
			}
		}
	}
}

// TestCancelled checks that a done context ends a step at once with a
// legal step.
func TestCancelled(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopsAtFirstLook(t, ctx, Options{Think: uncapped, Nodes: 1 << 30})
}

// TestGameOver checks that a finished game gets the zero Step.
func TestGameOver(t *testing.T) {
	ps := gamePositions(t, testOptions(2, menara.Easy), 3, Random, pinned)
	end := ps[len(ps)-1]
	for _, l := range Levels {
		if s := New(l, 1, Options{}).Step(context.Background(), &end); s != (menara.Step{}) {
			t.Errorf("%s: %s after the end", l, s)
		}
	}
}

// TestNewLevel checks that a player plays the level it was made for (the
// levels' names are read by rules.ParseLevel, tested there).
func TestNewLevel(t *testing.T) {
	for _, l := range Levels {
		if got := New(l, 1, Options{}).Level(); got != l {
			t.Errorf("New(%s).Level() = %s", l, got)
		}
	}
}
