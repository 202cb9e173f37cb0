package menara

import (
	"image"
	"math"

	"github.com/tablebot/tablebot/render"
)

// painter paints one layout onto a canvas.
type painter struct {
	fonts *render.Fonts
	dst   *image.RGBA
	f     *raster
	// plans, when not nil, paints plans from the renderer's cache.
	plans *planPlacer
}

// mix returns the colour t of the way from a to b.
func mix(a, b render.Hex, t float32) render.Hex {
	ca, cb := a.Colour(), b.Colour()
	m := func(x, y uint8) render.Hex { return render.Hex(float32(x) + (float32(y)-float32(x))*t + 0.5) }
	return m(ca.R, cb.R)<<16 | m(ca.G, cb.G)<<8 | m(ca.B, cb.B)
}

// fill paints polygons as one shape.
func (p *painter) fill(c render.Hex, polys ...render.Poly) { p.fillShape(render.Shape(polys), c) }

// bandHeight is the height of the bands fillShape splits a sparse shape
// into.
const bandHeight = 40

// fillShape paints a shape. The rasterizer's cost grows with the box it
// covers, and many shapes here are sparse in their box: the faces along a
// floor's lower edge, its outline, the lines between its cells. Such a
// shape is painted band by band, each band clipped to the pixels its
// polygons can reach, which gives the same pixels (each pixel's coverage
// comes from the whole shape) for a fraction of the work.
func (p *painter) fillShape(s render.Shape, c render.Hex) {
	if len(s) == 0 {
		return
	}
	box := s.Bounds().Intersect(p.dst.Rect)
	if box.Dy() <= 2*bandHeight {
		p.f.fillIn(p.dst, box, s, nil, c)
		return
	}
	f := p.f
	f.bounds = f.bounds[:0]
	for _, poly := range s {
		f.bounds = append(f.bounds, render.Shape{poly}.Bounds())
	}
	for y := box.Min.Y; y < box.Max.Y; y += bandHeight {
		band := image.Rect(box.Min.X, y, box.Max.X, min(y+bandHeight, box.Max.Y))
		f.part = f.part[:0]
		var reach image.Rectangle
		for i, b := range f.bounds {
			if b.Overlaps(band) {
				f.part = append(f.part, s[i])
				reach = reach.Union(b)
			}
		}
		if len(f.part) == 0 {
			continue
		}
		// The part's bounds are reach, the union of its polygons'.
		if sub, ok := p.dst.SubImage(band.Intersect(reach)).(*image.RGBA); ok && !sub.Rect.Empty() {
			f.fillIn(sub, sub.Rect, f.part, nil, c)
		}
	}
}

// line paints the segment from a to b, w wide with round ends.
func (p *painter) line(a, b render.Pt, w float32, c render.Hex) {
	p.f.fill(p.dst, stroke([]render.Pt{a, b}, w), nil, c)
}

// stroke paints closed polygons' outlines w wide.
func (p *painter) stroke(polys []render.Poly, w float32, c render.Hex) {
	var s render.Shape
	for _, poly := range polys {
		s = append(s, closedStroke(poly, w)...)
	}
	p.fillShape(s, c)
}

// closedStroke returns the band of width w along a closed polygon.
func closedStroke(poly render.Poly, w float32) render.Shape {
	if len(poly) < 2 {
		return nil
	}
	pts := append(append([]render.Pt(nil), poly...), poly[0])
	return stroke(pts, w)
}

// dashed returns the dashes, dash long with gaps of gap, along a closed
// polygon, each a band of width w.
func dashed(poly render.Poly, dash, gap, w float32) render.Shape {
	n := len(poly)
	if n < 2 {
		return nil
	}
	// cum[i] is the distance along the outline to point i.
	cum := make([]float32, n+1)
	for i := range n {
		cum[i+1] = cum[i] + poly[(i+1)%n].Sub(poly[i]).Len()
	}
	// at returns the point at distance d and the edge it lies on.
	at := func(d float32) (render.Pt, int) {
		i := 0
		for i < n-1 && cum[i+1] < d {
			i++
		}
		e := cum[i+1] - cum[i]
		if e == 0 {
			return poly[i], i
		}
		return poly[i].Lerp(poly[(i+1)%n], (d-cum[i])/e), i
	}
	var s render.Shape
	for d := float32(0); d < cum[n]; d += dash + gap {
		a, i := at(d)
		b, j := at(min(d+dash, cum[n]))
		pts := []render.Pt{a}
		for k := i + 1; k <= j; k++ {
			pts = append(pts, poly[k%n])
		}
		pts = append(pts, b)
		s = append(s, stroke(pts, w)...)
	}
	return s
}

// dashedStroke paints closed polygons' outlines dashed.
func (p *painter) dashedStroke(polys []render.Poly, dash, gap, w float32, c render.Hex) {
	var s render.Shape
	for _, poly := range polys {
		s = append(s, dashed(poly, dash, gap, w)...)
	}
	p.fillShape(s, c)
}

// highlightOutline paints the outlines as a white band edged in dark:
// the mark of what the last step did, readable on every colour.
func (p *painter) highlightOutline(polys []render.Poly, w float32) {
	p.stroke(polys, w+4, colHighEdge)
	p.stroke(polys, w, colHighlight)
}

// roundRect paints a rounded rectangle: its body as plain rectangles and
// only its corners through the rasterizer, whose cost grows with the area
// it covers (the panel's and the plans' boxes are large).
func (p *painter) roundRect(r image.Rectangle, rad float32, c render.Hex) {
	k := int(math.Ceil(float64(rad)))
	if r.Empty() {
		return
	}
	if k <= 0 || 2*k > r.Dx() || 2*k > r.Dy() {
		p.fill(c, render.RoundRectOf(r, rad))
		return
	}
	p.rect(image.Rect(r.Min.X+k, r.Min.Y, r.Max.X-k, r.Max.Y), c)
	p.rect(image.Rect(r.Min.X, r.Min.Y+k, r.Min.X+k, r.Max.Y-k), c)
	p.rect(image.Rect(r.Max.X-k, r.Min.Y+k, r.Max.X, r.Max.Y-k), c)
	p.corners(r, rad, k, c, func(centre render.Pt) render.Shape { return nil })
}

// text paints a text.
func (p *painter) text(t render.Text) { p.f.mark(p.fonts.Draw(p.dst, t)) }

// rect paints a rectangle.
func (p *painter) rect(r image.Rectangle, c render.Hex) {
	render.FillRect(p.dst, r, c)
	p.f.mark(r)
}

// ellipseRing paints the band between two ellipses around c.
func (p *painter) ellipseRing(c render.Pt, rx, ry, w float32, col render.Hex) {
	p.f.fill(p.dst, render.Shape{ellipse(c, rx+w/2, ry+w/2)}, render.Shape{ellipse(c, max(rx-w/2, 0.5), max(ry-w/2, 0.5))}, col)
}

// ring paints a highlight ring: white edged in dark, or dashed.
func (p *painter) ring(r Ring) {
	if r.Support {
		p.ellipseRing(r.Centre, r.RX, r.RY, 8, colHighlight)
		p.ellipseRing(r.Centre, r.RX, r.RY, 4, colProposalDk)
		return
	}
	if r.Dashed {
		e := ellipse(r.Centre, r.RX, r.RY)
		p.dashedStroke([]render.Poly{e}, 9, 7, 6, colHighEdge)
		p.dashedStroke([]render.Poly{e}, 9, 7, 3, colHighlight)
		return
	}
	p.ellipseRing(r.Centre, r.RX, r.RY, 8, colHighEdge)
	p.ellipseRing(r.Centre, r.RX, r.RY, 4, colHighlight)
}

// arrow paints a curved arrow, white edged in dark.
func (p *painter) arrow(a Arrow) {
	pts := render.Quad(a.From, a.Via, a.To, 24)
	tip := pts[len(pts)-1]
	dir := tip.Sub(pts[len(pts)-3])
	if dir.Len() == 0 {
		return
	}
	dir = dir.Unit()
	n := dir.Perp()
	const head = 16
	// Stop the shaft short of the tip, under the head.
	shaft := pts[:len(pts)-2]
	headPoly := render.Poly{tip.Add(dir.Mul(4)), tip.Sub(dir.Mul(head)).Add(n.Mul(head * 0.7)), tip.Sub(dir.Mul(head)).Sub(n.Mul(head * 0.7))}
	p.f.fill(p.dst, stroke(shaft, 9), nil, colHighEdge)
	p.f.fill(p.dst, render.Shape{grow(headPoly, 3)}, nil, colHighEdge)
	p.f.fill(p.dst, stroke(shaft, 4), nil, colHighlight)
	p.fill(colHighlight, headPoly)
}

// grow moves a convex polygon's points away from its centre by d.
func grow(poly render.Poly, d float32) render.Poly {
	var c render.Pt
	for _, q := range poly {
		c = c.Add(q)
	}
	c = c.Mul(1 / float32(len(poly)))
	out := make(render.Poly, len(poly))
	for i, q := range poly {
		v := q.Sub(c)
		if v.Len() == 0 {
			out[i] = q
			continue
		}
		out[i] = q.Add(v.Unit().Mul(d))
	}
	return out
}

// icon paints a badge's sign in box r: a tick (safe), an exclamation mark
// (shaky) or a cross (falls), so that the badges differ without colour.
func (p *painter) icon(s Stability, r image.Rectangle, c render.Hex) {
	x0, y0 := float32(r.Min.X), float32(r.Min.Y)
	w, h := float32(r.Dx()), float32(r.Dy())
	pt := func(fx, fy float32) render.Pt { return render.Pt{X: x0 + fx*w, Y: y0 + fy*h} }
	lw := max(2.5, w/6)
	switch s {
	case Safe:
		p.f.fill(p.dst, stroke([]render.Pt{pt(0.12, 0.55), pt(0.4, 0.82), pt(0.9, 0.2)}, lw), nil, c)
	case Shaky:
		p.f.fill(p.dst, stroke([]render.Pt{pt(0.5, 0.12), pt(0.5, 0.6)}, lw), nil, c)
		p.fill(c, circle(pt(0.5, 0.86), lw*0.65))
	case Falls:
		p.f.fill(p.dst, stroke([]render.Pt{pt(0.15, 0.15), pt(0.85, 0.85)}, lw), nil, c)
		p.f.fill(p.dst, stroke([]render.Pt{pt(0.85, 0.15), pt(0.15, 0.85)}, lw), nil, c)
	}
}

// styled returns colour c as style s tints it.
func styled(c render.Hex, s Style) render.Hex {
	switch s {
	case Proposed:
		return mix(c, colProposal, 0.4)
	case Fell:
		return mix(c, colFallen, 0.5)
	}
	return c
}

// clamp01 keeps v between 0 and 1.
func clamp01(v float32) float32 { return float32(math.Max(0, math.Min(1, float64(v)))) }

// frame paints the edge of a rounded rectangle, w wide, and nothing
// inside it: its sides as plain rectangles, its corners as quarter rings
// through the rasterizer, each in its own small square (the rasterizer's
// cost grows with the box it covers). What is inside stays as it was:
// blank paper is neither converted to the palette again nor costly to
// encode.
func (p *painter) frame(r image.Rectangle, rad, w float32, c render.Hex) {
	k := int(math.Ceil(float64(rad)))
	iw := int(math.Ceil(float64(w)))
	if r.Empty() || 2*k > r.Dx() || 2*k > r.Dy() || k < iw {
		return
	}
	p.rect(image.Rect(r.Min.X+k, r.Min.Y, r.Max.X-k, r.Min.Y+iw), c)
	p.rect(image.Rect(r.Min.X+k, r.Max.Y-iw, r.Max.X-k, r.Max.Y), c)
	p.rect(image.Rect(r.Min.X, r.Min.Y+k, r.Min.X+iw, r.Max.Y-k), c)
	p.rect(image.Rect(r.Max.X-iw, r.Min.Y+k, r.Max.X, r.Max.Y-k), c)
	p.corners(r, rad, k, c, func(centre render.Pt) render.Shape { return render.Shape{circle(centre, rad-w)} })
}

// corners paints the four rounded corners of r, squares of side k: each
// gets the quarter of the circle of radius rad inside it, less the hole
// the function gives for the circle's centre (nil: none).
func (p *painter) corners(r image.Rectangle, rad float32, k int, c render.Hex, hole func(centre render.Pt) render.Shape) {
	x0, y0, x1, y1 := float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y)
	for _, q := range []struct {
		box    image.Rectangle
		centre render.Pt
	}{
		{image.Rect(r.Min.X, r.Min.Y, r.Min.X+k, r.Min.Y+k), render.Pt{X: x0 + rad, Y: y0 + rad}},
		{image.Rect(r.Max.X-k, r.Min.Y, r.Max.X, r.Min.Y+k), render.Pt{X: x1 - rad, Y: y0 + rad}},
		{image.Rect(r.Min.X, r.Max.Y-k, r.Min.X+k, r.Max.Y), render.Pt{X: x0 + rad, Y: y1 - rad}},
		{image.Rect(r.Max.X-k, r.Max.Y-k, r.Max.X, r.Max.Y), render.Pt{X: x1 - rad, Y: y1 - rad}},
	} {
		sub, ok := p.dst.SubImage(q.box).(*image.RGBA)
		if !ok || sub.Rect.Empty() {
			continue
		}
		p.f.fill(sub, render.Shape{circle(q.centre, rad)}, hole(q.centre), c)
	}
}
