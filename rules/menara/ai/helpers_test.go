package ai

import (
	"context"
	"testing"
	"time"

	"github.com/tablebot/tablebot/rules/menara"
)

// uncapped is Options.Think for the tests that compare steps, or draw
// their positions from games of computers: far longer than any test run,
// so that a step ends on its node cap alone and is the same on a busy
// machine as on an idle one. (With the 2 s default, the race detector on
// a loaded machine cuts hard steps short, and the steps change.)
const uncapped = 1000 * time.Hour

// pinned are the default options but for the clock: the default node cap
// alone ends a step.
var pinned = Options{Think: uncapped}

var testNames = []string{"ana", "bob", "cy", "dee"}

func testOptions(players int, d menara.Difficulty) menara.Options {
	return menara.Options{Players: testNames[:players], Difficulty: d}
}

func mustPosition(t testing.TB, o menara.Options, seed uint64) menara.Position {
	t.Helper()
	p, err := menara.NewPosition(o, seed)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// team returns a whole team of one level, seat i drawing from seed+i.
func team(l Level, players int, seed uint64, opts Options) []Player {
	out := make([]Player, players)
	for i := range out {
		out[i] = New(l, seed+uint64(i), opts)
	}
	return out
}

// gamePositions plays a game of o from seed with a team of level l and
// returns every position in it, the start and the end included.
func gamePositions(t testing.TB, o menara.Options, seed uint64, l Level, opts Options) []menara.Position {
	t.Helper()
	start := mustPosition(t, o, seed)
	g, err := PlayGame(context.Background(), start, team(l, len(o.Players), seed, opts))
	if err != nil {
		t.Fatal(err)
	}
	out := []menara.Position{start}
	p := start
	for _, s := range g.Steps() {
		next, _, err := p.Apply(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, next)
		p = next
	}
	return out
}

// choices returns up to n positions spread evenly over ps, each in play
// with more than one legal step.
func choices(ps []menara.Position, n int) []menara.Position {
	var out []menara.Position
	for i := range n {
		p := ps[i*(len(ps)-1)/n]
		if p.Phase() == menara.Playing && len(p.LegalSteps(nil)) > 1 {
			out = append(out, p)
		}
	}
	return out
}

// samplePositions returns about n positions with a choice, spread over
// easy games of 2, 3 and 4 players at medium difficulty.
func samplePositions(t testing.TB, seed uint64, n int) []menara.Position {
	t.Helper()
	if raceEnabled {
		n = max(3, n/3) // the race detector slows the search tenfold
	}
	var out []menara.Position
	for players := 2; players <= 4; players++ {
		ps := gamePositions(t, testOptions(players, menara.Medium), seed+uint64(players), Easy, pinned)
		out = append(out, choices(ps, (n+2)/3)...)
	}
	return out
}

// wholeGames skips a test that plays whole games under -race -short: the
// package starts no goroutine (its one mutex guards a planner's memo,
// which TestThinkCap, TestNodeCap and TestCancelled still exercise under
// the race detector), so the race run would only replay, at ten times the
// cost, the games the normal run checks in full.
func wholeGames(t *testing.T) {
	t.Helper()
	if raceEnabled && testing.Short() {
		t.Skip("whole games: played by the run without the race detector")
	}
}
