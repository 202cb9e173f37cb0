package menara_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/draw"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/render"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
)

// phoneText is the least size, in pixels of the 1200 px image, of the
// header's lines: a third of it is what a phone shows at 400 px wide, and
// below 11 px there a line is hard to read.
const phoneText = 33

// scLiftFell is a lift that was not made because its floor would have
// fallen (the move-a-floor card as printed).
var scLiftFell = scenario{name: "lift fell", game: func(tb testing.TB) game {
	g := build(tb, opts(2, menara.Easy), 1, 200, func(p *menara.Position, _ *menara.Effects) bool {
		_, ok := liftFalling(p)
		return ok
	})
	s, _ := liftFalling(&g.pos)
	return g.apply(tb, s)
}}

// liftFalling returns a lift of p whose floor alone would fall.
func liftFalling(p *menara.Position) (menara.Step, bool) {
	c, ok := p.Card()
	if !ok || c.Type != menara.LiftCard || p.Stage() != menara.Building || p.Progress() > 0 {
		return menara.Step{}, false
	}
	for _, pl := range p.Placements(nil) {
		if pl.LiftFalls {
			return pl.Step, true
		}
	}
	return menara.Step{}, false
}

// TestPhoneHeader: the header says, in lines large enough for a phone,
// whose turn it is, the card and what is left of it, the height against
// the levels required and the last step, and shows every floor on columns
// as a chip of its state, none overlapping another.
func TestPhoneHeader(t *testing.T) {
	for _, sc := range []scenario{scStart, scMid, scNewFloor, scTall, scCollapse, scWon} {
		t.Run(sc.name, func(t *testing.T) {
			v := sc.viewOf(t)
			lb := labels(t, i18n.English)
			l := rmenara.NewLayout(&v, rmenara.Options{Labels: lb})
			h := &l.Header
			for _, tx := range []struct {
				name string
				size int
				s    string
			}{{"status", h.Status.Size, h.Status.S}, {"facts", h.Facts.Size, h.Facts.S}, {"step", h.Step.Size, h.Step.S}} {
				if tx.s != "" && tx.size < phoneText {
					t.Errorf("the %s line %q is %d px high, want %d for a phone", tx.name, tx.s, tx.size, phoneText)
				}
			}
			if want := lb.Height(v.Height, v.Required); !strings.Contains(h.Facts.S, want) {
				t.Errorf("facts %q, want the height %q", h.Facts.S, want)
			}
			if v.HasCard && !v.Over && !strings.Contains(h.Facts.S, lb.Progress(v.Card, v.Progress)) {
				t.Errorf("facts %q, want the card's progress %q", h.Facts.S, lb.Progress(v.Card, v.Progress))
			}
			checkChips(t, &v, h, lb)
		})
	}
}

func checkChips(t *testing.T, v *rmenara.View, h *rmenara.Header, lb *rmenara.Labels) {
	t.Helper()
	want := 0
	for _, f := range v.Floors {
		if f.Level > 0 {
			want++
		}
	}
	if len(h.Floors) != want {
		t.Fatalf("%d floor chips, want one per floor on columns: %d", len(h.Floors), want)
	}
	for i, c := range h.Floors {
		if !c.Rect.In(h.Rect) || c.Letter.Size < phoneText || c.Margin.S == "" {
			t.Errorf("chip %v: %v in the header %v, letter %d px, margin %q", c.Floor, c.Rect, h.Rect, c.Letter.Size, c.Margin.S)
		}
		for _, f := range v.Floors {
			if f.ID == c.Floor && f.HasMargin && c.Margin.S != lb.Margin(f.Margin) {
				t.Errorf("chip %v says %q, want %q", c.Floor, c.Margin.S, lb.Margin(f.Margin))
			}
		}
		if i > 0 && h.Floors[i-1].Level < c.Level {
			t.Errorf("chip %v (level %d) after a lower floor", c.Floor, c.Level)
		}
		for _, d := range h.Floors[:i] {
			if d.Rect.Overlaps(c.Rect) {
				t.Errorf("chips %v and %v overlap", d.Floor, c.Floor)
			}
		}
	}
}

// TestFallShown: a collapse, a lift that fell and a preview of a collapse
// are explained: the header says which floor fell (would have fallen,
// would fall) and why, and the plan of its level shows its supports, the
// hull, the load centre and the miss.
func TestFallShown(t *testing.T) {
	for _, tc := range []struct {
		sc   scenario
		says string
	}{{scCollapse, "fell"}, {scLiftFell, "would have fallen"}, {scPreviewCollapse, "would fall"}} {
		sc := tc.sc
		t.Run(sc.name, func(t *testing.T) {
			g := sc.get(t)
			v := sc.viewOf(t)
			if len(v.Falls) == 0 {
				t.Fatalf("%v: no fall in the view", g)
			}
			f := v.Falls[0]
			if sc.name == scLiftFell.name && (!v.Change.LiftFell || g.pos.Phase() == menara.Over || g.pos.Fallen(f.Floor)) {
				t.Fatalf("the lift that fell: change %+v, phase %v", v.Change, g.pos.Phase())
			}
			l := rmenara.NewLayout(&v, options(t))
			if want := "Floor " + f.Floor.String() + " " + tc.says + ": "; !strings.HasPrefix(l.Header.Fall.S, want) {
				t.Errorf("header's fall line %q, want %q and why", l.Header.Fall.S, want)
			}
			var pf *rmenara.PlanFall
			var plan *rmenara.Plan
			for i := range l.Plans {
				for j := range l.Plans[i].Falls {
					if l.Plans[i].Falls[j].Floor == f.Floor {
						plan, pf = &l.Plans[i], &l.Plans[i].Falls[j]
					}
				}
			}
			if pf == nil {
				t.Fatalf("no plan shows floor %v's fall", f.Floor)
			}
			if plan.Level != f.Level || plan.Rect.Dx() < rmenara.Width/2 {
				t.Errorf("the fall is on the plan of level %d, %d px wide; want level %d, a wide plan", plan.Level, plan.Rect.Dx(), f.Level)
			}
			if len(pf.Supports) != len(f.Supports) || len(pf.Hull) != len(f.Hull) {
				t.Errorf("%d supports and %d hull corners drawn, want %d and %d", len(pf.Supports), len(pf.Hull), len(f.Supports), len(f.Hull))
			}
			in := func(p render.Pt) bool { return image.Pt(int(p.X), int(p.Y)).In(plan.Rect) }
			if !in(pf.Centre) || !in(pf.Nearest) || f.HasMargin && (pf.Miss.S == "" || !pf.Miss.Rect.In(plan.Rect)) {
				t.Errorf("centre %v, nearest %v, miss %q at %v: want all in the plan %v", pf.Centre, pf.Nearest, pf.Miss.S, pf.Miss.Rect, plan.Rect)
			}
		})
	}
}

// TestLevelRowApart: the plan cards added to the level row stand apart
// from the printed level cards (a wider gap before the first).
func TestLevelRowApart(t *testing.T) {
	v := scCollapse.viewOf(t)
	if v.Required <= v.LevelCards {
		t.Fatalf("required %d, level cards %d: want cards added to the row", v.Required, v.LevelCards)
	}
	l := rmenara.NewLayout(&v, options(t))
	lv := l.Panel.Levels
	gap := func(i int) int { return lv[i].Rect.Min.X - lv[i-1].Rect.Max.X }
	for i := 1; i < len(lv); i++ {
		if lv[i].Plan != (i >= v.LevelCards) {
			t.Errorf("card %d: plan %v", i+1, lv[i].Plan)
		}
		if i == v.LevelCards && gap(i) <= gap(1)+4 {
			t.Errorf("the first added card is %d px from the printed ones, as near as they are to each other (%d)", gap(i), gap(1))
		}
	}
}

// TestLegendBases: the legend explains empty bases and columns.
func TestLegendBases(t *testing.T) {
	v := scMid.viewOf(t)
	l := rmenara.NewLayout(&v, options(t))
	got := map[rmenara.LegendKind]string{}
	for _, it := range l.Panel.Legend {
		got[it.Kind] = it.Text.S
	}
	if got[rmenara.LegendEmpty] == "" || got[rmenara.LegendColumn] == "" {
		t.Errorf("legend %v: want empty bases and columns explained", got)
	}
}

// TestPhoneOCR reads the header of each 400 px image of
// docs/before-after/ (written by TestBeforeAfter) with tesseract: the
// header, where a phone's reader looks first, is cut out, made grey and
// light on dark turned dark on light, and enlarged 3 times (tesseract reads
// text of about 30 px; enlarging adds nothing the 400 px image lacks). It
// needs tesseract (Debian: apt-get install tesseract-ocr) and
// TABLEBOT_OCR=1; CI does not run it (a few seconds, and a package CI
// does not install):
//
//	TABLEBOT_OCR=1 go test ./render/menara -run TestPhoneOCR -v
func TestPhoneOCR(t *testing.T) {
	if os.Getenv("TABLEBOT_OCR") == "" {
		t.Skip("set TABLEBOT_OCR=1 (and install tesseract-ocr) to read the phone images")
	}
	if _, err := exec.LookPath("tesseract"); err != nil {
		t.Fatal("tesseract is not installed: apt-get install tesseract-ocr")
	}
	for _, tc := range []struct {
		file string
		want []string
	}{
		{"menara-start-after-400.png", []string{"to play", "Height 0 of 4"}},
		{"menara-new-floor-after-400.png", []string{"to play", "Place 3 columns", "Placed 1 of 3", "Place floor", "Height 2 of 4", "Last step"}},
		{"menara-tall-after-400.png", []string{"to play", "Height", "of 8", "Last step: ana placed floor H on level", "30.5 mm"}},
		{"menara-collapse-after-400.png", []string{"Lost: the temple collapsed", "Height 3 of 8", "Last step", "Floor P fell", "outside its columns"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "..", "docs", "before-after", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			header := filepath.Join(t.TempDir(), "header.png")
			writeFile(t, header, ocrHeader(t, data))
			out, err := exec.Command("tesseract", header, "-", "--psm", "6").Output()
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(strings.Fields(string(out)), " ")
			t.Logf("%s: %s", tc.file, text)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("%s: tesseract did not read %q in %q", tc.file, w, text)
				}
			}
		})
	}
}

// ocrHeader cuts the header out of a PNG image (the dark band at its top),
// turns it grey and dark on light, enlarges it 3 times and returns it as a
// PNG.
func ocrHeader(tb testing.TB, data []byte) []byte {
	tb.Helper()
	src, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	b := src.Bounds()
	h := 0
	for ; h < b.Dy(); h++ {
		if g := color.GrayModel.Convert(src.At(b.Min.X+1, b.Min.Y+h)).(color.Gray); g.Y > 128 {
			break
		}
	}
	up := image.NewRGBA(image.Rect(0, 0, 3*b.Dx(), 3*h))
	draw.CatmullRom.Scale(up, up.Rect, src, image.Rect(b.Min.X, b.Min.Y, b.Max.X, b.Min.Y+h), draw.Src, nil)
	grey := image.NewGray(up.Rect)
	for y := range up.Rect.Dy() {
		for x := range up.Rect.Dx() {
			g := color.GrayModel.Convert(up.At(x, y)).(color.Gray)
			grey.SetGray(x, y, color.Gray{Y: 255 - g.Y})
		}
	}
	var out bytes.Buffer
	if err := png.Encode(&out, grey); err != nil {
		tb.Fatal(err)
	}
	return out.Bytes()
}
