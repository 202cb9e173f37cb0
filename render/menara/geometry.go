package menara

import (
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
}

// at returns where point p of the plane at height z lands.
func (pr projection) at(p plane, z float32) render.Pt {
	return render.Pt{X: pr.origin.X + pr.pitch*p.X, Y: pr.origin.Y + pr.pitch*(squash*p.Y-z)}
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

// insideAny reports whether pt lies inside any of the polygons.
func insideAny(ps []render.Poly, pt render.Pt) bool {
	for _, p := range ps {
		if inside(p, pt) {
			return true
		}
	}
	return false
}

// ellipse returns the upright ellipse around c of radii rx and ry with
// few enough points for the sizes drawn.
func ellipse(c render.Pt, rx, ry float32) render.Poly { return render.Ellipse(c, rx, ry) }

// halfEllipse returns the lower half of the ellipse around c, from the
// left end to the right end, for a column's foot.
func lowerHalf(c render.Pt, rx, ry float32) render.Poly {
	return render.Arc(nil, c, rx, ry, 3.14159265, 0)
}
