package render

import (
	"fmt"
	"image"
	"image/draw"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The text is set in the Go fonts (BSD licence, embedded by their package),
// which cover the Latin letters of Spanish and Italian with their accents.

// fontSet draws text. It is safe for concurrent use: glyphs are rasterized
// once, under mu, and then shared read-only through the cache.
type fontSet struct {
	regular, bold *sfnt.Font

	mu    sync.Mutex
	faces map[faceKey]font.Face // guarded by mu; a face is not safe for concurrent use

	glyphs sync.Map // glyphKey -> *glyph
}

type faceKey struct {
	bold bool
	size int
}

type glyphKey struct {
	faceKey
	r rune
}

// glyph is one rasterized letter: its mask placed relative to the pen on
// the baseline, and how far the pen moves on. A nil mask is a space or a
// letter the fonts lack.
type glyph struct {
	mask    *image.Alpha
	rect    image.Rectangle
	advance fixed.Int26_6
}

func newFontSet() (*fontSet, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("go regular font: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("go bold font: %w", err)
	}
	return &fontSet{regular: regular, bold: bold, faces: map[faceKey]font.Face{}}, nil
}

func (fs *fontSet) glyph(bold bool, size int, r rune) *glyph {
	k := glyphKey{faceKey{bold, size}, r}
	if g, ok := fs.glyphs.Load(k); ok {
		return g.(*glyph)
	}
	g := fs.rasterize(k)
	actual, _ := fs.glyphs.LoadOrStore(k, g)
	return actual.(*glyph)
}

func (fs *fontSet) rasterize(k glyphKey) *glyph {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	face, ok := fs.faces[k.faceKey]
	if !ok {
		f := fs.regular
		if k.bold {
			f = fs.bold
		}
		var err error
		face, err = opentype.NewFace(f, &opentype.FaceOptions{Size: float64(k.size), DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return &glyph{}
		}
		fs.faces[k.faceKey] = face
	}
	dr, mask, mp, adv, ok := face.Glyph(fixed.Point26_6{}, k.r)
	if !ok {
		return &glyph{}
	}
	g := &glyph{rect: dr, advance: adv}
	if dr.Empty() {
		return g
	}
	// The face reuses its mask buffer: keep a copy.
	m := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
	draw.Draw(m, m.Rect, mask, mp, draw.Src)
	g.mask = m
	return g
}

// width returns the width of s in pixels.
func (fs *fontSet) width(s string, bold bool, size int) int {
	var w fixed.Int26_6
	for _, r := range s {
		w += fs.glyph(bold, size, r).advance
	}
	return w.Ceil()
}

// fit returns the text to draw and its size: t.S at the largest size from
// t.Size down to t.MinSize that fits the width of t.Rect, or else cut short
// with an ellipsis at t.MinSize.
func (fs *fontSet) fit(t Text) (string, int) {
	w := t.Rect.Dx()
	size := t.Size
	lo := t.MinSize
	if lo <= 0 || lo > size {
		lo = size
	}
	for ; size >= lo; size-- {
		if fs.width(t.S, t.Bold, size) <= w {
			return t.S, size
		}
	}
	size = lo
	rs := []rune(t.S)
	ell := fs.width("…", t.Bold, size)
	var acc fixed.Int26_6
	for i, r := range rs {
		acc += fs.glyph(t.Bold, size, r).advance
		if acc.Ceil()+ell > w {
			return trimRight(string(rs[:i])) + "…", size
		}
	}
	return t.S, size
}

func trimRight(s string) string {
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == ',' || s[len(s)-1] == '.') {
		s = s[:len(s)-1]
	}
	return s
}

// draw paints t fitted into its box, vertically centred on the box by the
// height of a capital letter.
func (fs *fontSet) draw(dst *image.RGBA, t Text) {
	if t.S == "" || t.Rect.Empty() || t.Size <= 0 {
		return
	}
	s, size := fs.fit(t)
	w := fs.width(s, t.Bold, size)
	x := t.Rect.Min.X
	switch t.Align {
	case AlignCentre:
		x += (t.Rect.Dx() - w) / 2
	case AlignRight:
		x = t.Rect.Max.X - w
	}
	capHeight := size * 7 / 10
	y := t.Rect.Min.Y + (t.Rect.Dy()+capHeight)/2
	src := image.NewUniform(t.Colour)
	dot := fixed.I(x)
	for _, r := range s {
		g := fs.glyph(t.Bold, size, r)
		if g.mask != nil {
			at := g.rect.Add(image.Pt(dot.Round(), y))
			draw.DrawMask(dst, at, src, image.Point{}, g.mask, image.Point{}, draw.Over)
		}
		dot += g.advance
	}
}
