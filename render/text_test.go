package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"golang.org/x/image/font/sfnt"
)

// sharedFonts returns one Fonts for all the tests of the package, as a
// game shares one.
var sharedFonts = sync.OnceValues(NewFonts)

func fonts(t testing.TB) *Fonts {
	t.Helper()
	fs, err := sharedFonts()
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

// TestDrawableRunes checks that every letter a name may keep has a glyph
// in both fonts, so that no name draws as empty boxes.
func TestDrawableRunes(t *testing.T) {
	fs := fonts(t)
	var buf sfnt.Buffer
	for _, f := range []*sfnt.Font{fs.regular, fs.bold} {
		for c := rune(0); c < 0x3000; c++ {
			if !Drawable(c) {
				continue
			}
			if i, err := f.GlyphIndex(&buf, c); err != nil || i == 0 {
				t.Errorf("%U %q is kept in names but the font has no glyph for it", c, c)
			}
		}
	}
	for _, s := range []string{"áéíóúüñÁÉÍÓÚÜÑ¿¡", "àèéìíîòóùúÀÈÉÌÒÙ", "…", "→"} {
		for _, c := range s {
			if i, _ := fs.bold.GlyphIndex(&buf, c); i == 0 {
				t.Errorf("the bold font lacks %q", c)
			}
		}
	}
}

func TestFit(t *testing.T) {
	fs := fonts(t)
	tests := []struct {
		name     string
		text     Text
		wantS    string
		wantSize int
	}{
		{"fits as it is", Text{S: "Anna", Rect: image.Rect(0, 0, 200, 40), Size: 26, MinSize: 16}, "Anna", 26},
		{"shrinks", Text{S: "Uomo della pioggia", Rect: image.Rect(0, 0, 150, 40), Size: 26, MinSize: 12}, "Uomo della pioggia", 0},
		{"cut short", Text{S: strings.Repeat("Hacedor de Lluvia ", 5), Rect: image.Rect(0, 0, 150, 40), Size: 26, MinSize: 16}, "", 16},
		{"no box", Text{S: "x", Size: 20}, "", 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, size := fs.Fit(tc.text)
			if w := fs.Width(s, tc.text.Bold, size); w > tc.text.Rect.Dx() && tc.text.Rect.Dx() > 0 {
				t.Errorf("%q at %dpx is %dpx wide, more than the box's %d", s, size, w, tc.text.Rect.Dx())
			}
			if tc.wantS != "" && s != tc.wantS {
				t.Errorf("text %q, want %q", s, tc.wantS)
			}
			if tc.name == "cut short" && !strings.HasSuffix(s, "…") {
				t.Errorf("text %q is not cut short", s)
			}
			if tc.wantSize != 0 && size != tc.wantSize {
				t.Errorf("size %d, want %d", size, tc.wantSize)
			}
			if size < tc.text.MinSize {
				t.Errorf("size %d below the minimum %d", size, tc.text.MinSize)
			}
		})
	}
}

func TestWrap(t *testing.T) {
	fs := fonts(t)
	long := "Last move: Björn sent the students of F to B: 1 promoted, 1 joined a master, 2 sent home; stone on F and B"
	tests := []struct {
		name      string
		text      Text
		wantLines int
		wantSize  int
	}{
		{"one line is enough", Text{S: "Ana passed", Rect: image.Rect(0, 0, 600, 80), Size: 28, MinSize: 20, Lines: 2}, 1, 28},
		{"two lines at full size", Text{S: long, Rect: image.Rect(0, 0, 900, 80), Size: 28, MinSize: 20, Lines: 2}, 2, 28},
		{"two lines, smaller", Text{S: long, Rect: image.Rect(0, 0, 700, 80), Size: 28, MinSize: 14, Lines: 2}, 2, 0},
		{"the rest on the last line", Text{S: long + " " + long, Rect: image.Rect(0, 0, 500, 80), Size: 28, MinSize: 20, Lines: 2}, 2, 20},
		// A word wider than the box alone shrinks the lines rather than
		// being cut short at full size.
		{"a long word shrinks", Text{S: "Accampamento", Rect: image.Rect(0, 0, 128, 48), Size: 20, MinSize: 16, Lines: 2}, 1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines := fs.Wrap(tc.text)
			if len(lines) != tc.wantLines {
				t.Fatalf("%d lines, want %d: %v", len(lines), tc.wantLines, lines)
			}
			var words []string
			for i, l := range lines {
				if tc.wantSize != 0 && l.Size != tc.wantSize {
					t.Errorf("line %d at %dpx, want %d", i, l.Size, tc.wantSize)
				}
				if !l.Rect.In(tc.text.Rect) || l.Rect.Dy() != tc.text.Rect.Dy()/2 {
					t.Errorf("line %d in %v, outside %v", i, l.Rect, tc.text.Rect)
				}
				if s, _ := fs.Fit(l); tc.name != "the rest on the last line" && s != l.S {
					t.Errorf("line %q cut short", l.S)
				}
				words = append(words, l.S)
			}
			if got := strings.Join(words, " "); got != tc.text.S {
				t.Errorf("the lines say %q, not %q", got, tc.text.S)
			}
		})
	}
}

// TestFontSteps: with Steps, a glyph's coverage takes only that many
// levels besides none.
func TestFontSteps(t *testing.T) {
	fs, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	fs.Steps = 6
	levels := map[uint8]bool{}
	for _, r := range "Shangri-La" {
		if g := fs.glyph(false, 21, r); g.mask != nil {
			for _, a := range g.mask.Pix {
				levels[a] = true
			}
		}
	}
	if len(levels) > 7 {
		t.Errorf("%d levels of coverage, want at most 7", len(levels))
	}
}

// TestDrawGlyph: drawGlyph paints what draw.DrawMask paints with
// draw.Over, for opaque and translucent colours, over busy pixels, with
// the glyph inside the image and sticking out of it.
func TestDrawGlyph(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	mask := image.NewAlpha(image.Rect(0, 0, 13, 9))
	for i := range mask.Pix {
		mask.Pix[i] = []uint8{0, 0xff, uint8(rng.IntN(256))}[rng.IntN(3)]
	}
	base := image.NewRGBA(image.Rect(0, 0, 30, 20))
	for i := range base.Pix {
		base.Pix[i] = uint8(rng.IntN(256))
	}
	for _, c := range []color.RGBA{{10, 200, 30, 0xff}, {0, 0, 0, 0xff}, {100, 50, 20, 0x80}} {
		for _, at := range []image.Point{{5, 5}, {-4, -3}, {25, 15}, {40, 40}} {
			got := image.NewRGBA(base.Rect)
			copy(got.Pix, base.Pix)
			want := image.NewRGBA(base.Rect)
			copy(want.Pix, base.Pix)
			r := mask.Rect.Add(at)
			drawGlyph(got, r, c, mask)
			draw.DrawMask(want, r, image.NewUniform(c), image.Point{}, mask, image.Point{}, draw.Over)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("colour %v at %v: pixels differ from draw.DrawMask's", c, at)
			}
		}
	}
}

// TestCut: Cut says whether drawing a text cuts it short, on one line or
// several.
func TestCut(t *testing.T) {
	fs := fonts(t)
	tests := []struct {
		name string
		text Text
		want bool
	}{
		{"fits", Text{S: "Ana", Rect: image.Rect(0, 0, 128, 40), Size: 20, MinSize: 16}, false},
		{"too long", Text{S: "Ordenador (difícil)", Rect: image.Rect(0, 0, 128, 40), Size: 20, MinSize: 16}, true},
		{"on two lines", Text{S: "Ordenador (difícil)", Rect: image.Rect(0, 0, 128, 48), Size: 20, MinSize: 16, Lines: 2}, false},
		{"too long on two lines", Text{S: "Ordenador (difícil) y más", Rect: image.Rect(0, 0, 60, 48), Size: 20, MinSize: 16, Lines: 2}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := fs.Cut(tc.text); got != tc.want {
				t.Errorf("Cut(%q in %d px) = %v, want %v", tc.text.S, tc.text.Rect.Dx(), got, tc.want)
			}
		})
	}
}
