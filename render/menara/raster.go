package menara

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"math/bits"

	"golang.org/x/image/vector"

	"github.com/tablebot/tablebot/render"
)

// raster fills shapes with anti-aliasing, as render.Filler does, but
// composites the colour itself: the vector package's compositing of a
// uniform colour onto RGBA divides four times per pixel of the shape's
// box, covered or not, which made it most of an image's cost. Here the
// rasterizer only writes the coverage (its fast path for glyphs), and the
// colour is then copied where the coverage is full, blended where it is
// partial, and nothing is done elsewhere. The pixels are those of
// render.Filler to within one level of rounding.
//
// A raster records in dirty what it fills (see Renderer.image). It is not
// safe for concurrent use: each drawing has its own.
type raster struct {
	z     vector.Rasterizer
	mask  []uint8
	rev   render.Poly
	dirty render.Dirty
	// rec, while recording, takes what dirty would (see mark): the parts
	// of a plan being drawn, for the renderer's cache of plans.
	rec       render.Dirty
	recording bool
	// Scratch for painter.fillShape.
	bounds []image.Rectangle
	part   render.Shape
}

// mark records r as drawn on: in dirty, or in rec while recording.
func (ra *raster) mark(r image.Rectangle) {
	if ra.recording {
		ra.rec.Add(r)
		return
	}
	ra.dirty.Add(r)
}

var opaque = image.NewUniform(color.Alpha{A: 0xff})

// fill paints the solids in colour c over dst, leaving out the holes. All
// solids wind one way and the holes the other, so that overlapping solids
// unite and holes cut them.
func (ra *raster) fill(dst *image.RGBA, solids, holes render.Shape, c render.Hex) {
	r := solids.Bounds().Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	ra.mark(r)
	w, h := r.Dx(), r.Dy()
	ra.z.Reset(w, h)
	ra.z.DrawOp = draw.Src
	origin := render.PtOf(r.Min)
	for _, p := range solids {
		ra.add(p, origin, p.Area() < 0)
	}
	for _, p := range holes {
		ra.add(p, origin, p.Area() > 0)
	}
	if cap(ra.mask) < w*h {
		ra.mask = make([]uint8, w*h)
	}
	m := &image.Alpha{Pix: ra.mask[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}
	ra.z.Draw(m, m.Rect, opaque, image.Point{})
	col := c.Colour()
	for y := 0; y < h; y++ {
		row := m.Pix[y*w : y*w+w]
		pix := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):][:4*w]
		compositeRow(pix, row, col)
	}
}

// compositeRow paints colour c over a row of pixels with the coverage in
// mask, len(pix) = 4·len(mask): nothing where the coverage is none, the
// colour itself where it is full, a blend elsewhere. Most of a shape's
// box is runs of no or of full coverage, found eight pixels at a time.
func compositeRow(pix, mask []uint8, c color.RGBA) {
	crb, cga := uint32(c.R)|uint32(c.B)<<16, uint32(c.G)|0xff<<16
	for x := 0; x < len(mask); {
		switch a := mask[x]; a {
		case 0:
			x = runEnd(mask, x, 0)
		case 0xff:
			end := runEnd(mask, x, 0xff)
			fillColour(pix[4*x:4*end], c)
			x = end
		default:
			p := pix[4*x : 4*x+4 : 4*x+4]
			binary.LittleEndian.PutUint32(p, blend(binary.LittleEndian.Uint32(p), crb, cga, uint32(a)))
			x++
		}
	}
}

// blend returns pixel p (red in the low byte, then green, blue, alpha)
// with a colour over it at coverage k (1 to 254), the colour given as its
// red and blue in the low bytes of two 16-bit halves (crb) and its green
// and alpha likewise (cga): each channel div255(p·(255-k) + c·k), as
// compositeRow did channel by channel (TestBlend), two channels a
// multiplication, each in its own 16-bit half (no sum reaches 2¹⁶).
func blend(p, crb, cga, k uint32) uint32 {
	const lo = 0x00ff00ff
	na := 255 - k
	rb := (p&lo)*na + crb*k + 0x00800080
	ga := (p>>8&lo)*na + cga*k + 0x00800080
	rb = (rb + rb>>8&lo) >> 8 & lo
	ga = (ga + ga>>8&lo) >> 8 & lo
	return rb | ga<<8
}

// runEnd returns where the run of bytes b that mask has from x ends:
// eight bytes at a time, and 32 at a time once the run is longer than
// eight.
func runEnd(mask []uint8, x int, b uint8) int {
	pattern := uint64(b) * 0x0101010101010101
	le := binary.LittleEndian
	if x+8 <= len(mask) {
		if w := le.Uint64(mask[x:]) ^ pattern; w != 0 {
			return x + bits.TrailingZeros64(w)/8
		}
		x += 8
		for x+32 <= len(mask) {
			q := (*[32]uint8)(mask[x:])
			if (le.Uint64(q[0:])^pattern)|(le.Uint64(q[8:])^pattern)|(le.Uint64(q[16:])^pattern)|(le.Uint64(q[24:])^pattern) != 0 {
				break
			}
			x += 32
		}
	}
	for x+8 <= len(mask) {
		if w := le.Uint64(mask[x:]) ^ pattern; w != 0 {
			return x + bits.TrailingZeros64(w)/8
		}
		x += 8
	}
	for x < len(mask) && mask[x] == b {
		x++
	}
	return x
}

// fillColour fills pixels with the opaque colour c: a few pixels word by
// word, more by doubling copies of the first.
func fillColour(pix []uint8, c color.RGBA) {
	w := uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | 0xff<<24
	if len(pix) <= 4*16 {
		for i := 0; i+4 <= len(pix); i += 4 {
			binary.LittleEndian.PutUint32(pix[i:], w)
		}
		return
	}
	binary.LittleEndian.PutUint32(pix, w)
	for n := 4; n < len(pix); n *= 2 {
		copy(pix[n:], pix[:n])
	}
}

// add adds polygon p, moved by -origin, to the rasterizer, reversed when
// reverse is set.
func (ra *raster) add(p render.Poly, origin render.Pt, reverse bool) {
	if len(p) < 3 {
		return
	}
	if reverse {
		ra.rev = ra.rev[:0]
		for i := len(p) - 1; i >= 0; i-- {
			ra.rev = append(ra.rev, p[i])
		}
		p = ra.rev
	}
	q := p[0].Sub(origin)
	ra.z.MoveTo(q.X, q.Y)
	for _, q := range p[1:] {
		q = q.Sub(origin)
		ra.z.LineTo(q.X, q.Y)
	}
	ra.z.ClosePath()
}
