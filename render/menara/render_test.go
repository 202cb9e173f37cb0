package menara_test

import (
	"bytes"
	"fmt"
	"image/png"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/internal/racetest"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/render/rendertest"
)

// goldenCase is an image checked against a golden file.
type goldenCase struct {
	path string
	sc   scenario
	lang i18n.Lang
}

func goldenCases() []goldenCase {
	docs := func(name string) string { return filepath.Join("..", "..", "docs", "menara-"+name+".png") }
	data := func(name string) string { return filepath.Join("testdata", name+".png") }
	return []goldenCase{
		// The README's examples: the start, a mid-game temple of height 3
		// or more, a won end, a collapse.
		{docs("start"), scStart, i18n.English},
		{docs("mid"), scMid, i18n.English},
		{docs("won"), scWon, i18n.English},
		{docs("collapse"), scCollapse, i18n.English},
		// A preview, a collapsing one, a tall temple, a crowded base, a
		// moved column, in the other languages too.
		{data("preview"), scPreview, i18n.English},
		{data("preview-collapse"), scPreviewCollapse, i18n.Spanish},
		{data("tall"), scTall, i18n.English},
		{data("crowded"), scCrowded, i18n.Italian},
		{data("move"), scMove, i18n.Spanish},
	}
}

// TestGoldenImages draws every golden case, checks that the PNG decodes,
// and compares it with its golden image within the tolerance of
// rendertest (go test ./render/menara -run TestGoldenImages -update
// rewrites them; look at them before committing).
func TestGoldenImages(t *testing.T) {
	racetest.OneGoroutine(t)
	r := renderer(t)
	for _, tc := range goldenCases() {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			if testing.Short() && !*update && tc.sc.name != scMid.name && tc.sc.name != scPreview.name {
				t.Skip("under the race detector (-short) two images stand for all")
			}
			v := tc.sc.viewOf(t)
			o := options(t)
			o.Labels = labels(t, tc.lang)
			var buf bytes.Buffer
			if err := r.WritePNG(&buf, &v, o); err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatalf("the PNG written does not decode: %v", err)
			}
			if l := rmenara.NewLayout(&v, o); got.Bounds().Dx() != l.Size.X || got.Bounds().Dy() != l.Size.Y {
				t.Errorf("image %v, layout %v", got.Bounds(), l.Size)
			}
			if *update {
				writeFile(t, tc.path, buf.Bytes())
				return
			}
			want := rendertest.ReadPNG(t, tc.path)
			if diff := rendertest.Compare(got, want); diff != "" {
				t.Errorf("%s (run go test ./render/menara -run TestGoldenImages -update to accept the new image): %s", tc.path, diff)
			}
		})
	}
}

// TestImageMatchesDraw checks that the paletted image is the full-colour
// drawing of the same layout, reduced to the palette: the two paths paint
// the same.
func TestImageMatchesDraw(t *testing.T) {
	r := renderer(t)
	v := scMid.viewOf(t)
	o := options(t)
	full := r.Draw(rmenara.NewLayout(&v, o))
	img := r.Image(&v, o)
	if n, share := rendertest.Differing(img, full); share > rendertest.MaxDiffering {
		t.Errorf("%d pixels (%.2f%%) of the paletted image differ from the drawing", n, 100*share)
	}
}

// TestImageOnPaper checks that an image drawn over the blank paper the
// renderer keeps, converted to the palette only where it drew, is the
// whole drawing converted; and that making the paper blank again after an
// image leaves nothing of it in the next: the views, of several heights,
// are drawn twice, the second time in reverse order, each on the buffers
// of the one before.
func TestImageOnPaper(t *testing.T) {
	racetest.OneGoroutine(t)
	r := renderer(t)
	o := options(t)
	cases := goldenCases()
	if testing.Short() {
		cases = []goldenCase{cases[1], cases[4], cases[6]} // mid, a preview, tall
	}
	for pass := range 2 {
		for i := range cases {
			tc := cases[i]
			if pass == 1 {
				tc = cases[len(cases)-1-i]
			}
			t.Run(fmt.Sprintf("%s/%d", filepath.Base(tc.path), pass), func(t *testing.T) {
				v := tc.sc.viewOf(t)
				want := r.Convert(r.Draw(rmenara.NewLayout(&v, o)))
				got := r.Image(&v, o)
				if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
					n := 0
					for i := range min(len(got.Pix), len(want.Pix)) {
						if got.Pix[i] != want.Pix[i] {
							n++
						}
					}
					t.Errorf("%v, want %v: %d pixels differ from the whole drawing converted", got.Rect, want.Rect, n)
				}
			})
		}
	}
}

// TestConcurrentRendering draws several views at once from one Renderer,
// each as it draws alone: run with -race.
func TestConcurrentRendering(t *testing.T) {
	r := renderer(t)
	views := []rmenara.View{scStart.viewOf(t), scMid.viewOf(t), scPreview.viewOf(t)}
	o := options(t)
	want := make([][]byte, len(views))
	for i := range views {
		var buf bytes.Buffer
		if err := r.WritePNG(&buf, &views[i], o); err != nil {
			t.Fatal(err)
		}
		want[i] = buf.Bytes()
	}
	var wg sync.WaitGroup
	for k := range 4 {
		wg.Go(func() {
			for i := range views {
				if (i+k)%2 == 0 {
					// A name of its own per goroutine fills the glyph cache
					// concurrently.
					oo := o
					oo.Names = []string{fmt.Sprintf("Ŋame %c%d", 'Ā'+rune(k), k)}
					if err := r.WritePNG(&bytes.Buffer{}, &views[i], oo); err != nil {
						t.Error(err)
					}
					continue
				}
				var buf bytes.Buffer
				if err := r.WritePNG(&buf, &views[i], o); err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(buf.Bytes(), want[i]) {
					t.Errorf("view %d drawn differently when drawn concurrently", i)
				}
			}
		})
	}
	wg.Wait()
}

// TestNoLabelsDrawsNoWords: without labels the image draws no words of
// any language, only the game's notation (floors, bases) and the players'
// names.
func TestNoLabelsDrawsNoWords(t *testing.T) {
	v := scMid.viewOf(t)
	l := rmenara.NewLayout(&v, rmenara.Options{})
	for _, tx := range l.Panel.Texts {
		if !slices.Contains(v.Players, tx.S) {
			t.Errorf("panel text %q without labels", tx.S)
		}
	}
	if l.Header.Status.S != "" || l.Header.Step.S != "" {
		t.Errorf("header %q / %q without labels", l.Header.Status.S, l.Header.Step.S)
	}
	var buf bytes.Buffer
	if err := renderer(t).WritePNG(&buf, &v, rmenara.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&buf); err != nil {
		t.Fatal(err)
	}
}

// TestOddViews: views the engine never makes (nothing at all, a turn
// beyond the players, a floor high up alone) still draw, without a panic.
func TestOddViews(t *testing.T) {
	r := renderer(t)
	mid := scMid.viewOf(t)
	high := mid
	high.Floors = []rmenara.Floor{mid.Floors[len(mid.Floors)-1]}
	high.Floors[0].Level = 7
	stranger := mid
	stranger.Turn = 9
	for name, v := range map[string]rmenara.View{"empty": {}, "high alone": high, "turn of no one": stranger} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := r.WritePNG(&buf, &v, options(t)); err != nil {
				t.Fatal(err)
			}
			if _, err := png.Decode(&buf); err != nil {
				t.Fatal(err)
			}
		})
	}
}
