package shangrila

import (
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// painter draws one layout's changing parts onto a canvas that already
// holds the static layer.
type painter struct {
	r   *Renderer
	dst *image.RGBA
	f   *render.Filler
}

func (p *painter) dynamic(l *Layout) {
	sp := p.r.sprites
	for _, b := range l.Bridges {
		p.r.bridge(l, b).Draw(p.dst, image.Point{})
	}
	for i := range l.Villages {
		if v := &l.Villages[i]; !v.Stone.Empty() {
			sp.stone.Draw(p.dst, v.Stone.Min)
		}
	}
	for _, t := range l.Tiles {
		if t.Colour.Valid() && t.Site.Discipline.Valid() {
			sp.tiles[t.Colour][t.Site.Discipline].Draw(p.dst, t.Rect.Min)
		}
	}
	for _, h := range l.Highlights {
		p.highlight(h)
	}
	// The badges come last on the map: players read the strengths before
	// every journey, so nothing may hide them.
	for i := range l.Villages {
		p.badges(&l.Villages[i])
	}
	p.panel(&l.Panel)
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
		p.r.sprites.badge.Draw(p.dst, v.Strength.Rect.Min)
		p.r.fonts.Draw(p.dst, v.Strength.Text)
	}
	p.r.fonts.Draw(p.dst, v.OutOfPlay)
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
			p.r.sprites.ghosts[h.Colour][boolIndex(h.Student)].Draw(p.dst, h.Rect.Min)
		}
	}
}

// ring draws a bold band in the last move's colour, edged in dark, around
// the shape of colour c's tile at r: what the last move placed is what the
// eye finds first, on the light plates and on every tile colour, also small
// on a phone.
func (p *painter) ring(r image.Rectangle, c shangrila.Colour) {
	p.f.FillHoles(p.dst, render.Shape{silhouette(c, r, ringGrow)}, render.Shape{silhouette(c, r, 1.5)}, colHighEdge)
	p.f.FillHoles(p.dst, render.Shape{silhouette(c, r, ringGrow-1.8)}, render.Shape{silhouette(c, r, 3.2)}, colLastMove)
}

// arrowBounds returns the rectangle an arrow from a to b through via may
// cover.
func arrowBounds(a, via, b image.Point) image.Rectangle {
	r := image.Rectangle{Min: a, Max: a.Add(image.Pt(1, 1))}
	for _, q := range []image.Point{via, b} {
		r = r.Union(image.Rectangle{Min: q, Max: q.Add(image.Pt(1, 1))})
	}
	return r.Inset(-arrowHead - 8)
}

const arrowHead = 30

// arrow draws a journey's arrow from a to b, curved through via, in the
// last move's colour, edged in dark.
func (p *painter) arrow(a, via, b render.Pt) {
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
	p.f.Fill(p.dst, append(render.Stroke(line, shaft+6), head(4)), colHighEdge)
	p.f.Fill(p.dst, append(render.Stroke(line, shaft), head(0)), colLastMove)
}

// dirtyRects returns the parts of the image that drawing layout l changes
// over the static layer: the villages' tiles and badges, the bridges, the
// highlights and the panel. Only these are copied from the static layer
// and converted to the palette for each image; a test checks that nothing
// is drawn outside them.
func (r *Renderer) dirtyRects(l *Layout) []image.Rectangle {
	var out []image.Rectangle
	var village [shangrila.NumVillages]image.Rectangle
	add := func(v shangrila.Village, rect image.Rectangle, margin int) {
		if v.Valid() && !rect.Empty() {
			village[v] = village[v].Union(rect.Inset(-margin))
		}
	}
	for _, t := range l.Tiles {
		add(t.Site.Village, t.Rect, 8)
	}
	for i := range l.Villages {
		v := &l.Villages[i]
		add(v.Village, v.Strength.Rect, 3)
		add(v.Village, v.Stone, 4)
		add(v.Village, v.OutOfPlay.Rect, 0)
	}
	for _, h := range l.Highlights {
		switch h.Kind {
		case Arrow:
			out = append(out, arrowBounds(h.From, h.Via, h.To))
		default:
			out = append(out, h.Rect.Inset(-8))
		}
	}
	for _, rect := range village {
		if !rect.Empty() {
			out = append(out, rect)
		}
	}
	for _, b := range l.Bridges {
		if s := r.bridge(l, b); s != nil {
			out = append(out, s.Bounds(image.Point{}))
		}
	}
	out = append(out, l.Panel.Rect)
	bounds := image.Rectangle{Max: l.Size}
	for i := range out {
		out[i] = out[i].Intersect(bounds)
	}
	return out
}
