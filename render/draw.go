package render

import (
	"image"
	"image/draw"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// painter draws one layout's changing parts onto a canvas that already
// holds the static layer.
type painter struct {
	r   *Renderer
	dst *image.RGBA
	f   *filler
}

func (p *painter) dynamic(l *Layout) {
	sp := p.r.sprites
	for _, b := range l.Bridges {
		sp.bridges[b.Bridge][boolIndex(b.Standing)].draw(p.dst, image.Point{})
	}
	for i := range l.Villages {
		if v := &l.Villages[i]; !v.Stone.Empty() {
			sp.stone.draw(p.dst, v.Stone.Min)
		}
	}
	for _, t := range l.Tiles {
		if t.Colour.Valid() && t.Site.Discipline.Valid() {
			sp.tiles[t.Colour][t.Site.Discipline].draw(p.dst, t.Rect.Min)
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

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *painter) badges(v *VillageLayout) {
	if !v.Strength.Rect.Empty() {
		p.r.sprites.badge.draw(p.dst, v.Strength.Rect.Min)
		p.r.fonts.draw(p.dst, v.Strength.Text)
	}
	p.r.fonts.draw(p.dst, v.OutOfPlay)
}

func (p *painter) highlight(h Highlight) {
	switch h.Kind {
	case Outline:
		p.ring(h.Rect, 12)
	case StoneRing:
		p.ring(h.Rect, float32(h.Rect.Dx())/2)
	case Arrow:
		p.arrow(ptOf(h.From), ptOf(h.Via), ptOf(h.To))
	case DrivenOut, SentHome:
		if h.Colour.Valid() {
			p.r.sprites.ghosts[h.Colour][boolIndex(h.Kind == SentHome)][boolIndex(h.Student)].draw(p.dst, h.Rect.Min)
		}
	}
}

// ring draws a white band edged in black around r, readable on the light
// plates and on every tile colour.
func (p *painter) ring(r image.Rectangle, rad float32) {
	p.f.fillHoles(p.dst, shape{roundRectOf(r.Inset(-2), rad+2)}, shape{roundRectOf(r.Inset(5), rad-5)}, colHighEdge)
	p.f.fillHoles(p.dst, shape{roundRectOf(r, rad)}, shape{roundRectOf(r.Inset(3), rad-3)}, colHighlight)
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

// arrow draws a journey's arrow from a to b, curved through via: white,
// edged in black.
func (p *painter) arrow(a, via, b pt) {
	const headHalf, shaft = 19, 12
	u := b.sub(via).unit()
	if via == b {
		u = b.sub(a).unit()
	}
	base := b.sub(u.mul(arrowHead))
	// The shaft follows the curve up to the head's base.
	line := quad(a, via, base, 16)
	head := func(grow float32) poly {
		n := u.perp().mul(headHalf + grow)
		tip := b.add(u.mul(grow))
		back := base.sub(u.mul(grow * 0.6))
		return poly{back.add(n), tip, back.sub(n)}
	}
	p.f.fill(p.dst, append(stroke(line, shaft+6), head(4)), colHighEdge)
	p.f.fill(p.dst, append(stroke(line, shaft), head(0)), colHighlight)
}

// stamp paints mask m in colour c centred in r.
func stamp(dst *image.RGBA, m *image.Alpha, r image.Rectangle, c hex) {
	if m == nil {
		return
	}
	s := m.Rect.Size()
	at := image.Pt(r.Min.X+(r.Dx()-s.X)/2, r.Min.Y+(r.Dy()-s.Y)/2)
	draw.DrawMask(dst, image.Rectangle{Min: at, Max: at.Add(s)}, image.NewUniform(c.rgba()), image.Point{}, m, m.Rect.Min, draw.Over)
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
		out = append(out, r.sprites.bridges[b.Bridge][boolIndex(b.Standing)].bounds(image.Point{}))
	}
	out = append(out, l.Panel.Rect)
	bounds := image.Rectangle{Max: l.Size}
	for i := range out {
		out[i] = out[i].Intersect(bounds)
	}
	return out
}
