package shangrila

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/render/rendertest"
	srender "github.com/tablebot/tablebot/render/shangrila"
	shangrila "github.com/tablebot/tablebot/rules/shangrila"
)

var update = flag.Bool("update", false, "rewrite the golden board images under testdata/")

// minLanguageDiff is how many pixels must differ between the boards of two
// languages: the headline, the legend, the column heads and the last
// move's line are all words. Fully translated boards differ in some 23,000
// to 25,000 pixels; an Italian board whose render.* words fell back to
// English, its colours and disciplines still Italian, differed from the
// English one in about 10,000.
const minLanguageDiff = 15000

// The shared renderer and catalogue: each takes a fraction of a second to
// build, and the bot shares them the same way.
var (
	sharedRenderer = sync.OnceValues(srender.New)
	sharedCatalog  = sync.OnceValues(func() (*i18n.Catalog, error) { return i18n.New(Source()) })
)

func catalog(t testing.TB) *i18n.Catalog {
	t.Helper()
	cat, err := sharedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// midGame plays seeded random moves in a 4-player game from the setup until
// the first journey after the 60th move, so the board shows broken bridges,
// students and the last move's line. The names leave two players nameless,
// so that the panel names them by their colour, in the board's language.
func midGame(t testing.TB) bot.BoardView {
	t.Helper()
	pos, err := shangrila.NewPosition(shangrila.Colours[:], shangrila.StartSetup)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	var last *shangrila.Effects
	for n := 0; n < 60 || last.Move.Kind != shangrila.Journey; n++ {
		if pos.Phase() == shangrila.Over {
			t.Fatalf("the game ended after %d moves, before a journey", n)
		}
		next, e, err := pos.Apply(pos.RandomMove(rng))
		if err != nil {
			t.Fatal(err)
		}
		pos, last = next, &e
	}
	return bot.BoardView{
		State: bot.NewReplay(bot.Engine[shangrila.Position, shangrila.Move, *shangrila.Effects](engine{}), pos),
		Last:  last,
		Names: []string{"Ana María", "", "Niccolò", ""},
	}
}

// boards draws the mid-game board in every language, as the bot does.
func boards(t *testing.T) map[i18n.Lang][]byte {
	t.Helper()
	r, err := sharedRenderer()
	if err != nil {
		t.Fatal(err)
	}
	board := NewBoardFunc(r, catalog(t))
	v := midGame(t)
	out := map[i18n.Lang][]byte{}
	for _, l := range i18n.Langs {
		v.Lang = l
		data, err := board(context.Background(), v)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		out[l] = data
	}
	return out
}

// TestBoardGolden compares the mid-game board in English, Spanish and
// Italian with the images under testdata/ (go test ./bot -run
// TestBoardGolden -update rewrites them; look at them before committing),
// and checks that the three languages give three different images.
func TestBoardGolden(t *testing.T) {
	if testing.Short() && !*update {
		t.Skip("drawing and comparing three boards takes some 10 s under the race detector, which runs with -short")
	}
	imgs := map[i18n.Lang]image.Image{}
	all := boards(t)
	for _, l := range i18n.Langs {
		data := all[l]
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: the PNG does not decode: %v", l, err)
		}
		imgs[l] = img
		path := filepath.Join("testdata", "board-"+string(l)+".png")
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Run(string(l), func(t *testing.T) {
			want := rendertest.ReadPNG(t, path)
			if got, share := rendertest.Differing(img, want); share > rendertest.MaxDiffering {
				t.Errorf("%s: %d pixels (%.2f%%) differ (run go test ./bot/shangrila -run TestBoardGolden -update to accept the new image)", path, got, 100*share)
			}
		})
	}
	for i, a := range i18n.Langs {
		for _, b := range i18n.Langs[i+1:] {
			n, _ := rendertest.Differing(imgs[a], imgs[b])
			t.Logf("the %s and %s boards differ in %d pixels", a, b, n)
			if n < minLanguageDiff {
				t.Errorf("the %s and %s boards differ in %d pixels, want at least %d: words fell back to one language", a, b, n, minLanguageDiff)
			}
		}
	}
}

// TestLabelsTranslated checks every word of the board in Spanish and
// Italian: none is empty, and each one that holds a word differs from the
// English, so that no label falls back to English unseen.
func TestLabelsTranslated(t *testing.T) {
	cat := catalog(t)
	en := Labels(cat.Printer(i18n.English))
	moves := []srender.MoveWords{
		{Kind: shangrila.Setup, Player: "Ana", Village: "A", Discipline: "X"},
		{Kind: shangrila.Place, Player: "Ana", Village: "A", Discipline: "X"},
		{Kind: shangrila.Recruit, Player: "Ana", Sites: []srender.SiteWords{{Village: "A", Discipline: "X"}}},
		{Kind: shangrila.Recruit, Player: "Ana", Sites: []srender.SiteWords{{Village: "A", Discipline: "X"}, {Village: "B", Discipline: "Y"}}},
		{Kind: shangrila.Journey, Player: "Ana", From: "A", To: "B", Promoted: 1, Joined: 2},
		{Kind: shangrila.Journey, Player: "Ana", From: "A", To: "B", SentHome: 1, DrivenOut: 2, Stones: []string{"C"}},
		{Kind: shangrila.Pass, Player: "Ana"},
		{Kind: shangrila.Resign, Player: "Ana"},
	}
	words := func(l srender.Labels) map[string]string {
		w := map[string]string{
			"out of play":     l.OutOfPlay,
			"to move":         l.ToMove("Ana"),
			"setup to move":   l.SetupToMove("Ana"),
			"game over":       l.Winners(nil),
			"winner":          l.Winners([]string{"Ana"}),
			"winners":         l.Winners([]string{"Ana", "Bea"}),
			"1 bridge":        l.Bridges(1),
			"17 bridges":      l.Bridges(17),
			"1 to go":         l.ToGo(1),
			"16 to go":        l.ToGo(16),
			"masters":         l.Masters,
			"villages":        l.Villages,
			"supply":          l.Supply,
			"resigned":        l.Resigned("Ana"),
			"legend strength": l.LegendStrength,
			"legend student":  l.LegendStudent,
			"legend stone":    l.LegendStone,
			"legend broken":   l.LegendBroken,
			"legend last":     l.LegendLast,
			"legend home":     l.LegendHome,
		}
		for _, c := range shangrila.Colours {
			w["colour "+c.String()] = l.Colours[c]
		}
		for _, d := range shangrila.Disciplines {
			w["discipline "+d.String()] = l.Disciplines[d]
		}
		for i, m := range moves {
			w[fmt.Sprintf("last move %d (%v)", i, m.Kind)] = l.LastMove(m)
		}
		return w
	}
	enWords := words(en)
	for _, lang := range []i18n.Lang{i18n.Spanish, i18n.Italian} {
		t.Run(string(lang), func(t *testing.T) {
			l := Labels(cat.Printer(lang))
			for name, got := range words(l) {
				if got == "" {
					t.Errorf("%s: empty", name)
					continue
				}
				if got == enWords[name] {
					t.Errorf("%s: %q is the English text", name, got)
				}
			}
			// Numbers and ranks have no words, but must still be written.
			if got := l.Strength(8, 5); !strings.Contains(got, "8") || !strings.Contains(got, "5") {
				t.Errorf("strength 8/5: %q", got)
			}
			if got := l.Rank(2); !strings.Contains(got, "2") {
				t.Errorf("rank 2: %q", got)
			}
		})
	}
}
