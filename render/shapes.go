package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// pt is a point in pixels (or in the unit square, for icons).
type pt struct{ X, Y float32 }

func (a pt) add(b pt) pt             { return pt{a.X + b.X, a.Y + b.Y} }
func (a pt) sub(b pt) pt             { return pt{a.X - b.X, a.Y - b.Y} }
func (a pt) mul(k float32) pt        { return pt{a.X * k, a.Y * k} }
func (a pt) len() float32            { return float32(math.Hypot(float64(a.X), float64(a.Y))) }
func (a pt) unit() pt                { return a.mul(1 / a.len()) }
func (a pt) perp() pt                { return pt{-a.Y, a.X} }
func (a pt) lerp(b pt, t float32) pt { return a.add(b.sub(a).mul(t)) }
func (a pt) image() image.Point {
	return image.Pt(int(math.Round(float64(a.X))), int(math.Round(float64(a.Y))))
}

func ptOf(p image.Point) pt { return pt{float32(p.X), float32(p.Y)} }

// poly is a closed polygon. Curves are flattened into polygons when they are
// built, which keeps filling, transforming and orienting simple.
type poly []pt

// shape is a set of polygons filled as their union: fill makes them all
// wind the same way, so that overlaps add up instead of cancelling.
type shape []poly

func (p poly) area() float32 {
	var a float32
	for i := range p {
		q, r := p[i], p[(i+1)%len(p)]
		a += q.X*r.Y - r.X*q.Y
	}
	return a / 2
}

func (p poly) bounds() (lo, hi pt) {
	lo, hi = p[0], p[0]
	for _, q := range p[1:] {
		lo = pt{min(lo.X, q.X), min(lo.Y, q.Y)}
		hi = pt{max(hi.X, q.X), max(hi.Y, q.Y)}
	}
	return lo, hi
}

// transform scales a polygon about the origin and then moves it.
func (p poly) transform(k float32, d pt) poly {
	out := make(poly, len(p))
	for i, q := range p {
		out[i] = q.mul(k).add(d)
	}
	return out
}

func (s shape) transform(k float32, d pt) shape {
	out := make(shape, len(s))
	for i, p := range s {
		out[i] = p.transform(k, d)
	}
	return out
}

// arcSteps is how many segments flatten an arc of radius r (in pixels once
// scaled) through angle a: enough that the error stays under a tenth of a
// pixel at the sizes drawn.
func arcSteps(r, a float32) int {
	n := int(math.Ceil(float64(a) / (2 * math.Pi) * math.Max(12, math.Sqrt(float64(r))*10)))
	return max(n, 2)
}

// arc appends to p the points of an arc around c from angle a0 to a1
// (radians, y down so positive turns clockwise on screen).
func arc(p poly, c pt, rx, ry, a0, a1 float32) poly {
	n := arcSteps(max(rx, ry)*2, float32(math.Abs(float64(a1-a0))))
	for i := 0; i <= n; i++ {
		a := float64(a0 + (a1-a0)*float32(i)/float32(n))
		p = append(p, pt{c.X + rx*float32(math.Cos(a)), c.Y + ry*float32(math.Sin(a))})
	}
	return p
}

func circle(c pt, r float32) poly { return ellipse(c, r, r) }

func ellipse(c pt, rx, ry float32) poly {
	p := arc(nil, c, rx, ry, 0, 2*math.Pi)
	return p[:len(p)-1]
}

func rectPoly(x0, y0, x1, y1 float32) poly {
	return poly{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
}

// roundRect is a rectangle with corners rounded to radius r.
func roundRect(x0, y0, x1, y1, r float32) poly {
	r = min(r, (x1-x0)/2, (y1-y0)/2)
	var p poly
	p = arc(p, pt{x1 - r, y0 + r}, r, r, -math.Pi/2, 0)
	p = arc(p, pt{x1 - r, y1 - r}, r, r, 0, math.Pi/2)
	p = arc(p, pt{x0 + r, y1 - r}, r, r, math.Pi/2, math.Pi)
	p = arc(p, pt{x0 + r, y0 + r}, r, r, math.Pi, 3*math.Pi/2)
	return p
}

func roundRectOf(r image.Rectangle, radius float32) poly {
	return roundRect(float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y), radius)
}

// segment is the straight band of width w from a to b, with square ends.
func segment(a, b pt, w float32) poly {
	n := b.sub(a).unit().perp().mul(w / 2)
	return poly{a.add(n), b.add(n), b.sub(n), a.sub(n)}
}

// stroke is the band of width w along the points, with round ends and
// joins.
func stroke(pts []pt, w float32) shape {
	var s shape
	for i := 0; i+1 < len(pts); i++ {
		if pts[i] != pts[i+1] {
			s = append(s, segment(pts[i], pts[i+1], w))
		}
	}
	for _, q := range pts {
		s = append(s, circle(q, w/2))
	}
	return s
}

// star is a star of n points between radii ro and ri, the first point
// straight up.
func star(c pt, ro, ri float32, n int) poly {
	p := make(poly, 0, 2*n)
	for i := 0; i < 2*n; i++ {
		r := ro
		if i%2 == 1 {
			r = ri
		}
		a := -math.Pi/2 + float64(i)*math.Pi/float64(n)
		p = append(p, pt{c.X + r*float32(math.Cos(a)), c.Y + r*float32(math.Sin(a))})
	}
	return p
}

// quad samples the quadratic Bézier curve from a via b to c.
func quad(a, b, c pt, n int) []pt {
	out := make([]pt, 0, n+1)
	for i := 0; i <= n; i++ {
		t := float32(i) / float32(n)
		u := 1 - t
		out = append(out, a.mul(u*u).add(b.mul(2*u*t)).add(c.mul(t*t)))
	}
	return out
}

// cubic samples the cubic Bézier curve from a via b and c to d.
func cubic(a, b, c, d pt, n int) []pt {
	out := make([]pt, 0, n+1)
	for i := 0; i <= n; i++ {
		t := float32(i) / float32(n)
		u := 1 - t
		out = append(out, a.mul(u*u*u).add(b.mul(3*u*u*t)).add(c.mul(3*u*t*t)).add(d.mul(t*t*t)))
	}
	return out
}

// shapeBounds returns the pixel rectangle covering the shape.
func shapeBounds(s shape) image.Rectangle {
	var r image.Rectangle
	for _, p := range s {
		if len(p) == 0 {
			continue
		}
		lo, hi := p.bounds()
		pr := image.Rect(int(math.Floor(float64(lo.X))), int(math.Floor(float64(lo.Y))),
			int(math.Ceil(float64(hi.X)))+1, int(math.Ceil(float64(hi.Y)))+1)
		r = r.Union(pr)
	}
	return r
}

// filler fills shapes with the vector rasterizer. It is not safe for
// concurrent use; each drawing goroutine has its own.
type filler struct {
	z vector.Rasterizer
	// steps, when above zero, rounds the coverage at the edges of shapes to
	// that many steps between empty and full. The static layer is drawn so:
	// three steps look as smooth at a glance and make the edges repeat
	// from row to row, which the PNG compressor rewards (a tenth smaller
	// files, see docs/notes/render.md).
	steps int
}

// addShape adds the shape's polygons to the rasterizer relative to origin,
// each turned to wind the same way.
func (f *filler) addShape(s shape, origin pt) {
	for _, p := range s {
		if p.area() < 0 {
			rev := make(poly, len(p))
			for i, q := range p {
				rev[len(p)-1-i] = q
			}
			p = rev
		}
		f.addPoly(p, origin)
	}
}

// addPoly adds one polygon as it winds.
func (f *filler) addPoly(p poly, origin pt) {
	if len(p) < 3 {
		return
	}
	q := p[0].sub(origin)
	f.z.MoveTo(q.X, q.Y)
	for _, q := range p[1:] {
		q = q.sub(origin)
		f.z.LineTo(q.X, q.Y)
	}
	f.z.ClosePath()
}

// fill paints the shape in colour c onto dst.
func (f *filler) fill(dst *image.RGBA, s shape, c hex) { f.fillHoles(dst, s, nil, c) }

// fillHoles paints the solids in colour c onto dst, leaving out the holes.
func (f *filler) fillHoles(dst *image.RGBA, solids, holes shape, c hex) {
	r := shapeBounds(solids).Intersect(dst.Bounds())
	if r.Empty() {
		return
	}
	f.z.Reset(r.Dx(), r.Dy())
	f.addShape(solids, ptOf(r.Min))
	f.addHoles(holes, ptOf(r.Min))
	if f.steps <= 0 {
		f.z.Draw(dst, r, image.NewUniform(c.rgba()), image.Point{})
		return
	}
	m := image.NewAlpha(image.Rect(0, 0, r.Dx(), r.Dy()))
	f.z.DrawOp = draw.Src
	f.z.Draw(m, m.Rect, image.NewUniform(color.Alpha{0xff}), image.Point{})
	stepMask(m, f.steps)
	draw.DrawMask(dst, r, image.NewUniform(c.rgba()), image.Point{}, m, image.Point{}, draw.Over)
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

// addHoles adds polygons winding against those of addShape, which cut them
// out where they overlap a single solid.
func (f *filler) addHoles(s shape, origin pt) {
	for _, p := range s {
		rev := make(poly, len(p))
		for i, q := range p {
			rev[len(p)-1-i] = q
		}
		if p.area() < 0 {
			rev = p
		}
		f.addPoly(rev, origin)
	}
}

// maskOp is one step of building a mask: add the shape, or cut it away.
type maskOp struct {
	s   shape
	cut bool
}

// mask rasterizes the steps in order into a w by h alpha mask. Adding takes
// the maximum coverage and cutting removes coverage, so a mask can be built
// like a stencil: shapes united, holes cut, details added back.
func (f *filler) mask(w, h int, ops ...maskOp) *image.Alpha {
	out := image.NewAlpha(image.Rect(0, 0, w, h))
	tmp := image.NewAlpha(out.Rect)
	for _, op := range ops {
		clear(tmp.Pix)
		f.z.Reset(w, h)
		f.z.DrawOp = draw.Src
		f.addShape(op.s, pt{})
		f.z.Draw(tmp, tmp.Rect, image.NewUniform(color.Alpha{0xff}), image.Point{})
		for i, a := range tmp.Pix {
			if op.cut {
				out.Pix[i] = uint8(uint32(out.Pix[i]) * uint32(255-a) / 255)
			} else {
				out.Pix[i] = max(out.Pix[i], a)
			}
		}
	}
	return out
}
