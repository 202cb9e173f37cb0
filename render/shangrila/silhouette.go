package shangrila

import (
	"image"
	"math"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// Every player's tiles have a shape of their own, so that players who
// cannot tell the colours apart, or see them small on a phone, still tell
// whose a tile is: red tiles are discs (●), blue ones squares (■), yellow
// ones have a pointed roof (▲) and violet ones are diamonds (◆). The
// panel's swatches and the legend show the same shapes. Each shape fits
// the space's square, so that a student beside its master and the
// neighbouring spaces never overlap (TestTilesApart).

// silhouette returns the outline of colour c's tile whose square is r,
// grown by grow pixels all round (for its edge and its ring).
func silhouette(c shangrila.Colour, r image.Rectangle, grow float32) render.Poly {
	s := float32(r.Dx())
	o := render.PtOf(r.Min)
	at := func(x, y float32) render.Pt { return o.Add(pt(x*s, y*s)) }
	switch c {
	case shangrila.Red:
		return roundedHull([]render.Pt{at(0.5, 0.5)}, s*0.52+grow)
	case shangrila.Blue:
		return roundedHull([]render.Pt{at(0.13, 0.13), at(0.87, 0.13), at(0.87, 0.87), at(0.13, 0.87)}, s*0.13+grow)
	case shangrila.Yellow:
		return roundedHull([]render.Pt{at(0.5, 0.06), at(0.87, 0.37), at(0.87, 0.89), at(0.13, 0.89), at(0.13, 0.37)}, s*0.11+grow)
	case shangrila.Violet:
		return roundedHull([]render.Pt{at(0.5, 0), at(1, 0.5), at(0.5, 1), at(0, 0.5)}, s*0.065+grow)
	}
	return render.RoundRectOf(r.Inset(int(-grow)), 8)
}

// iconBox returns where the discipline's icon sits on colour c's tile
// whose square is r: in the middle, or lower under a roof.
func iconBox(c shangrila.Colour, r image.Rectangle, size int) image.Rectangle {
	mid := r.Min.Add(r.Max).Div(2)
	if c == shangrila.Yellow {
		mid.Y += r.Dy() / 10
	}
	return image.Rect(mid.X-size/2, mid.Y-size/2, mid.X-size/2+size, mid.Y-size/2+size)
}

// roundedHull returns the convex polygon core (corners in clockwise order
// on the screen) grown by radius: its corners rounded, its sides moved out.
// A single point gives a circle.
func roundedHull(core []render.Pt, radius float32) render.Poly {
	if len(core) == 1 {
		return render.Circle(core[0], radius)
	}
	var p render.Poly
	n := len(core)
	normal := func(a, b render.Pt) float64 { // the outward normal's angle of side a->b
		d := b.Sub(a)
		return math.Atan2(float64(-d.X), float64(d.Y))
	}
	for i, v := range core {
		in := normal(core[(i+n-1)%n], v)
		out := normal(v, core[(i+1)%n])
		for out < in {
			out += 2 * math.Pi
		}
		p = render.Arc(p, v, radius, radius, float32(in), float32(out))
	}
	return p
}
