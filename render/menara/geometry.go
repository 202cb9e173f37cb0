package menara

import (
	"math"

	"github.com/tablebot/tablebot/render"
)

// The temple is seen from the front (the bottom of the plans) and above:
// a point (x, y) of the plane at height z lands on the image at
// origin + pitch·(x, squash·y − z). Lengths are in pitches. With this
// projection, of two points that land on the same pixel the higher one is
// always the nearer, so painting level by level, and within a level from
// the back to the front, hides what is hidden.
const (
	squash       = 0.5  // how much the plane's depth is shortened
	columnHeight = 1.6  // a column, foot to head
	slabHeight   = 0.26 // a floor's thickness
	columnRadius = 0.22
	discRadius   = 0.27 // an empty base's mark
)

// levelTop returns the height of the top of a floor of level l; its
// bottom is slabHeight lower.
func levelTop(l int) float32 { return float32(l)*(columnHeight+slabHeight) + slabHeight }

// projection maps the temple to the image.
type projection struct {
	origin render.Pt // where (0, 0) at height 0 lands
	pitch  float32
	// tilt, when set, turns what is drawn about pivot by the angle whose
	// cosine and sine are cos and sin, and then moves it by drop: how a
	// floor that fell is drawn, falling.
	tilt        bool
	pivot, drop render.Pt
	cos, sin    float32
}

// at returns where point p of the plane at height z lands.
func (pr projection) at(p plane, z float32) render.Pt {
	q := render.Pt{X: pr.origin.X + pr.pitch*p.X, Y: pr.origin.Y + pr.pitch*(squash*p.Y-z)}
	if !pr.tilt {
		return q
	}
	d := q.Sub(pr.pivot)
	return render.Pt{X: pr.pivot.X + d.X*pr.cos - d.Y*pr.sin, Y: pr.pivot.Y + d.X*pr.sin + d.Y*pr.cos}.Add(pr.drop)
}

// fallAngle is how far a fallen floor is drawn turned, in radians, and
// fallDrop how far it is drawn sunk, in pitches: enough to be seen falling,
// not so much that one cannot tell where it stood.
const (
	fallAngle = 0.12
	fallDrop  = 0.35
)

// falling returns the projection of floor f, fallen: turned about its
// middle, one way or the other by its letter, and sunk.
func (pr projection) falling(f *Floor) projection {
	q := pr
	q.tilt = true
	q.pivot = pr.at(mean(f.Cells), levelTop(f.Level))
	a := float64(fallAngle)
	if f.ID%2 == 1 {
		a = -a
	}
	q.cos, q.sin = float32(math.Cos(a)), float32(math.Sin(a))
	q.drop = render.Pt{Y: fallDrop * pr.pitch}
	return q
}

// loop returns a loop of the plane at height z on the image.
func (pr projection) loop(l []plane, z float32) render.Poly {
	out := make(render.Poly, len(l))
	for i, p := range l {
		out[i] = pr.at(p, z)
	}
	return out
}

// inside reports whether pt lies inside polygon p (even-odd rule).
func inside(p render.Poly, pt render.Pt) bool {
	in := false
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		a, b := p[i], p[j]
		if (a.Y > pt.Y) != (b.Y > pt.Y) && pt.X < (b.X-a.X)*(pt.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// Circles and ellipses are drawn as polygons from a table of the unit
// circle's points, computed once: the images hold hundreds of them (bases,
// columns, the round joins of every outline), and their sines and cosines
// were a tenth of an image's cost.

const (
	minCircleSteps = 12
	maxCircleSteps = 96
)

// unitCircles[n] holds n points of the unit circle, the first at angle 0,
// going clockwise on the page. It is filled once and only read.
var unitCircles = func() [maxCircleSteps + 1][]render.Pt {
	var t [maxCircleSteps + 1][]render.Pt
	for n := minCircleSteps; n <= maxCircleSteps; n++ {
		t[n] = make([]render.Pt, n)
		for i := range t[n] {
			a := 2 * math.Pi * float64(i) / float64(n)
			t[n][i] = render.Pt{X: float32(math.Cos(a)), Y: float32(math.Sin(a))}
		}
	}
	return t
}()

// circleSteps is how many points draw a circle of radius r: its polygon
// strays from the circle by less than a sixth of a pixel.
func circleSteps(r float32) int {
	n := int(math.Ceil(math.Sqrt(float64(max(r, 0))) * 6))
	return max(minCircleSteps, min(maxCircleSteps, n+n%2))
}

// ellipse returns the upright ellipse around c of radii rx and ry.
func ellipse(c render.Pt, rx, ry float32) render.Poly {
	u := unitCircles[circleSteps(max(rx, ry))]
	p := make(render.Poly, len(u))
	for i, q := range u {
		p[i] = render.Pt{X: c.X + rx*q.X, Y: c.Y + ry*q.Y}
	}
	return p
}

// circle returns the circle around c of radius r.
func circle(c render.Pt, r float32) render.Poly { return ellipse(c, r, r) }

// halfEllipse appends to p the half of the ellipse around c below its
// centre (lower) from right to left, or above it from left to right.
func halfEllipse(p render.Poly, c render.Pt, rx, ry float32, lower bool) render.Poly {
	u := unitCircles[circleSteps(max(rx, ry))]
	n := len(u)
	for i := 0; i <= n/2; i++ {
		q := u[i]
		if !lower {
			q = u[(n/2+i)%n]
		}
		p = append(p, render.Pt{X: c.X + rx*q.X, Y: c.Y + ry*q.Y})
	}
	return p
}

// stroke returns the band of width w along the points, with round ends
// and joins.
func stroke(pts []render.Pt, w float32) render.Shape {
	s := make(render.Shape, 0, 2*len(pts))
	for i := 0; i+1 < len(pts); i++ {
		if pts[i] != pts[i+1] {
			s = append(s, render.Segment(pts[i], pts[i+1], w))
		}
	}
	join := circle
	if w <= thinStroke {
		join = thinJoin
	}
	for _, q := range pts {
		s = append(s, join(q, w/2))
	}
	return s
}

// thinStroke is the widest stroke whose joins are hexagons (thinJoin), not
// circles: a join's circle has 12 edges or more, a segment 4, and the
// rasterizer's cost follows the edges; at 4 px and less a hexagon covers
// the join as well to the eye.
const thinStroke = 4

// thinJoin returns the hexagon of circumradius r around c.
func thinJoin(c render.Pt, r float32) render.Poly {
	p := make(render.Poly, 6)
	for i, q := range unitHexagon {
		p[i] = render.Pt{X: c.X + r*q.X, Y: c.Y + r*q.Y}
	}
	return p
}

// unitHexagon is the hexagon of circumradius 1, corners at 0°, 60°, ...
var unitHexagon = func() [6]render.Pt {
	var h [6]render.Pt
	for i := range h {
		a := float64(60*i) * math.Pi / 180
		h[i] = render.Pt{X: float32(math.Cos(a)), Y: float32(math.Sin(a))}
	}
	return h
}()

// floorMark returns the mark a floor's letter sits in: a hexagon with flat
// sides left and right around c, of inner radius r (the distance from c
// to a side). A floor is named in a hexagon, never a circle, so that its
// name does not look like a base's or a column's colour letter, which sit
// in circles and rounded boxes.
func floorMark(c render.Pt, r float32) render.Poly {
	const k = 1.1547005 // 2/√3: the corner radius of a hexagon of inner radius 1
	p := make(render.Poly, 6)
	for i := range p {
		a := float64(-90+60*i) * math.Pi / 180
		p[i] = render.Pt{X: c.X + r*k*float32(math.Cos(a)), Y: c.Y + r*k*float32(math.Sin(a))}
	}
	return p
}
