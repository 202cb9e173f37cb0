package render

import (
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/vector"
)

// Hex is an opaque colour written 0xRRGGBB, so that a game's theme can be
// constants.
type Hex uint32

// Colour returns h as an opaque colour.
func (h Hex) Colour() color.RGBA {
	return color.RGBA{uint8(h >> 16), uint8(h >> 8), uint8(h), 0xff}
}

// Filler fills shapes with an anti-aliasing vector rasterizer. The zero
// value is ready to use. It is not safe for concurrent use: each drawing
// goroutine has its own.
type Filler struct {
	z vector.Rasterizer
	// Steps, when above zero, rounds the coverage at the edges of shapes to
	// that many steps between empty and full. Layers drawn once may be
	// drawn so: three steps look as smooth at a glance and make the edges
	// repeat from row to row, which the PNG compressor rewards (a tenth
	// smaller files for Shangri-La's board, see docs/notes/render.md).
	Steps int
	// Cache, when set and Steps is not, keeps the coverage of the shapes
	// filled (see FillCache).
	Cache *FillCache
	// mask is room for a shape's coverage, kept from one shape to the next;
	// key for a shape's key in Cache.
	mask []uint8
	key  []byte
}

// addShape adds the shape's polygons to the rasterizer relative to origin,
// each turned to wind the same way.
func (f *Filler) addShape(s Shape, origin Pt) {
	for _, p := range s {
		if p.Area() < 0 {
			rev := make(Poly, len(p))
			for i, q := range p {
				rev[len(p)-1-i] = q
			}
			p = rev
		}
		f.addPoly(p, origin)
	}
}

// addPoly adds one polygon as it winds.
func (f *Filler) addPoly(p Poly, origin Pt) {
	if len(p) < 3 {
		return
	}
	q := p[0].Sub(origin)
	f.z.MoveTo(q.X, q.Y)
	for _, q := range p[1:] {
		q = q.Sub(origin)
		f.z.LineTo(q.X, q.Y)
	}
	f.z.ClosePath()
}

// addHoles adds polygons winding against those of addShape, which cut them
// out where they overlap a single solid.
func (f *Filler) addHoles(s Shape, origin Pt) {
	for _, p := range s {
		rev := make(Poly, len(p))
		for i, q := range p {
			rev[len(p)-1-i] = q
		}
		if p.Area() < 0 {
			rev = p
		}
		f.addPoly(rev, origin)
	}
}

// Fill paints the shape in colour c over dst and returns the rectangle it
// may have changed.
func (f *Filler) Fill(dst *image.RGBA, s Shape, c Hex) image.Rectangle {
	return f.FillHoles(dst, s, nil, c)
}

// FillHoles paints the solids in colour c over dst, leaving out the holes
// (each hole cuts a single solid it overlaps), and returns the rectangle
// it may have changed.
func (f *Filler) FillHoles(dst *image.RGBA, solids, holes Shape, c Hex) image.Rectangle {
	r := solids.Bounds().Intersect(dst.Bounds())
	if r.Empty() {
		return image.Rectangle{}
	}
	if f.Cache != nil && f.Steps <= 0 && f.z.DrawOp == draw.Over {
		f.fillCached(dst, r, solids, holes, c)
		return r
	}
	f.z.Reset(r.Dx(), r.Dy())
	f.addShape(solids, PtOf(r.Min))
	f.addHoles(holes, PtOf(r.Min))
	if f.Steps <= 0 {
		f.z.Draw(dst, r, image.NewUniform(c.Colour()), image.Point{})
		return r
	}
	n := r.Dx() * r.Dy()
	if cap(f.mask) < n {
		f.mask = make([]uint8, n)
	}
	m := &image.Alpha{Pix: f.mask[:n], Stride: r.Dx(), Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
	f.z.DrawOp = draw.Src
	f.z.Draw(m, m.Rect, image.NewUniform(color.Alpha{0xff}), image.Point{})
	stepMask(m, f.Steps)
	draw.DrawMask(dst, r, image.NewUniform(c.Colour()), image.Point{}, m, image.Point{}, draw.Over)
	return r
}

// stepMask rounds a mask's coverage to the given number of steps.
func stepMask(m *image.Alpha, steps int) {
	var table [256]uint8
	for a := range table {
		table[a] = uint8((a*steps + 127) / 255 * 255 / steps)
	}
	for i, a := range m.Pix {
		m.Pix[i] = table[a]
	}
}

// MaskOp is one step of building a mask: add the shape, or cut it away.
type MaskOp struct {
	Shape Shape
	Cut   bool
}

// Mask rasterizes the steps in order into a w by h alpha mask. Adding
// takes the maximum coverage and cutting removes coverage, so a mask can
// be built like a stencil: shapes united, holes cut, details added back.
// It ignores Steps.
func (f *Filler) Mask(w, h int, ops ...MaskOp) *image.Alpha {
	out := image.NewAlpha(image.Rect(0, 0, w, h))
	tmp := image.NewAlpha(out.Rect)
	for _, op := range ops {
		clear(tmp.Pix)
		f.z.Reset(w, h)
		f.z.DrawOp = draw.Src
		f.addShape(op.Shape, Pt{})
		f.z.Draw(tmp, tmp.Rect, image.NewUniform(color.Alpha{0xff}), image.Point{})
		for i, a := range tmp.Pix {
			if op.Cut {
				out.Pix[i] = uint8(uint32(out.Pix[i]) * uint32(255-a) / 255)
			} else {
				out.Pix[i] = max(out.Pix[i], a)
			}
		}
	}
	return out
}

// Scaled rasterizes an icon, steps drawn in the unit square, into a size
// by size mask. Icons are drawn as shapes once and rasterized once per
// size, so that stamping one costs a masked copy.
func (f *Filler) Scaled(ops []MaskOp, size int) *image.Alpha {
	k := float32(size)
	out := make([]MaskOp, len(ops))
	for i, op := range ops {
		out[i] = MaskOp{Shape: op.Shape.Transform(k, Pt{}), Cut: op.Cut}
	}
	return f.Mask(size, size, out...)
}

// Stamp paints mask m in colour c over dst, centred in r, and returns the
// rectangle it may have changed. A nil mask paints nothing.
func Stamp(dst *image.RGBA, m *image.Alpha, r image.Rectangle, c Hex) image.Rectangle {
	if m == nil {
		return image.Rectangle{}
	}
	s := m.Rect.Size()
	at := image.Pt(r.Min.X+(r.Dx()-s.X)/2, r.Min.Y+(r.Dy()-s.Y)/2)
	box := image.Rectangle{Min: at, Max: at.Add(s)}
	draw.DrawMask(dst, box, image.NewUniform(c.Colour()), image.Point{}, m, m.Rect.Min, draw.Over)
	return box.Intersect(dst.Rect)
}

// FillRect paints rectangle r of dst (the part of it dst holds) in
// colour c. The first row is filled by doubling copies and then copied to
// the others: image/draw fills its first row pixel by pixel, which made
// the many small rectangles of the renderers' bookkeeping costly.
func FillRect(dst *image.RGBA, r image.Rectangle, c Hex) {
	r = r.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	n := 4 * r.Dx()
	first := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y):][:n]
	col := c.Colour()
	first[0], first[1], first[2], first[3] = col.R, col.G, col.B, col.A
	for k := 4; k < n; k *= 2 {
		copy(first[k:], first[:k])
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(dst.Pix[dst.PixOffset(r.Min.X, y):][:n], first)
	}
}

// CopyRect copies rectangle d of src into dst; both must hold it.
func CopyRect(dst, src *image.RGBA, d image.Rectangle) {
	n := 4 * d.Dx()
	for y := d.Min.Y; y < d.Max.Y; y++ {
		i, j := dst.PixOffset(d.Min.X, y), src.PixOffset(d.Min.X, y)
		copy(dst.Pix[i:i+n], src.Pix[j:j+n])
	}
}
