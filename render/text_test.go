package render

import (
	"image"
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
