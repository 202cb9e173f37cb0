package menara

import (
	"image"
	"reflect"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// header paints the band at the top.
func (p *painter) header(h *Header) {
	if !h.filled {
		p.rect(h.Rect, headerColour(h))
	}
	p.text(h.Status)
	p.text(h.Facts)
	p.text(h.Step)
	p.text(h.Fall)
	for _, c := range h.Floors {
		p.floorChip(c)
	}
	p.text(h.Warning)
}

// headerColour is the background of header h: a preview's is blue.
func headerColour(h *Header) render.Hex {
	if h.Proposal {
		return colProposalDk
	}
	return colHeader
}

// floorChip paints a floor's state in the header: its letter in a
// hexagon, its margin on a pill of its stability's colour with a sign.
func (p *painter) floorChip(c FloorChip) {
	r := c.Rect
	lr := c.Letter.Rect
	mid := render.PtOf(lr.Min.Add(lr.Max)).Mul(0.5)
	pill := image.Rect(int(mid.X), r.Min.Y+5, r.Max.X, r.Max.Y-5)
	if c.Changed {
		p.roundRect(pill.Inset(-4), float32(pill.Dy())/2+4, colHighlight)
	}
	p.roundRect(pill, float32(pill.Dy())/2, stabilityColour(c.Stability))
	ink := colHeaderText
	if c.Stability == Shaky {
		ink = colInk
	}
	y := (r.Min.Y + r.Max.Y) / 2
	p.icon(c.Stability, image.Rect(lr.Max.X+4, y-chipIconSize/2, lr.Max.X+4+chipIconSize, y+chipIconSize/2), ink)
	p.text(c.Margin)
	rad := float32(lr.Dy())/2 - 1
	p.fill(colHighlight, floorMark(mid, rad))
	p.fill(colHeader, floorMark(mid, rad-2.5))
	p.text(c.Letter)
}

// plan paints one plan by level.
func (p *painter) plan(pl *Plan) {
	// A plan is framed on the paper, not filled: blank paper costs nothing
	// to convert to the palette and little to encode.
	p.frame(pl.Rect.Inset(-1), 11, 2, colCardEdge)
	p.text(pl.Caption)
	p.stroke(pl.Below, 1.5, colInkFaint)
	for i, f := range pl.Floors {
		c := sideColours(f.Side)
		top := c.top
		if i%2 == 1 {
			// Neighbours of one level differ in tone as well as by their
			// outlines, so that they never read as one floor.
			top = mix(top, colInk, 0.1)
		}
		p.f.fill(p.dst, solids(f.Loops), holes(f.Loops), styled(top, f.Style))
	}
	for _, f := range pl.Floors {
		switch f.Style {
		case Last:
			p.highlightOutline(f.Loops, 3)
		case Proposed:
			p.dashedStroke(f.Loops, 10, 6, 4, colProposalDk)
		case Fell:
			p.dashedStroke(f.Loops, 10, 6, 3, colFallenDk)
		default:
			p.stroke(f.Loops, 2.6, colInk)
		}
	}
	for _, f := range pl.Floors {
		rad := float32(f.Letter.Size)*0.55 + 2
		p.fill(colHighlight, floorMark(f.Circle, rad+1.5))
		p.fill(colHeader, floorMark(f.Circle, rad))
		p.text(f.Letter)
	}
	for _, b := range pl.Bases {
		p.planBase(b)
	}
	for _, f := range pl.Falls {
		p.planFall(f)
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

// planFall paints why a floor fell: the hull of its supports dashed, each
// support ringed, the miss as a line from the load centre to the hull, the
// load centre as a target, and the margin in a red box.
func (p *painter) planFall(f PlanFall) {
	if len(f.Hull) >= 2 {
		p.stroke([]render.Poly{f.Hull}, 6, colHighlight)
		p.dashedStroke([]render.Poly{f.Hull}, 9, 5, 3.5, colFallenDk)
	}
	for i, s := range f.Supports {
		p.ellipseRing(s, f.Radius, f.Radius, 6, colHighlight)
		p.ellipseRing(s, f.Radius, f.Radius, 3.5, colFallenDk)
		col := colourOf(f.Colours[i])
		p.fill(colInk, circle(s, f.Radius*0.45+1.5))
		p.fill(col.face, circle(s, f.Radius*0.45))
	}
	p.line(f.Centre, f.Nearest, 5, colHighlight)
	p.line(f.Centre, f.Nearest, 3, colFallenDk)
	p.fill(colHighlight, circle(f.Centre, 10))
	p.fill(colFallenDk, circle(f.Centre, 8))
	p.fill(colHighlight, circle(f.Centre, 4.5))
	p.fill(colFallen, circle(f.Centre, 3))
	if f.Miss.S != "" {
		p.roundRect(f.Miss.Rect.Inset(-2), 8, colHighlight)
		p.roundRect(f.Miss.Rect, 6, colFallenDk)
		p.text(f.Miss)
	}
}

// planBase paints a base on a plan: an empty one as a hollow ring of its
// colour, a column as a filled, dark-rimmed disc, a free column with a
// second, white ring.
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
		// An empty base is a ring of its colour around white: hollow,
		// where a column is a filled disc.
		p.fill(styled(colInk, b.Style), circle(b.Centre, r*0.86+1.6))
		p.fill(face, circle(b.Centre, r*0.86))
		p.fill(styled(colHighlight, b.Style), circle(b.Centre, r*0.86-4.4))
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

// panel paints the side panel: with the renderer's cache, box by box
// (see panelParts), each from the cache when it can.
func (p *painter) panel(pn *Panel) {
	whole := panelPart{Boxes: pn.Boxes, CampRow: pn.CampRow, ToAct: pn.ToAct, Levels: pn.Levels, Piles: pn.Piles,
		Next: pn.Next, Chips: pn.Chips, Legend: pn.Legend, Texts: pn.Texts}
	if pn.Card != nil {
		whole.Cards = []CardFace{*pn.Card}
	}
	if p.plans != nil {
		if parts, ok := panelParts(&whole); ok {
			for i := range parts {
				part := &parts[i]
				p.placed(p.plans.pieceKey(pieceOfPanel, reflect.ValueOf(part).Elem(), p.dst.Rect.Size()), func() { p.panelPart(part) })
			}
			return
		}
	}
	p.panelPart(&whole)
}

// panelPart paints the panel or a part of it: its boxes, then what is on
// them, one kind after the other.
func (p *painter) panelPart(pn *panelPart) {
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
		p.levelCard(lc)
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
	for i := range pn.Cards {
		p.cardFace(&pn.Cards[i])
	}
	for _, it := range pn.Legend {
		p.legendIcon(it)
		p.text(it.Text)
	}
	for _, t := range pn.Texts {
		p.text(t)
	}
}

// levelCard paints a card of the level row: a printed level card with a
// solid edge, a plan card added to the row with a dashed one and a corner
// cut, so that the two differ in shape and not only in colour; reached
// cards are filled.
func (p *painter) levelCard(lc LevelCard) {
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
	if lc.Plan {
		r := lc.Rect
		ink := colInk
		if lc.Reached {
			ink = colHighlight
		}
		p.dashedStroke([]render.Poly{render.RoundRectOf(r.Inset(5), 3)}, 5, 4, 1.8, ink)
		x, y := float32(r.Max.X), float32(r.Min.Y)
		p.fill(colCard, render.Poly{{X: x - 13, Y: y - 1}, {X: x + 1, Y: y - 1}, {X: x + 1, Y: y + 13}})
	}
	p.text(lc.Number)
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
	case LegendEmpty:
		p.planBase(PlanBase{Colour: menara.Red, Centre: c, Radius: 11})
	case LegendColumn:
		p.planBase(PlanBase{Colour: menara.Red, Centre: c, Radius: 8, Column: true})
	case LegendLast:
		p.ellipseRing(c, 9, 9, 7, colHighEdge)
		p.ellipseRing(c, 9, 9, 3, colHighlight)
	case LegendProposed:
		p.dashedStroke([]render.Poly{render.RoundRectOf(r.Inset(2), 4)}, 6, 4, 3, colProposalDk)
	}
}
