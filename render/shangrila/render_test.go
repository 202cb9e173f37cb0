package shangrila

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/internal/racetest"
	"github.com/tablebot/tablebot/render/rendertest"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// goldenCase is an image checked against a golden file.
type goldenCase struct {
	path string
	game func(t *testing.T) game
	opt  Options
}

func goldenCases() []goldenCase {
	names := map[shangrila.Colour]string{
		shangrila.Red: "Ana María", shangrila.Blue: "Niccolò", shangrila.Yellow: "Zoë 🐉", shangrila.Violet: "Björn the Long-Named Yeti Whisperer of the Valley",
	}
	return []goldenCase{
		// The README's examples: the start, a journey in mid-game, the end.
		{filepath.Join("..", "..", "docs", "board-start.png"), func(t *testing.T) game { return start(t, 4, shangrila.StartSuggested) }, Options{Names: names}},
		{filepath.Join("..", "..", "docs", "board-mid.png"), func(t *testing.T) game { return play(t, 4, shangrila.StartSetup, 7, journeyAfter(60)) }, Options{Names: names}},
		{filepath.Join("..", "..", "docs", "board-end.png"), func(t *testing.T) game { return play(t, 4, shangrila.StartSetup, 5, untilOver) }, Options{Names: names}},
		// Three players, with C out of play, just after a recruit.
		{filepath.Join("testdata", "three-recruit.png"), func(t *testing.T) game {
			return play(t, 3, shangrila.StartSuggested, 3, kindAfter(shangrila.Recruit, 12))
		}, Options{}},
		// The setup phase with a resigned player and a master just placed.
		{filepath.Join("testdata", "setup-resigned.png"), func(t *testing.T) game {
			return play(t, 4, shangrila.StartSetup, 9, after(9)).apply(t, shangrila.ResignMove(shangrila.Blue))
		}, Options{Names: names}},
	}
}

func TestGoldenImages(t *testing.T) {
	racetest.OneGoroutine(t)
	r := renderer(t)
	for _, tc := range goldenCases() {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			g := tc.game(t)
			opt := tc.opt
			opt.Last, opt.Labels = g.last, english(t)
			var buf bytes.Buffer
			if err := r.WritePNG(&buf, &g.pos, opt); err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("the PNG written does not decode: %v", err)
			}
			if *update {
				writeFile(t, tc.path, buf.Bytes())
				return
			}
			want := rendertest.ReadPNG(t, tc.path)
			if diff := rendertest.Compare(got, want); diff != "" {
				t.Errorf("%s (run go test ./render/shangrila -update to accept the new image): %s", tc.path, diff)
			}
		})
	}
}

// TestDirtyRects checks that drawing only the changing parts of the image
// over the static layer, converting only what was recorded as drawn, gives
// the same pixels as drawing and converting the whole image; and that
// putting the static layer back after an image leaves nothing of it in the
// next (the cases are drawn twice, the second time in reverse order, each
// image on the buffers of the one before).
func TestDirtyRects(t *testing.T) {
	racetest.OneGoroutine(t)
	r := renderer(t)
	cases := layoutCases()
	for pass := range 2 {
		for i := range cases {
			tc := cases[i]
			if pass == 1 {
				tc = cases[len(cases)-1-i]
			}
			t.Run(fmt.Sprintf("%s/%d", tc.name, pass), func(t *testing.T) {
				g := tc.game(t)
				opts := Options{Last: g.last, Labels: english(t)}
				l := NewLayout(&g.pos, opts)
				full := r.Draw(l)
				want := image.NewPaletted(full.Rect, r.quant.Palette())
				r.quant.Convert(want, full, full.Rect)
				got := r.Image(&g.pos, opts)
				if !bytes.Equal(got.Pix, want.Pix) {
					n, first := 0, image.Point{}
					for i := range got.Pix {
						if got.Pix[i] != want.Pix[i] {
							if n == 0 {
								first = image.Pt(i%full.Rect.Dx(), i/full.Rect.Dx())
							}
							n++
						}
					}
					t.Errorf("%d pixels differ from the whole image drawn and converted, the first at %v", n, first)
				}
			})
		}
	}
}

// TestConcurrentRendering renders several positions at once from one
// Renderer: run with -race.
func TestConcurrentRendering(t *testing.T) {
	r := renderer(t)
	games := []game{
		start(t, 3, shangrila.StartSuggested),
		play(t, 4, shangrila.StartSetup, 7, journeyAfter(60)),
		play(t, 4, shangrila.StartSetup, 5, untilOver),
	}
	want := pngsOf(t, r, games)
	var wg sync.WaitGroup
	for k := range 4 {
		wg.Go(func() {
			for i, g := range games {
				if (i+k)%2 == 0 {
					// A name of its own per goroutine fills the glyph cache
					// concurrently.
					name := map[shangrila.Colour]string{shangrila.Red: fmt.Sprintf("Ŋame %c%d", 'Ā'+rune(k), k)}
					if err := r.WritePNG(&bytes.Buffer{}, &g.pos, Options{Names: name}); err != nil {
						t.Error(err)
					}
					continue
				}
				var buf bytes.Buffer
				if err := r.WritePNG(&buf, &g.pos, Options{Last: g.last}); err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(buf.Bytes(), want[i]) {
					t.Errorf("game %d drawn differently when drawn concurrently", i)
				}
			}
		})
	}
	wg.Wait()
}

// TestDrawingTurns: with one image drawn at a time, boards drawn from
// several goroutines come out as drawn alone, on one set of buffers; and
// a drawing that panics half-way gives its turn back (one kept would hang
// every drawing after it).
func TestDrawingTurns(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	r.drawingAtOnce(1)
	games := []game{start(t, 4, shangrila.StartSuggested), play(t, 4, shangrila.StartSetup, 7, journeyAfter(60))}
	for range 2 {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			l := NewLayout(&games[0].pos, Options{})
			r.paintWith(&l, func(*work) { panic("half-way") })
		}()
	}
	want := pngsOf(t, r, games)
	var wg sync.WaitGroup
	for k := range 4 {
		wg.Go(func() {
			for i := range games {
				g := games[(i+k)%len(games)]
				var buf bytes.Buffer
				if err := r.WritePNG(&buf, &g.pos, Options{Last: g.last}); err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(buf.Bytes(), want[(i+k)%len(games)]) {
					t.Errorf("game %d drawn differently when drawn in turns", (i+k)%len(games))
				}
			}
		})
	}
	wg.Wait()
	if n := len(r.works[r.staticIndex(4)]); n != 1 {
		t.Errorf("%d sets of buffers kept, want 1", n)
	}
}

func TestImageSize(t *testing.T) {
	r := renderer(t)
	for _, n := range []int{3, 4} {
		g := start(t, n, shangrila.StartSuggested)
		var buf bytes.Buffer
		if err := r.WritePNG(&buf, &g.pos, Options{}); err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(&buf)
		if err != nil {
			t.Fatal(err)
		}
		l := NewLayout(&g.pos, Options{})
		if cfg.Width != Width || cfg.Height != l.Size.Y {
			t.Errorf("%d players: %dx%d, want %dx%d", n, cfg.Width, cfg.Height, Width, l.Size.Y)
		}
	}
}

// TestWordsPasted: the panel's headings and legend of a board with words
// are pasted from the renderer's picture of them (TestDirtyRects checks
// the pixels), the picture drawn once for a language and kept.
func TestWordsPasted(t *testing.T) {
	r := renderer(t)
	pos, last := midGame(t)
	l := NewLayout(&pos, Options{Last: last, Names: benchNames, Labels: english(t)})
	var kept []*wordsPicture
	for range 2 {
		w := r.getWork(r.staticIndex(l.Players))
		headings, legend := r.pasteWords(w, &l, func(image.Rectangle) bool { return true })
		r.putWork(w)
		if !headings || !legend {
			t.Fatalf("headings pasted %v, legend %v; want both", headings, legend)
		}
		r.words.mu.Lock()
		kept = append(kept, r.words.kept[0])
		r.words.mu.Unlock()
	}
	if kept[0] != kept[1] || kept[0].key != wordsKey(r.staticIndex(l.Players), &l.Panel) {
		t.Errorf("the picture was not kept: drawn again for the same words")
	}
}

// pngsOf draws the games' boards, each with its last move, one after
// another.
func pngsOf(t *testing.T, r *Renderer, games []game) [][]byte {
	t.Helper()
	out := make([][]byte, len(games))
	for i, g := range games {
		var buf bytes.Buffer
		if err := r.WritePNG(&buf, &g.pos, Options{Last: g.last}); err != nil {
			t.Fatal(err)
		}
		out[i] = buf.Bytes()
	}
	return out
}
