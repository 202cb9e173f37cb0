package menara

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"math"
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
	dirty render.Dirty
	// cache, when not nil, holds the coverage of shapes drawn before (the
	// renderer's); key and scratch are the key of the shape being drawn
	// and its coverage when not cached.
	cache   *coverageCache
	key     []byte
	scratch coverage
	// line is scratch for coverage.composite.
	line []uint8
	// rec, while recording, takes what dirty would (see mark): the parts
	// of a plan being drawn, for the renderer's cache of plans.
	rec       render.Dirty
	recording bool
	// kept are the tiles drawn on the canvas and recorded as converted
	// (a piece drawn and kept, see painter.placed): with those recorded
	// as drawn, what the canvas holds besides blank paper. The other
	// tiles recorded as converted were written from the cache, in palette
	// indices only.
	kept []image.Rectangle
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
	ra.fillIn(dst, solids.Bounds().Intersect(dst.Rect), solids, holes, c)
}

// fillIn fills as fill does, r being the solids' bounds within dst, which
// the caller knows already (their bounds are a pass over every point).
func (ra *raster) fillIn(dst *image.RGBA, r image.Rectangle, solids, holes render.Shape, c render.Hex) {
	if r.Empty() {
		return
	}
	ra.mark(r)
	ra.coverageOf(r, solids, holes).composite(dst, r.Min, c.Colour(), &ra.line)
}

// coverageOf returns the coverage of the solids less the holes in box r:
// from the renderer's cache when it holds it (see coverage.go), else
// rasterized (and kept).
func (ra *raster) coverageOf(r image.Rectangle, solids, holes render.Shape) *coverage {
	w, h := r.Dx(), r.Dy()
	origin := render.PtOf(r.Min)
	k := binary.LittleEndian.AppendUint32(ra.key[:0], uint32(w))
	k = binary.LittleEndian.AppendUint32(k, uint32(h))
	for _, p := range solids {
		k = render.AppendPoly(k, p, origin, p.Area() < 0)
	}
	for _, p := range holes {
		k = render.AppendPoly(k, p, origin, p.Area() > 0)
	}
	ra.key = k
	if ra.cache != nil {
		if cov := ra.cache.get(k); cov != nil {
			return cov
		}
	}
	ra.z.Reset(w, h)
	ra.z.DrawOp = draw.Src
	ra.addPath(k[8:])
	if cap(ra.mask) < w*h {
		ra.mask = make([]uint8, w*h)
	}
	m := &image.Alpha{Pix: ra.mask[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}
	ra.z.Draw(m, m.Rect, opaque, image.Point{})
	ra.scratch.reset()
	ra.scratch.addRows(m.Pix, w)
	if ra.cache == nil {
		return &ra.scratch
	}
	cov := ra.scratch.clone()
	ra.cache.put(k, cov)
	return cov
}

// addPath gives the rasterizer the polygons of path, as render.AppendPoly wrote
// them: each its number of points and its points.
func (ra *raster) addPath(path []byte) {
	le := binary.LittleEndian
	at := func(i int) (float32, float32) {
		return math.Float32frombits(le.Uint32(path[i:])), math.Float32frombits(le.Uint32(path[i+4:]))
	}
	for len(path) > 0 {
		n := int(le.Uint32(path))
		path = path[4:]
		ra.z.MoveTo(at(0))
		for i := 1; i < n; i++ {
			ra.z.LineTo(at(8 * i))
		}
		ra.z.ClosePath()
		path = path[8*n:]
	}
}

// blend returns pixel p (red in the low byte, then green, blue, alpha)
// with a colour over it at coverage k (1 to 254), the colour given as its
// red and blue in the low bytes of two 16-bit halves (crb) and its green
// and alpha likewise (cga): each channel div255(p·(255-k) + c·k), as
// the compositing did channel by channel before (TestBlend), two channels a
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
