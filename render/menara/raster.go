package menara

import (
	"image"
	"image/color"
	"image/draw"

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
// A raster is not safe for concurrent use: each drawing has its own.
type raster struct {
	z    vector.Rasterizer
	mask []uint8
	rev  render.Poly
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
	cr, cg, cb := uint32(col.R), uint32(col.G), uint32(col.B)
	for y := 0; y < h; y++ {
		row := m.Pix[y*w : y*w+w]
		pix := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):]
		for x, a := range row {
			switch a {
			case 0:
				continue
			case 0xff:
				i := 4 * x
				pix[i], pix[i+1], pix[i+2], pix[i+3] = col.R, col.G, col.B, 0xff
			default:
				i := 4 * x
				k, na := uint32(a), 255-uint32(a)
				pix[i] = div255(uint32(pix[i])*na + cr*k)
				pix[i+1] = div255(uint32(pix[i+1])*na + cg*k)
				pix[i+2] = div255(uint32(pix[i+2])*na + cb*k)
				pix[i+3] = div255(uint32(pix[i+3])*na + 255*k)
			}
		}
	}
}

// div255 returns v/255 rounded, for v up to 255·255.
func div255(v uint32) uint8 {
	v += 128
	return uint8((v + v>>8) >> 8)
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
