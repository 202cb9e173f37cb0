package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"math"
)

// A board fills the same shapes again and again (the rings and arrows of
// the last move, the panel's boxes): the rasterizer's coverage of a shape
// is a function of what it is given, the box's size and the polygons'
// points in the box's coordinates, bit for bit. A FillCache keeps the
// coverage of the shapes a Filler filled under exactly that, as runs, and
// the Filler paints a shape met again from them: the same pixels, without
// rasterizing the shape or going over the empty pixels of its box, and
// the full ones written as a plain copy of the colour. TestFillCache
// checks the pixels against the rasterizer's own painting.

// FillCache holds the coverage of filled shapes, up to its Limit in bytes
// (see Keep). It is safe for concurrent use: the Fillers of several
// drawings may share one.
type FillCache = Keep[*fillCoverage]

// NewFillCache returns a cache of at most limit bytes.
func NewFillCache(limit int) *FillCache { return &FillCache{Limit: limit} }

// fillCoverage is a shape's coverage of its box as runs: row y's runs are
// runs[rows[y]:rows[y+1]]. A run is full (partial < 0) or has its values
// in partial; nothing is kept where the coverage is none. It is read-only
// once made.
type fillCoverage struct {
	rows    []int32
	runs    []fillRun
	partial []uint16
}

// fillRun is n pixels of a row from x: full when at is negative, else
// their coverage at partial[at:at+n].
type fillRun struct {
	x, n uint16
	at   int32
}

func (cov *fillCoverage) bytes() int {
	return 4*len(cov.rows) + 8*len(cov.runs) + 2*len(cov.partial)
}

// coverageOf makes the runs of ma, the rasterizer's coverage of a w-wide
// box, row after row.
func coverageOf(ma []uint16, w int) *fillCoverage {
	h := len(ma) / w
	cov := &fillCoverage{rows: make([]int32, 1, h+1)}
	for y := range h {
		row := ma[y*w:][:w]
		for x := 0; x < w; {
			kind := coverageKind(row[x])
			end := x + 1
			for end < w && coverageKind(row[end]) == kind {
				end++
			}
			switch kind {
			case fullCoverage:
				cov.runs = append(cov.runs, fillRun{x: uint16(x), n: uint16(end - x), at: -1})
			case partialCoverage:
				at := int32(len(cov.partial))
				cov.partial = append(cov.partial, row[x:end]...)
				cov.runs = append(cov.runs, fillRun{x: uint16(x), n: uint16(end - x), at: at})
			}
			x = end
		}
		cov.rows = append(cov.rows, int32(len(cov.runs)))
	}
	return cov
}

// The kinds of a pixel's coverage.
const (
	noCoverage = iota
	fullCoverage
	partialCoverage
)

func coverageKind(ma uint16) int {
	switch ma {
	case 0:
		return noCoverage
	case 0xffff:
		return fullCoverage
	}
	return partialCoverage
}

// over paints the coverage in colour c over dst's rectangle r (the box it
// was made for), as the rasterizer paints a uniform colour Over an RGBA
// image, to the same bytes.
func (cov *fillCoverage) over(dst *image.RGBA, r image.Rectangle, c Hex) {
	col := c.Colour()
	sr, sg, sb := uint32(col.R)*0x101, uint32(col.G)*0x101, uint32(col.B)*0x101
	const sa = 0xffff
	for y := range r.Dy() {
		pix := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):]
		for _, run := range cov.runs[cov.rows[y]:cov.rows[y+1]] {
			px := pix[4*int(run.x):][:4*int(run.n)]
			if run.at < 0 {
				// Full coverage of an opaque colour: the colour itself.
				for i := 0; i < len(px); i += 4 {
					px[i], px[i+1], px[i+2], px[i+3] = col.R, col.G, col.B, col.A
				}
				continue
			}
			for k, ma16 := range cov.partial[run.at:][:run.n] {
				ma := uint32(ma16)
				a := 0xffff - (sa * ma / 0xffff)
				i := 4 * k
				px[i+0] = uint8(((uint32(px[i+0])*0x101*a + sr*ma) / 0xffff) >> 8)
				px[i+1] = uint8(((uint32(px[i+1])*0x101*a + sg*ma) / 0xffff) >> 8)
				px[i+2] = uint8(((uint32(px[i+2])*0x101*a + sb*ma) / 0xffff) >> 8)
				px[i+3] = uint8(((uint32(px[i+3])*0x101*a + sa*ma) / 0xffff) >> 8)
			}
		}
	}
}

// fillKey writes what the rasterizer is given for solids and holes in a
// box r: its size and every polygon's points, as addShape and addHoles
// give them, bit for bit, each polygon after a tag saying which it is.
func fillKey(key []byte, r image.Rectangle, solids, holes Shape) []byte {
	key = binary.LittleEndian.AppendUint32(key, uint32(r.Dx()))
	key = binary.LittleEndian.AppendUint32(key, uint32(r.Dy()))
	origin := PtOf(r.Min)
	for _, p := range solids {
		key = AppendPoly(append(key, 's'), p, origin, p.Area() < 0)
	}
	for _, p := range holes {
		key = AppendPoly(append(key, 'h'), p, origin, p.Area() >= 0)
	}
	return key
}

// AppendPoly appends polygon p to key b as a rasterizer is given it: its
// number of points, then each point moved by -origin, bit for bit, in
// reverse order when reverse is set. A polygon of fewer than three
// points, which draws nothing, appends nothing. A cache of coverage keys
// shapes by it (FillCache, Menara's renderer).
func AppendPoly(b []byte, p Poly, origin Pt, reverse bool) []byte {
	if len(p) < 3 {
		return b
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(p)))
	for i := range p {
		q := p[i]
		if reverse {
			q = p[len(p)-1-i]
		}
		q = q.Sub(origin)
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(q.X))
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(q.Y))
	}
	return b
}

// rasterized is the rasterizer's coverage of what was added to f.z for a
// box of r's size, exactly: drawn Src in an opaque colour into 16 bits.
func (f *Filler) rasterized(r image.Rectangle) *fillCoverage {
	sink := &coverageSink{w: r.Dx(), ma: make([]uint16, r.Dx()*r.Dy())}
	f.z.DrawOp = draw.Src
	f.z.Draw(sink, image.Rect(0, 0, r.Dx(), r.Dy()), image.NewUniform(color.Alpha16{A: 0xffff}), image.Point{})
	f.z.DrawOp = draw.Over
	return coverageOf(sink.ma, sink.w)
}

// coverageSink takes the rasterizer's coverage through the general path of
// its Draw (an opaque colour drawn Src gives each pixel's coverage as its
// alpha, all 16 bits of it), more cheaply than an image.Alpha16.
type coverageSink struct {
	w  int
	ma []uint16
}

func (s *coverageSink) ColorModel() color.Model { return color.Alpha16Model }

func (s *coverageSink) Bounds() image.Rectangle { return image.Rect(0, 0, s.w, len(s.ma)/s.w) }

func (s *coverageSink) At(x, y int) color.Color { return color.Alpha16{A: s.ma[y*s.w+x]} }

func (s *coverageSink) Set(x, y int, c color.Color) {
	if c64, ok := c.(*color.RGBA64); ok {
		s.ma[y*s.w+x] = c64.A
		return
	}
	_, _, _, a := c.RGBA()
	s.ma[y*s.w+x] = uint16(a)
}

// fillCached paints solids less holes in colour c over dst's box r from
// the cache, rasterizing and keeping their coverage the first time.
func (f *Filler) fillCached(dst *image.RGBA, r image.Rectangle, solids, holes Shape, c Hex) {
	f.key = fillKey(f.key[:0], r, solids, holes)
	cov, ok := f.Cache.Get(f.key)
	if !ok {
		f.z.Reset(r.Dx(), r.Dy())
		f.addShape(solids, PtOf(r.Min))
		f.addHoles(holes, PtOf(r.Min))
		cov = f.rasterized(r)
		f.Cache.Put(f.key, cov, cov.bytes())
	}
	cov.over(dst, r, c)
}
