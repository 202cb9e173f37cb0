package shangrila

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// finished plays a four-player game of random moves from the suggested
// start to its end.
func finished(t *testing.T, seed uint64) *State {
	t.Helper()
	st := bot.NewReplay[sl.Position, sl.Move, *sl.Effects](engine{}, playedTo(t, 0))
	rng := rand.New(rand.NewPCG(seed, 28))
	for !st.Over() {
		pos := st.Position()
		if _, err := st.Play(notation.FormatMove(pos.RandomMove(rng))); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// TestSummary: the summary says the game's length, then at most two
// decisive journeys (two masters made or more, the biggest first), each
// one short line.
func TestSummary(t *testing.T) {
	p := catalog(t).Printer(i18n.English)
	names := []string{"ann", "bob", "cat", "dan"}
	found := 0
	decisive := regexp.MustCompile(`^🌉 Decisive journey, move (\d+): (ann|bob|cat|dan), from [A-O] to [A-O], made (\d+) masters\.$`)
	for seed := range uint64(4) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			st := finished(t, seed)
			lines := New(Options{}).Summary(p, st, names)
			if want := fmt.Sprintf("📜 The game lasted %d moves.", st.Moves()); len(lines) == 0 || lines[0] != want {
				t.Fatalf("the summary %q, want first %q", lines, want)
			}
			if len(lines) > 1+decisiveJourneys {
				t.Errorf("%d lines", len(lines))
			}
			last := 1 << 10
			for _, l := range lines[1:] {
				m := decisive.FindStringSubmatch(l)
				if m == nil || len(l) > 120 {
					t.Fatalf("a decisive journey: %q", l)
				}
				n, _ := strconv.Atoi(m[1])
				masters, _ := strconv.Atoi(m[3])
				if e, _ := effects(st.History()[n-1]); e == nil || e.Move.Kind != sl.Journey || masters < 2 || masters > last {
					t.Errorf("%q: move %d is no journey of the biggest first", l, n)
				}
				last = masters
				found++
			}
		})
	}
	if found == 0 {
		t.Error("no game had a decisive journey")
	}
}
