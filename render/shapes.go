package render

import (
	"image"
	"math"
)

// Pt is a point in pixels, or in the unit square for an icon drawn once
// and scaled (see Filler.Scaled). Y grows downwards, as in images.
type Pt struct{ X, Y float32 }

// Add returns a+b.
func (a Pt) Add(b Pt) Pt { return Pt{a.X + b.X, a.Y + b.Y} }

// Sub returns a-b.
func (a Pt) Sub(b Pt) Pt { return Pt{a.X - b.X, a.Y - b.Y} }

// Mul returns a scaled by k.
func (a Pt) Mul(k float32) Pt { return Pt{a.X * k, a.Y * k} }

// Len returns a's distance from the origin.
func (a Pt) Len() float32 { return float32(math.Hypot(float64(a.X), float64(a.Y))) }

// Unit returns a scaled to length 1; a must not be the origin.
func (a Pt) Unit() Pt { return a.Mul(1 / a.Len()) }

// Perp returns a turned a quarter: clockwise on the screen, y being down.
func (a Pt) Perp() Pt { return Pt{-a.Y, a.X} }

// Lerp returns the point at t of the way from a to b.
func (a Pt) Lerp(b Pt, t float32) Pt { return a.Add(b.Sub(a).Mul(t)) }

// Image returns the nearest pixel.
func (a Pt) Image() image.Point {
	return image.Pt(int(math.Round(float64(a.X))), int(math.Round(float64(a.Y))))
}

// PtOf returns pixel p as a point.
func PtOf(p image.Point) Pt { return Pt{float32(p.X), float32(p.Y)} }

// Poly is a closed polygon. Curves are flattened into polygons when they are
// built, which keeps filling, transforming and orienting simple.
type Poly []Pt

// Shape is a set of polygons filled as their union: Filler.Fill makes them
// all wind the same way, so that overlaps add up instead of cancelling.
type Shape []Poly

// Area returns the polygon's signed area: positive when it winds
// clockwise on the screen.
func (p Poly) Area() float32 {
	var a float32
	for i := range p {
		q, r := p[i], p[(i+1)%len(p)]
		a += q.X*r.Y - r.X*q.Y
	}
	return a / 2
}

// Bounds returns the corners of the smallest box holding a polygon, which
// must not be empty.
func (p Poly) Bounds() (lo, hi Pt) {
	lo, hi = p[0], p[0]
	for _, q := range p[1:] {
		lo = Pt{min(lo.X, q.X), min(lo.Y, q.Y)}
		hi = Pt{max(hi.X, q.X), max(hi.Y, q.Y)}
	}
	return lo, hi
}

// Transform scales a polygon by k about the origin and then moves it by d.
func (p Poly) Transform(k float32, d Pt) Poly {
	out := make(Poly, len(p))
	for i, q := range p {
		out[i] = q.Mul(k).Add(d)
	}
	return out
}

// Transform scales every polygon of the shape by k about the origin and
// then moves it by d.
func (s Shape) Transform(k float32, d Pt) Shape {
	out := make(Shape, len(s))
	for i, p := range s {
		out[i] = p.Transform(k, d)
	}
	return out
}

// Bounds returns the pixels covering the shape.
func (s Shape) Bounds() image.Rectangle {
	var r image.Rectangle
	for _, p := range s {
		if len(p) == 0 {
			continue
		}
		lo, hi := p.Bounds()
		pr := image.Rect(int(math.Floor(float64(lo.X))), int(math.Floor(float64(lo.Y))),
			int(math.Ceil(float64(hi.X)))+1, int(math.Ceil(float64(hi.Y)))+1)
		r = r.Union(pr)
	}
	return r
}

// arcSteps is how many segments flatten an arc of radius r (in pixels once
// scaled) through angle a: enough that the error stays under a tenth of a
// pixel at the sizes drawn.
func arcSteps(r, a float32) int {
	n := int(math.Ceil(float64(a) / (2 * math.Pi) * math.Max(12, math.Sqrt(float64(r))*10)))
	return max(n, 2)
}

// Arc appends to p the points of an elliptic arc around c, of radii rx
// and ry, from angle a0 to a1 (radians, y down so positive turns
// clockwise on the screen), both ends included.
func Arc(p Poly, c Pt, rx, ry, a0, a1 float32) Poly {
	n := arcSteps(max(rx, ry)*2, float32(math.Abs(float64(a1-a0))))
	for i := 0; i <= n; i++ {
		a := float64(a0 + (a1-a0)*float32(i)/float32(n))
		p = append(p, Pt{c.X + rx*float32(math.Cos(a)), c.Y + ry*float32(math.Sin(a))})
	}
	return p
}

// Circle returns the circle around c of radius r.
func Circle(c Pt, r float32) Poly { return Ellipse(c, r, r) }

// Ellipse returns the upright ellipse around c of radii rx and ry.
func Ellipse(c Pt, rx, ry float32) Poly {
	p := Arc(nil, c, rx, ry, 0, 2*math.Pi)
	return p[:len(p)-1]
}

// RectPoly returns the rectangle from (x0, y0) to (x1, y1).
func RectPoly(x0, y0, x1, y1 float32) Poly {
	return Poly{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
}

// RoundRect returns the rectangle from (x0, y0) to (x1, y1) with its
// corners rounded to radius r (at most half its width or height).
func RoundRect(x0, y0, x1, y1, r float32) Poly {
	r = min(r, (x1-x0)/2, (y1-y0)/2)
	var p Poly
	p = Arc(p, Pt{x1 - r, y0 + r}, r, r, -math.Pi/2, 0)
	p = Arc(p, Pt{x1 - r, y1 - r}, r, r, 0, math.Pi/2)
	p = Arc(p, Pt{x0 + r, y1 - r}, r, r, math.Pi/2, math.Pi)
	p = Arc(p, Pt{x0 + r, y0 + r}, r, r, math.Pi, 3*math.Pi/2)
	return p
}

// RoundRectOf returns rectangle r with its corners rounded to radius.
func RoundRectOf(r image.Rectangle, radius float32) Poly {
	return RoundRect(float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y), radius)
}

// Segment returns the straight band of width w from a to b, with square
// ends.
func Segment(a, b Pt, w float32) Poly {
	n := b.Sub(a).Unit().Perp().Mul(w / 2)
	return Poly{a.Add(n), b.Add(n), b.Sub(n), a.Sub(n)}
}

// Stroke returns the band of width w along the points, with round ends
// and joins.
func Stroke(pts []Pt, w float32) Shape {
	var s Shape
	for i := 0; i+1 < len(pts); i++ {
		if pts[i] != pts[i+1] {
			s = append(s, Segment(pts[i], pts[i+1], w))
		}
	}
	for _, q := range pts {
		s = append(s, Circle(q, w/2))
	}
	return s
}

// Star returns a star of n points around c between radii ro and ri, the
// first point straight up.
func Star(c Pt, ro, ri float32, n int) Poly {
	p := make(Poly, 0, 2*n)
	for i := 0; i < 2*n; i++ {
		r := ro
		if i%2 == 1 {
			r = ri
		}
		a := -math.Pi/2 + float64(i)*math.Pi/float64(n)
		p = append(p, Pt{c.X + r*float32(math.Cos(a)), c.Y + r*float32(math.Sin(a))})
	}
	return p
}

// Quad samples the quadratic Bézier curve from a via b to c at n+1
// points, both ends included.
func Quad(a, b, c Pt, n int) []Pt {
	out := make([]Pt, 0, n+1)
	for i := 0; i <= n; i++ {
		t := float32(i) / float32(n)
		u := 1 - t
		out = append(out, a.Mul(u*u).Add(b.Mul(2*u*t)).Add(c.Mul(t*t)))
	}
	return out
}

// Cubic samples the cubic Bézier curve from a via b and c to d at n+1
// points, both ends included.
func Cubic(a, b, c, d Pt, n int) []Pt {
	out := make([]Pt, 0, n+1)
	for i := 0; i <= n; i++ {
		t := float32(i) / float32(n)
		u := 1 - t
		out = append(out, a.Mul(u*u*u).Add(b.Mul(3*u*u*t)).Add(c.Mul(3*u*t*t)).Add(d.Mul(t*t*t)))
	}
	return out
}

// CircleRect returns the pixels of the square around the circle of
// radius r around c.
func CircleRect(c Pt, r float32) image.Rectangle {
	return image.Rect(int(math.Floor(float64(c.X-r))), int(math.Floor(float64(c.Y-r))),
		int(math.Ceil(float64(c.X+r))), int(math.Ceil(float64(c.Y+r))))
}
