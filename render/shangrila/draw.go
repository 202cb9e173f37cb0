package shangrila

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// painter draws one layout's changing parts onto a canvas that already
// holds the static layer, recording in dirty where it draws: only there is
// the image converted to the palette, and put back afterwards.
type painter struct {
	r     *Renderer
	dst   *image.RGBA
	f     *render.Filler
	dirty *render.Dirty
	// static is the index of the static layer under dst; patches says to
	// copy the renderer's pictures of parts drawn over it (Renderer.band)
	// rather than draw them: the same pixels, drawn once.
	static  int
	patches bool
	// headingsPasted and legendPasted say that the panel's headings and
	// legend are already in the image (see words.go): not to draw them.
	headingsPasted, legendPasted bool
	// out, when not nil, is the image in palette indices that dst is
	// converted into: the painter writes there the indices of pictures
	// it knows (see placed.go). parts is room for a sprite's parts.
	out   *image.Paletted
	parts []image.Rectangle
}

// The painter's drawing calls, each recording what it may change.

func (p *painter) sprite(s *render.Sprite, at image.Point) { p.spritePlaced(s, at) }

func (p *painter) fill(s render.Shape, c render.Hex) { p.dirty.Add(p.f.Fill(p.dst, s, c)) }

func (p *painter) fillHoles(solids, holes render.Shape, c render.Hex) {
	p.dirty.Add(p.f.FillHoles(p.dst, solids, holes, c))
}

func (p *painter) text(t render.Text) { p.dirty.Add(p.r.fonts.Draw(p.dst, t)) }

func (p *painter) stamp(m *image.Alpha, r image.Rectangle, c render.Hex) {
	p.dirty.Add(render.Stamp(p.dst, m, r, c))
}

func (p *painter) dynamic(l *Layout) { p.drawPieces(l, p.r.pieces(l, nil), nil, 0) }

// drawPieces draws the pieces of l (see pieces.go) in their order: with a
// plan, only those that reach a band of rows rows it did not find. The
// badges come last on the map: players read the strengths before every
// journey, so nothing may hide them.
func (p *painter) drawPieces(l *Layout, pcs []piece, plan *render.BandPlan, rows int) {
	for _, pc := range pcs {
		if plan == nil || !foundAll(plan, pc.bounds, rows) {
			p.drawPiece(l, pc)
		}
	}
}

// foundAll reports whether plan found every band of rows rows that r
// reaches.
func foundAll(plan *render.BandPlan, r image.Rectangle, rows int) bool {
	for i := max(r.Min.Y, 0) / rows; i*rows < r.Max.Y; i++ {
		if !plan.Found(i) {
			return false
		}
	}
	return true
}

// bridge returns the sprite of a bridge as laid out: its deck standing,
// or its path gone.
func (r *Renderer) bridge(l *Layout, b BridgeLayout) *render.Sprite {
	if b.Bridge >= shangrila.NumBridges {
		return nil
	}
	if b.Standing {
		return r.sprites.bridges[b.Bridge]
	}
	return r.broken[r.staticIndex(l.Players)][b.Bridge]
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *painter) badges(v *VillageLayout) {
	if !v.Strength.Rect.Empty() {
		p.sprite(p.r.sprites.badge, v.Strength.Rect.Min)
		p.text(v.Strength.Text)
	}
	p.text(v.OutOfPlay)
}

func (p *painter) highlight(h Highlight) {
	switch h.Kind {
	case Outline:
		p.ring(h.Rect.Inset(ringGrow), h.Colour)
	case StoneRing:
		p.ring(h.Rect.Inset(5), shangrila.Red) // a stone is round
	case Arrow:
		p.arrow(render.PtOf(h.From), render.PtOf(h.Via), render.PtOf(h.To))
	case DrivenOut, SentHome:
		if h.Colour.Valid() {
			p.sprite(p.r.sprites.ghosts[h.Colour][boolIndex(h.Student)], h.Rect.Min)
		}
	}
}

// ring draws a bold band in the last move's colour, edged in dark, around
// the shape of colour c's tile at r: what the last move placed is what the
// eye finds first, on the light plates and on every tile colour, also small
// on a phone.
func (p *painter) ring(r image.Rectangle, c shangrila.Colour) {
	p.fillHoles(render.Shape{silhouette(c, r, ringGrow)}, render.Shape{silhouette(c, r, 1.5)}, colHighEdge)
	p.fillHoles(render.Shape{silhouette(c, r, ringGrow-1.8)}, render.Shape{silhouette(c, r, 3.2)}, colLastMove)
}

const arrowHead = 30

// arrow draws a journey's arrow from a to b, curved through via, in the
// last move's colour, edged in dark.
func (p *painter) arrow(a, via, b render.Pt) {
	edge, body := arrowShapes(a, via, b)
	p.fill(edge, colHighEdge)
	p.fill(body, colLastMove)
}

// arrowShapes returns the shapes of a journey's arrow from a to b, curved
// through via: its dark edge and its body over it.
func arrowShapes(a, via, b render.Pt) (edge, body render.Shape) {
	const headHalf, shaft = 19, 12
	curve := render.Quad(a, via, b, 32)
	u := b.Sub(curve[len(curve)-3]).Unit() // the direction at the tip
	base := b.Sub(u.Mul(arrowHead))
	// The shaft follows the curve up to the head's base.
	var line []render.Pt
	for _, q := range curve {
		if q.Sub(a).Len() > base.Sub(a).Len() {
			break
		}
		line = append(line, q)
	}
	line = append(line, base)
	head := func(grow float32) render.Poly {
		n := u.Perp().Mul(headHalf + grow)
		tip := b.Add(u.Mul(grow))
		back := base.Sub(u.Mul(grow * 0.6))
		return render.Poly{back.Add(n), tip, back.Sub(n)}
	}
	return append(render.Stroke(line, shaft+6), head(4)), append(render.Stroke(line, shaft), head(0))
}
