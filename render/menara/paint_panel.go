package menara

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// header paints the band at the top.
func (p *painter) header(h *Header) {
	bg := colHeader
	if h.Proposal {
		bg = colProposalDk
	}
	p.rect(h.Rect, bg)
	p.text(h.Status)
	p.text(h.Step)
	p.text(h.Warning)
}

// plan paints one plan by level.
func (p *painter) plan(pl *Plan) {
	p.roundRect(pl.Rect.Inset(-1), 11, colCardEdge)
	p.roundRect(pl.Rect, 10, colCard)
	p.text(pl.Caption)
	p.stroke(pl.Below, 1.5, colInkFaint)
	for _, f := range pl.Floors {
		c := sideColours(f.Side)
		p.f.fill(p.dst, solids(f.Loops), holes(f.Loops), styled(c.top, f.Style))
		switch f.Style {
		case Last:
			p.highlightOutline(f.Loops, 3)
		case Proposed:
			p.dashedStroke(f.Loops, 10, 6, 4, colProposalDk)
		case Fell:
			p.dashedStroke(f.Loops, 10, 6, 3, colFallenDk)
		default:
			p.stroke(f.Loops, 1.8, c.line)
		}
	}
	for _, f := range pl.Floors {
		rad := float32(f.Letter.Size)*0.55 + 2
		p.fill(colHeader, circle(f.Circle, rad))
		p.text(f.Letter)
	}
	for _, b := range pl.Bases {
		p.planBase(b)
	}
	for _, b := range pl.Bases {
		if b.Tag.Text.S == "" {
			continue
		}
		if b.Tag.Leader {
			p.line(nearestOn(b.Tag.Rect, b.Tag.Anchor), b.Tag.Anchor, 1.5, colInkDim)
		}
		p.roundRect(b.Tag.Rect, 6, colHighlight)
		p.text(b.Tag.Text)
	}
}

// planBase paints a base on a plan: an empty one as a disc, a column as a
// thicker ringed disc, a free column with a second, white ring.
func (p *painter) planBase(b PlanBase) {
	col := colourOf(b.Colour)
	face := styled(col.face, b.Style)
	r := b.Radius
	if b.Column {
		if b.Free {
			p.fill(colInk, circle(b.Centre, r+6))
			p.fill(colHighlight, circle(b.Centre, r+4))
		}
		p.fill(styled(colInk, b.Style), circle(b.Centre, r+2.5))
		p.fill(styled(col.dark, b.Style), circle(b.Centre, r+0.5))
		p.fill(face, circle(b.Centre, r-2))
	} else {
		p.fill(styled(colInk, b.Style), circle(b.Centre, r*0.82+1.8))
		p.fill(face, circle(b.Centre, r*0.82))
	}
	switch b.Style {
	case Last:
		p.ellipseRing(b.Centre, r+9, r+9, 5, colHighEdge)
		p.ellipseRing(b.Centre, r+9, r+9, 2.5, colHighlight)
	case Proposed:
		p.dashedStroke([]render.Poly{circle(b.Centre, r+8)}, 6, 4, 3, colProposalDk)
	case Fell:
		p.line(b.Centre.Add(render.Pt{X: -r, Y: -r}), b.Centre.Add(render.Pt{X: r, Y: r}), 3, colFallenDk)
	}
	if b.Support {
		p.ellipseRing(b.Centre, r+8, r+8, 3.5, colProposalDk)
	}
	p.text(b.Letter)
}

// panel paints the side panel.
func (p *painter) panel(pn *Panel) {
	for _, b := range pn.Boxes {
		p.roundRect(b.Inset(-1), 11, colCardEdge)
		p.roundRect(b, 10, colCard)
	}
	if !pn.CampRow.Empty() {
		p.roundRect(pn.CampRow, 8, 0xefe8da)
	}
	if !pn.ToAct.Empty() {
		p.roundRect(pn.ToAct, 8, mix(colAccent, colCard, 0.55))
		y := float32(pn.ToAct.Min.Y+pn.ToAct.Max.Y) / 2
		x := float32(pn.ToAct.Min.X) + 8
		p.fill(colInk, render.Poly{{X: x, Y: y - 9}, {X: x + 12, Y: y}, {X: x, Y: y + 9}})
	}
	for _, lc := range pn.Levels {
		switch {
		case lc.Reached:
			p.roundRect(lc.Rect, 6, colReached)
		case lc.Plan:
			p.roundRect(lc.Rect, 6, colInkDim)
			p.roundRect(lc.Rect.Inset(2), 5, 0xe4d8c2)
		default:
			p.roundRect(lc.Rect, 6, colInk)
			p.roundRect(lc.Rect.Inset(2), 5, colHighlight)
		}
		p.text(lc.Number)
	}
	for _, s := range pn.Piles {
		p.pile(s)
	}
	for _, n := range pn.Next {
		p.nextSide(n)
	}
	for _, c := range pn.Chips {
		p.chip(c)
	}
	if pn.Card != nil {
		p.cardFace(pn.Card)
	}
	for _, it := range pn.Legend {
		p.legendIcon(it)
		p.text(it.Text)
	}
	for _, t := range pn.Texts {
		p.text(t)
	}
}

// pile paints a pile of plan cards as a small stack in its glyph's colour.
func (p *painter) pile(s PileStack) {
	c := pileColour(s.Pile)
	r := s.Rect
	if s.Empty {
		p.roundRect(r, 8, colInkFaint)
		p.roundRect(r.Inset(3), 6, colCard)
		s.Count.Colour = colInkDim.Colour()
		p.text(s.Count)
		return
	}
	for i := 2; i >= 1; i-- {
		q := r.Add(image.Pt(4*i, -3*i)).Intersect(image.Rect(r.Min.X, r.Min.Y-8, r.Max.X, r.Max.Y))
		q.Min.X = r.Min.X + 4*i
		p.roundRect(q, 8, colInk)
		p.roundRect(q.Inset(2), 7, mix(c, colCard, 0.35))
	}
	body := image.Rect(r.Min.X, r.Min.Y, r.Max.X-8, r.Max.Y)
	p.roundRect(body, 8, colInk)
	p.roundRect(body.Inset(2), 7, c)
	p.text(s.Count)
}

// nextSide paints a side of the next floor, faded and struck through when
// the card in play does not allow it.
func (p *painter) nextSide(n NextSide) {
	c := sideColours(n.Side)
	top, line := c.top, c.line
	if !n.Allowed {
		top, line = mix(top, colCard, 0.7), mix(line, colCard, 0.7)
	}
	p.f.fill(p.dst, solids(n.Loops), holes(n.Loops), top)
	p.stroke(n.Loops, 1.5, line)
	for _, d := range n.Discs {
		if !n.Allowed {
			col := colourOf(d.Colour)
			p.fill(mix(col.face, colCard, 0.7), circle(d.Centre, d.RX))
			continue
		}
		col := colourOf(d.Colour)
		p.fill(colInk, circle(d.Centre, d.RX+1.5))
		p.fill(col.face, circle(d.Centre, d.RX))
		p.text(d.Letter)
	}
	if !n.Allowed && len(n.Loops) > 0 {
		lo, hi := n.Loops[0].Bounds()
		for _, l := range n.Loops[1:] {
			a, b := l.Bounds()
			lo = render.Pt{X: min(lo.X, a.X), Y: min(lo.Y, a.Y)}
			hi = render.Pt{X: max(hi.X, b.X), Y: max(hi.Y, b.Y)}
		}
		p.line(render.Pt{X: lo.X, Y: hi.Y}, render.Pt{X: hi.X, Y: lo.Y}, 4, colInkDim)
	}
	cap := n.Caption
	if n.Allowed {
		cap.Bold = true
		cap.Colour = colInk.Colour()
	}
	p.text(cap)
}

// chip paints a column off the temple: a small upright column with its
// letter.
func (p *painter) chip(c Chip) {
	col := colourOf(c.Colour)
	r := c.Rect
	p.roundRect(r.Inset(-2), 7, colInk)
	p.roundRect(r, 6, col.face)
	p.fill(col.light, render.RectPoly(float32(r.Min.X+3), float32(r.Min.Y+6), float32(r.Min.X+9), float32(r.Max.Y-3)))
	p.fill(col.dark, render.RectPoly(float32(r.Max.X-8), float32(r.Min.Y+6), float32(r.Max.X-3), float32(r.Max.Y-3)))
	cx := float32(r.Min.X+r.Max.X) / 2
	p.fill(col.light, ellipse(render.Pt{X: cx, Y: float32(r.Min.Y) + 5}, float32(r.Dx())/2-2, 4))
	p.text(c.Letter)
}

// cardFace paints the card in play: its rim's colour round a white face,
// a band of its pile's colour on top.
func (p *painter) cardFace(c *CardFace) {
	rim := colRimFree
	switch c.Rim {
	case menara.LightRim:
		rim = colRimLight
	case menara.DarkRim:
		rim = colRimDark
	}
	p.roundRect(c.Rect.Inset(-1), 12, colInk)
	p.roundRect(c.Rect, 11, rim)
	inner := c.Rect.Inset(7)
	p.roundRect(inner, 7, colHighlight)
	band := image.Rect(inner.Min.X, inner.Min.Y, inner.Max.X, inner.Min.Y+7)
	p.roundRect(band, 4, pileColour(c.Pile))
}

// legendIcon paints the sign a legend item explains.
func (p *painter) legendIcon(it LegendItem) {
	r := it.Icon
	c := render.PtOf(r.Min.Add(r.Max)).Mul(0.5)
	switch it.Kind {
	case LegendSafe, LegendShaky, LegendFalls:
		s := Safe + Stability(it.Kind-LegendSafe)
		p.roundRect(r, 6, stabilityColour(s))
		ink := colHeaderText
		if s == Shaky {
			ink = colInk
		}
		p.icon(s, r.Inset(4), ink)
	case LegendFree:
		p.planBase(PlanBase{Colour: menara.White, Centre: c, Radius: 6, Column: true, Free: true})
	case LegendLast:
		p.ellipseRing(c, 9, 9, 7, colHighEdge)
		p.ellipseRing(c, 9, 9, 3, colHighlight)
	case LegendProposed:
		p.dashedStroke([]render.Poly{render.RoundRectOf(r.Inset(2), 4)}, 6, 4, 3, colProposalDk)
	}
}
