package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The text is set in the Go fonts (BSD licence, embedded by their package),
// which cover the Latin letters of Spanish and Italian with their accents,
// Greek and Cyrillic.

// Align is how a text lies in its box.
type Align uint8

// The alignments.
const (
	AlignLeft Align = iota
	AlignCentre
	AlignRight
)

// Text is a line of text and the box it must fit in. The drawing shrinks
// it from Size down to MinSize (pixel heights of the font) to fit the
// box's width, and below that cuts it short with "…". It is centred
// vertically in the box. With Lines above one, the text may be broken at
// its spaces into that many lines, which share the box's height, before
// it is shrunk.
type Text struct {
	S       string
	Rect    image.Rectangle
	Size    int
	MinSize int
	Bold    bool
	Colour  color.RGBA
	Align   Align
	Lines   int
}

// Fonts draws and measures text in the embedded Go fonts, regular and
// bold. It is safe for concurrent use: glyphs are rasterized once, under
// mu, and then shared read-only through the cache.
type Fonts struct {
	regular, bold *sfnt.Font

	// Steps, when above zero, rounds the coverage at the edges of the
	// glyphs to that many steps, as Filler.Steps does for shapes: six
	// look the same as full antialiasing and make text repeat, which the
	// PNG compressor rewards (docs/notes/render.md). Set it before the
	// first letter is drawn or measured.
	Steps int

	mu    sync.Mutex
	faces map[faceKey]font.Face // guarded by mu; a face is not safe for concurrent use

	glyphs sync.Map // glyphKey -> *glyph
	// fast holds, by boldness and size, the glyphs of the runes below
	// fastRunes, each table made at its first letter: found by index
	// rather than through glyphs' hashing, which was most of a letter's
	// cost once drawn.
	fast [2][fastSizes]atomic.Pointer[[fastRunes]atomic.Pointer[glyph]]
}

// fastRunes and fastSizes bound Fonts.fast: every letter of the bot's
// languages (Basic Latin to Latin Extended-B) at every size it draws.
const (
	fastRunes = 0x250
	fastSizes = 128
)

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

// NewFonts parses the embedded fonts. Call it once and share the result:
// its glyph cache fills as letters are drawn.
func NewFonts() (*Fonts, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("go regular font: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("go bold font: %w", err)
	}
	return &Fonts{regular: regular, bold: bold, faces: map[faceKey]font.Face{}}, nil
}

func (fs *Fonts) glyph(bold bool, size int, r rune) *glyph {
	if size < 0 || size >= fastSizes || r < 0 || r >= fastRunes {
		return fs.slowGlyph(bold, size, r)
	}
	b := 0
	if bold {
		b = 1
	}
	table := fs.fast[b][size].Load()
	if table == nil {
		fs.fast[b][size].CompareAndSwap(nil, new([fastRunes]atomic.Pointer[glyph]))
		table = fs.fast[b][size].Load()
	}
	if g := table[r].Load(); g != nil {
		return g
	}
	table[r].CompareAndSwap(nil, fs.slowGlyph(bold, size, r))
	return table[r].Load()
}

// slowGlyph returns the glyph of r from glyphs, rasterizing it the first
// time.
func (fs *Fonts) slowGlyph(bold bool, size int, r rune) *glyph {
	k := glyphKey{faceKey{bold, size}, r}
	if g, ok := fs.glyphs.Load(k); ok {
		return g.(*glyph)
	}
	g := fs.rasterize(k)
	actual, _ := fs.glyphs.LoadOrStore(k, g)
	return actual.(*glyph)
}

func (fs *Fonts) rasterize(k glyphKey) *glyph {
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
	if fs.Steps > 0 {
		stepMask(m, fs.Steps)
	}
	g.mask = m
	return g
}

// Width returns the width of s in pixels, set bold or not at size.
func (fs *Fonts) Width(s string, bold bool, size int) int {
	var w fixed.Int26_6
	for _, r := range s {
		w += fs.glyph(bold, size, r).advance
	}
	return w.Ceil()
}

// Fit returns the text to draw and its size: t.S at the largest size from
// t.Size down to t.MinSize that fits the width of t.Rect, or else cut short
// with an ellipsis at t.MinSize.
func (fs *Fonts) Fit(t Text) (string, int) {
	w := t.Rect.Dx()
	size := t.Size
	lo := t.MinSize
	if lo <= 0 || lo > size {
		lo = size
	}
	for ; size >= lo; size-- {
		if fs.Width(t.S, t.Bold, size) <= w {
			return t.S, size
		}
	}
	size = lo
	rs := []rune(t.S)
	ell := fs.Width("…", t.Bold, size)
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

// Wrap breaks t into at most t.Lines lines at its spaces, at the largest
// size from t.Size down to t.MinSize where they fit the box's width (a
// word wider than the box shrinks them all); at t.MinSize the last line
// keeps what is left, and a line too wide is cut short when drawn.
// Each line comes back as a one-line text with its own box, the lines
// centred together in t's box.
func (fs *Fonts) Wrap(t Text) []Text {
	n := max(t.Lines, 1)
	lo := t.MinSize
	if lo <= 0 || lo > t.Size {
		lo = t.Size
	}
	words := strings.Fields(t.S)
	var lines []string
	size := t.Size
	for ; size >= lo; size-- {
		lines = fs.breakLines(words, t.Rect.Dx(), t.Bold, size)
		if len(lines) <= n && fs.widest(lines, t.Bold, size) <= t.Rect.Dx() {
			break
		}
	}
	size = max(size, lo)
	if len(lines) > n {
		lines = append(lines[:n-1], strings.Join(lines[n-1:], " "))
	}
	lineHeight := t.Rect.Dy() / n
	y := t.Rect.Min.Y + (t.Rect.Dy()-len(lines)*lineHeight)/2
	out := make([]Text, len(lines))
	for i, l := range lines {
		out[i] = t
		out[i].S, out[i].Size, out[i].MinSize, out[i].Lines = l, size, size, 1
		out[i].Rect = image.Rect(t.Rect.Min.X, y+i*lineHeight, t.Rect.Max.X, y+(i+1)*lineHeight)
	}
	return out
}

// widest returns the width of the widest of lines set at size: above the
// box's when a word alone is wider.
func (fs *Fonts) widest(lines []string, bold bool, size int) int {
	w := 0
	for _, l := range lines {
		w = max(w, fs.Width(l, bold, size))
	}
	return w
}

// breakLines fills lines of width w with words, set at size; a word wider
// than a line has a line of its own.
func (fs *Fonts) breakLines(words []string, w int, bold bool, size int) []string {
	var lines []string
	cur := ""
	for _, word := range words {
		next := word
		if cur != "" {
			next = cur + " " + word
		}
		if cur != "" && fs.Width(next, bold, size) > w {
			lines = append(lines, cur)
			next = word
		}
		cur = next
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// Draw paints t over dst fitted into its box (see Fit, and Wrap for a text
// of several lines), vertically centred on the box by the height of a
// capital letter. Letters the fonts lack draw nothing; an empty text, box
// or size draws nothing at all. It returns the rectangle it may have
// changed: the letters' boxes, which may reach out of the text's box.
func (fs *Fonts) Draw(dst *image.RGBA, t Text) image.Rectangle {
	if t.S == "" || t.Rect.Empty() || t.Size <= 0 {
		return image.Rectangle{}
	}
	if t.Lines > 1 {
		var drawn image.Rectangle
		for _, l := range fs.Wrap(t) {
			drawn = drawn.Union(fs.Draw(dst, l))
		}
		return drawn
	}
	s, size := fs.Fit(t)
	w := fs.Width(s, t.Bold, size)
	x := t.Rect.Min.X
	switch t.Align {
	case AlignCentre:
		x += (t.Rect.Dx() - w) / 2
	case AlignRight:
		x = t.Rect.Max.X - w
	}
	capHeight := size * 7 / 10
	y := t.Rect.Min.Y + (t.Rect.Dy()+capHeight)/2
	dot := fixed.I(x)
	var drawn image.Rectangle
	for _, r := range s {
		g := fs.glyph(t.Bold, size, r)
		if g.mask != nil {
			at := g.rect.Add(image.Pt(dot.Round(), y))
			drawGlyph(dst, at, t.Colour, g.mask)
			drawn = drawn.Union(at)
		}
		dot += g.advance
	}
	return drawn.Intersect(dst.Rect)
}

// drawGlyph paints colour c through a glyph's mask over dst at rectangle
// at, as draw.DrawMask with draw.Over does, to the same pixels. For an
// opaque colour (every text's) it skips the generic path's conversions
// and, where the mask is full, copies the colour.
func drawGlyph(dst *image.RGBA, at image.Rectangle, c color.RGBA, mask *image.Alpha) {
	if c.A != 0xff {
		draw.DrawMask(dst, at, image.NewUniform(c), image.Point{}, mask, image.Point{}, draw.Over)
		return
	}
	r := at.Intersect(dst.Rect).Intersect(mask.Rect.Add(at.Min.Sub(mask.Rect.Min)))
	if r.Empty() {
		return
	}
	mp := mask.Rect.Min.Add(r.Min.Sub(at.Min))
	const m = 0xffff
	sr, sg, sb := uint32(c.R)*0x101, uint32(c.G)*0x101, uint32(c.B)*0x101
	w := r.Dx()
	for y := 0; y < r.Dy(); y++ {
		row := mask.Pix[mask.PixOffset(mp.X, mp.Y+y):][:w]
		pix := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):][:4*w]
		for x, ma := range row {
			switch ma {
			case 0:
				continue
			case 0xff:
				d := pix[4*x : 4*x+4 : 4*x+4]
				d[0], d[1], d[2], d[3] = c.R, c.G, c.B, 0xff
				continue
			}
			// draw's drawGlyphOver with the source's alpha m.
			a16 := uint32(ma) | uint32(ma)<<8
			a := (m - a16) * 0x101
			d := pix[4*x : 4*x+4 : 4*x+4]
			d[0] = uint8((uint32(d[0])*a + sr*a16) / m >> 8)
			d[1] = uint8((uint32(d[1])*a + sg*a16) / m >> 8)
			d[2] = uint8((uint32(d[2])*a + sb*a16) / m >> 8)
			d[3] = uint8((uint32(d[3])*a + m*a16) / m >> 8)
		}
	}
}

// Cut reports whether drawing t cuts it short with "…": whether it does
// not fit its box at t.MinSize, on t.Lines lines when above one.
func (fs *Fonts) Cut(t Text) bool {
	if t.Lines > 1 {
		for _, l := range fs.Wrap(t) {
			if fs.Cut(l) {
				return true
			}
		}
		return false
	}
	s, _ := fs.Fit(t)
	return s != t.S
}
