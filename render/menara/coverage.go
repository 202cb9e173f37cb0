package menara

import (
	"encoding/binary"
	"image"
	"image/color"
	"sync/atomic"

	"github.com/tablebot/tablebot/render"
)

// A board is drawn from a few hundred shapes, and most of them were drawn
// before: the floors, columns and names of the temple that the last step
// did not touch, the panel's boxes, chips and corners, the many like
// circles. Rasterizing them was a fifth of a board's instructions. The
// rasterizer's coverage is a function of what it is given, the box's size
// and the polygons' points in the box's coordinates, bit for bit: the
// renderer keeps the coverage of the shapes it has drawn under exactly
// that (coverageCache), as runs (coverage), and composites a shape met
// again from them, which gives the same pixels without rasterizing it or
// scanning its box for the runs again. TestCoverageCached checks boards
// drawn with the cache against boards drawn without.

// coverageLimit is how many bytes of coverage (and keys) a renderer keeps.
// When a new coverage does not fit, coverages kept are dropped at random
// until it does. With the boards of 50 games drawn interleaved
// (BenchmarkRenderInterleaved), 16 MB found 76 % of a board's shapes,
// 32 MB 92 %, 64 MB 99 %; one game drawn alone, 89 % in 16 MB.
const coverageLimit = 32 << 20

// coverage is a shape's coverage of its box as runs: for each row, the
// spans where it is full and the spans where it is partial, their values
// kept; nothing is kept where it is none. It is read-only once made.
type coverage struct {
	// rows has the box's height plus one entries: row y's spans are
	// spans[rows[y]:rows[y+1]].
	rows  []int32
	spans []span
	alpha []uint8
	// widest is the length of the longest full span.
	widest int
}

// span is a run of a row of a coverage: n pixels from x, full when a is
// fullSpan, partial otherwise with their values at alpha[a:a+n].
type span struct {
	x, n uint16
	a    int32
}

// fullSpan marks a span of full coverage.
const fullSpan = -1

// reset makes c empty, keeping its storage.
func (c *coverage) reset() {
	c.rows = append(c.rows[:0], 0)
	c.spans = c.spans[:0]
	c.alpha = c.alpha[:0]
	c.widest = 0
}

// addRows appends the runs of the rows of mask, w bytes a row.
func (c *coverage) addRows(mask []uint8, w int) {
	for y := 0; y+w <= len(mask); y += w {
		row := mask[y : y+w]
		for x := 0; x < w; {
			switch row[x] {
			case 0:
				x = runEnd(row, x, 0)
			case 0xff:
				end := runEnd(row, x, 0xff)
				c.spans = append(c.spans, span{x: uint16(x), n: uint16(end - x), a: fullSpan})
				c.widest = max(c.widest, end-x)
				x = end
			default:
				start := x
				for x < w && row[x] != 0 && row[x] != 0xff {
					x++
				}
				c.spans = append(c.spans, span{x: uint16(start), n: uint16(x - start), a: int32(len(c.alpha))})
				c.alpha = append(c.alpha, row[start:x]...)
			}
		}
		c.rows = append(c.rows, int32(len(c.spans)))
	}
}

// size returns the bytes c holds.
func (c *coverage) size() int { return 4*len(c.rows) + 8*len(c.spans) + len(c.alpha) }

// clone returns a copy of c that shares no storage with it, as small as
// it can be.
func (c *coverage) clone() *coverage {
	return &coverage{
		rows:   append([]int32(nil), c.rows...),
		spans:  append([]span(nil), c.spans...),
		alpha:  append([]uint8(nil), c.alpha...),
		widest: c.widest,
	}
}

// composite paints colour col over dst with coverage c, its box's corner
// at at: the colour itself where the coverage is full, a blend where it is
// partial (blend), nothing where it is none. A full span is one copy from
// a row of the colour, made in line (scratch, kept by the caller) as
// long as the widest span: a board has tens of thousands of them.
func (c *coverage) composite(dst *image.RGBA, at image.Point, col color.RGBA, line *[]uint8) {
	crb, cga := uint32(col.R)|uint32(col.B)<<16, uint32(col.G)|0xff<<16
	word := uint32(col.R) | uint32(col.G)<<8 | uint32(col.B)<<16 | 0xff<<24
	if cap(*line) < 4*c.widest {
		*line = make([]uint8, 4*c.widest)
	}
	colour := (*line)[:4*c.widest]
	fillColour(colour, col)
	for y := 0; y+1 < len(c.rows); y++ {
		spans := c.spans[c.rows[y]:c.rows[y+1]]
		if len(spans) == 0 {
			continue
		}
		pix := dst.Pix[dst.PixOffset(at.X, at.Y+y):]
		for _, s := range spans {
			p := pix[4*int(s.x) : 4*(int(s.x)+int(s.n))]
			switch {
			case s.a == fullSpan && s.n <= 4:
				for i := 0; i < len(p); i += 4 {
					binary.LittleEndian.PutUint32(p[i:], word)
				}
			case s.a == fullSpan:
				copy(p, colour)
			default:
				for i, a := range c.alpha[s.a : s.a+int32(s.n)] {
					q := p[4*i : 4*i+4 : 4*i+4]
					binary.LittleEndian.PutUint32(q, blend(binary.LittleEndian.Uint32(q), crb, cga, uint32(a)))
				}
			}
		}
	}
}

// coverageCache holds coverages by their keys (raster.key), up to
// coverageLimit bytes (render.Keep). It is safe for concurrent use.
type coverageCache struct {
	render.Keep[*coverage]
	// hits counts the coverages found, for the tests.
	hits atomic.Int64
}

// get returns the coverage kept under key k, or nil.
func (cc *coverageCache) get(k []byte) *coverage {
	c, ok := cc.Get(k)
	if ok {
		cc.hits.Add(1)
	}
	return c
}

// put keeps c under key k.
func (cc *coverageCache) put(k []byte, c *coverage) { cc.Put(k, c, c.size()) }
