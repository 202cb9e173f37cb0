package menara

import (
	"image"
	"math"

	"github.com/tablebot/tablebot/render"
)

// temple paints the temple view.
func (p *painter) temple(t *Temple) {
	p.fill(colGround, t.Ground...)
	for i := range t.Layers {
		layer := &t.Layers[i]
		// The faces first: every top of the level is nearer than any face.
		for j := range layer.Slabs {
			p.slabFaces(&layer.Slabs[j])
		}
		for j := range layer.Slabs {
			p.slabTop(&layer.Slabs[j])
		}
		for j := range layer.Columns {
			p.column(&layer.Columns[j])
		}
	}
	for _, g := range t.Ghosts {
		if g.Proposal {
			p.dashedStroke(g.Loops, 14, 8, 7, colHighlight)
			p.dashedStroke(g.Loops, 14, 8, 4, colProposalDk)
			continue
		}
		p.dashedStroke(g.Loops, 12, 8, 6, colHighEdge)
		p.dashedStroke(g.Loops, 12, 8, 3, colHighlight)
	}
	for i := range t.Xray {
		c := t.Xray[i]
		p.column(&c)
		p.dashedStroke([]render.Poly{grow(c.outlinePoly(), 2)}, 7, 5, 2.5, colHighlight)
	}
	for _, r := range t.Rings {
		p.ring(r)
	}
	for _, a := range t.Arrows {
		p.arrow(a)
	}
	for _, b := range t.Badges {
		p.badge(b)
	}
	// Every name's line first, then every name: no line crosses a name.
	for _, tg := range t.Tags {
		p.leader(tg)
	}
	for _, tg := range t.Tags {
		p.tag(tg)
	}
}

func (p *painter) slabFaces(s *Slab) {
	c := levelColours(s.Side, s.Level)
	p.fill(styled(c.left, s.Style), s.Left...)
	p.fill(styled(c.right, s.Style), s.Right...)
	// The edge where faces and top meet, and the faces' own corners.
	var edges render.Shape
	for _, q := range append(append([]render.Poly(nil), s.Left...), s.Right...) {
		edges = append(edges, render.Segment(q[2], q[3], 1.2))
	}
	if len(edges) > 0 {
		p.fillShape(edges, styled(c.line, s.Style))
	}
}

func (p *painter) slabTop(s *Slab) {
	c := levelColours(s.Side, s.Level)
	p.f.fill(p.dst, solids(s.Top), holes(s.Top), styled(c.top, s.Style))
	p.fill(styled(c.shade, s.Style), s.Shade...)
	if len(s.Grid) > 0 {
		var g render.Shape
		for _, e := range s.Grid {
			g = append(g, render.Segment(e[0], e[1], 1.4))
		}
		p.fillShape(g, styled(c.grid, s.Style))
	}
	switch s.Style {
	case Last:
		p.highlightOutline(s.Top, 4)
	case Proposed:
		p.stroke(s.Top, 2, styled(c.line, s.Style))
		p.dashedStroke(s.Top, 14, 8, 6, colProposalDk)
	case Fell:
		p.dashedStroke(s.Top, 12, 8, 4, colFallenDk)
	default:
		p.stroke(s.Top, 2, c.line)
	}
	for _, d := range s.Discs {
		p.disc(d)
	}
}

// solids and holes split a floor's loops into outlines and holes by the
// way they wind.
func solids(loops []render.Poly) render.Shape {
	var out render.Shape
	for _, l := range loops {
		if l.Area() > 0 {
			out = append(out, l)
		}
	}
	return out
}

func holes(loops []render.Poly) render.Shape {
	var out render.Shape
	for _, l := range loops {
		if l.Area() < 0 {
			out = append(out, l)
		}
	}
	return out
}

// disc paints an empty base: its colour ringed in dark, its letter.
func (p *painter) disc(d Disc) {
	col := colourOf(d.Colour)
	p.fill(styled(colInk, d.Style), ellipse(d.Centre, d.RX+2.5, d.RY+2.5))
	p.fill(styled(col.face, d.Style), ellipse(d.Centre, d.RX, d.RY))
	p.text(d.Letter)
}

// column paints a column: a cylinder in bands of light and shade, its top
// where nothing rests on it, its letter on the shaft.
func (p *painter) column(c *Column) {
	col := colourOf(c.Colour)
	face, light, dark := styled(col.face, c.Style), styled(col.light, c.Style), styled(col.dark, c.Style)
	out := c.outlinePoly()
	p.fill(styled(colInk, c.Style), grow(out, 1.6))
	p.fill(face, out)
	r := c.Radius
	p.fill(light, c.band(-r, -0.45*r))
	p.fill(dark, c.band(0.4*r, r))
	ry := r * c.Squash
	if c.Free {
		p.fill(light, ellipse(c.Head, r, ry))
		p.ellipseRing(c.Head, r, ry, 1.5, styled(col.dark, c.Style))
	}
	if c.Style == Fell {
		p.dashedStroke([]render.Poly{out}, 8, 6, 3, colFallenDk)
	}
	if c.Style == Proposed {
		p.dashedStroke([]render.Poly{out}, 8, 6, 3, colProposalDk)
	}
	p.text(c.Letter)
}

// band returns the part of the column's shaft between dx0 and dx1 from
// its axis, its lower end following the foot's curve.
func (c *Column) band(dx0, dx1 float32) render.Poly {
	ry := c.Radius * c.Squash
	poly := render.Poly{{X: c.Foot.X + dx0, Y: c.Head.Y}, {X: c.Foot.X + dx1, Y: c.Head.Y}}
	const steps = 6
	for i := 0; i <= steps; i++ {
		dx := dx1 + (dx0-dx1)*float32(i)/steps
		k := clamp01(1 - (dx/c.Radius)*(dx/c.Radius))
		poly = append(poly, render.Pt{X: c.Foot.X + dx, Y: c.Foot.Y + ry*float32(math.Sqrt(float64(k)))})
	}
	return poly
}

// badge paints a floor's badge: its letter in a dark hexagon (floorMark), and for a
// floor on columns the margin on a pill of green, amber or red with a
// sign, so that the badges differ without colour too.
func (p *painter) badge(b Badge) {
	r := b.Rect
	lr := b.Letter.Rect
	c := render.PtOf(lr.Min.Add(lr.Max)).Mul(0.5)
	rad := float32(lr.Dy()) / 2
	mid := (r.Min.Y + r.Max.Y) / 2
	pill := image.Rect(int(c.X), mid-badgePill/2, r.Max.X, mid+badgePill/2)
	if b.Changed {
		if b.Stability != NoMargin && b.Margin.S != "" {
			p.roundRect(pill.Inset(-5), badgePill/2+5, colHighEdge)
			p.roundRect(pill.Inset(-3), badgePill/2+3, colHighlight)
		}
		p.fill(colHighEdge, floorMark(c, rad+5))
		p.fill(colHighlight, floorMark(c, rad+3))
	}
	rim := colHighlight
	if b.Stability != NoMargin && b.Margin.S == "" {
		// Not written: the floor's letter is ringed in its state's colour.
		rim = stabilityColour(b.Stability)
	}
	if b.Stability != NoMargin && b.Margin.S != "" {
		p.roundRect(pill, badgePill/2, stabilityColour(b.Stability))
		ink := colHeaderText
		if b.Stability == Shaky {
			ink = colInk
		}
		ic := image.Rect(lr.Max.X+4, mid-badgeIcon/2, lr.Max.X+4+badgeIcon, mid+badgeIcon/2)
		p.icon(b.Stability, ic, ink)
		m := b.Margin
		m.Colour = ink.Colour()
		p.text(m)
	}
	p.fill(rim, floorMark(c, rad))
	p.fill(colHeader, floorMark(c, rad-3))
	p.text(b.Letter)
}

// tag paints a name: white on dark, edged in white so that it stands out
// on light and dark floors alike.
func (p *painter) tag(t Tag) {
	p.roundRect(t.Rect.Inset(-2), 9, colTagEdge)
	p.roundRect(t.Rect, 7, colTagBack)
	p.text(t.Text)
}

// leader paints the line from a name that had to move away to what it
// names.
func (p *painter) leader(t Tag) {
	if !t.Leader {
		return
	}
	to := nearestOn(t.Rect, t.Anchor)
	p.line(to, t.Anchor, 4, colTagEdge)
	p.line(to, t.Anchor, 2, colTagBack)
	p.fill(colTagBack, circle(t.Anchor, 3.5))
}

// nearestOn returns the point of rectangle r nearest pt.
func nearestOn(r image.Rectangle, pt render.Pt) render.Pt {
	return render.Pt{
		X: max(float32(r.Min.X), min(float32(r.Max.X), pt.X)),
		Y: max(float32(r.Min.Y), min(float32(r.Max.Y), pt.Y)),
	}
}
