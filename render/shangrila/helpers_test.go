package shangrila

import (
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/rules/shangrila"
)

var update = flag.Bool("update", false, "rewrite the golden images under testdata/ and the example images under ../../docs/")

// englishLabels returns the board's English words, from the catalogue
// (see SetEnglish).
var englishLabels func() Labels

// english returns the board's English words.
func english(tb testing.TB) *Labels {
	tb.Helper()
	if englishLabels == nil {
		tb.Fatal("no English words: words_test.go sets them")
	}
	lb := englishLabels()
	return &lb
}

// sharedRenderer returns one Renderer for all the tests of the package:
// building one takes a while, and sharing it is how the bot uses it.
var sharedRenderer = sync.OnceValues(New)

func renderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := sharedRenderer()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// game is a position reached by play, with the effects of its last move.
type game struct {
	pos  shangrila.Position
	last *shangrila.Effects
}

// play plays random moves from a fixed seed until stop says so and fails
// the test when the game ends first.
func play(t testing.TB, players int, s shangrila.Start, seed uint64, stop func(int, *shangrila.Effects) bool) game {
	t.Helper()
	g := start(t, players, s)
	rng := rand.New(rand.NewPCG(seed, seed))
	for n := 0; !stop(n, g.last); n++ {
		if g.pos.Phase() == shangrila.Over {
			t.Fatalf("seed %d: the game ended after %d moves, before the position wanted", seed, n)
		}
		g = g.apply(t, g.pos.RandomMove(rng))
	}
	return g
}

// untilOver stops at the end of the game.
func untilOver(_ int, e *shangrila.Effects) bool { return e != nil && e.GameOver }

// kindAfter stops at the first move of kind k after n moves.
func kindAfter(k shangrila.Kind, n int) func(int, *shangrila.Effects) bool {
	return func(m int, e *shangrila.Effects) bool { return m >= n && e != nil && e.Move.Kind == k }
}

// apply makes move m in g's position, failing the test if it is illegal.
func (g game) apply(t testing.TB, m shangrila.Move) game {
	t.Helper()
	next, e, err := g.pos.Apply(m)
	if err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	return game{next, &e}
}

// start returns a fresh game's position.
func start(t testing.TB, players int, s shangrila.Start) game {
	t.Helper()
	p, err := shangrila.NewPosition(shangrila.Colours[:players], s)
	if err != nil {
		t.Fatal(err)
	}
	return game{pos: p}
}

// writeFile writes data at path, making its directory.
func writeFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
