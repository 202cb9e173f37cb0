package menara

import (
	"image"
	"math"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// The temple view's sizes, in pixels.
const (
	maxPitch     = 90   // the largest scale, for a small temple
	templeMaxH   = 1300 // the most height the view may take
	templePadTop = 64   // room above the temple for badges and tags
	templePadBot = 34
	templePadX   = 40
	tagSize      = 26 // the names of bases and columns
	tagPadX      = 6
	tagHeight    = 32
	badgeHeight  = 38
	badgeLetter  = 24
	badgeMargin  = 24
	letterMin    = 11 // the colour letters on columns and bases
)

// layoutTemple lays out the temple view in the box area: as large as
// fits, up to maxPitch, in its middle. The box's height is the most the
// view may take; the view's Rect is the box, shortened to what the
// drawing takes, but not below minHeight (the drawing is then centred).
func layoutTemple(v *View, lb *Labels, area image.Rectangle, minHeight int) Temple {
	lo, hi := templeExtent(v)
	rect, pr := placeTemple(lo, hi, area, minHeight)
	t := Temple{Rect: rect, Pitch: pr.pitch}
	t.Ground = groundShadow(pr, v.Floors)
	t.Layers = newLayerMaker(pr, v, lb).layers(v.Floors)
	if v.Change != nil {
		t.Ghosts = changeGhosts(pr, v, v.Change)
		t.Rings, t.Arrows = changeMarks(pr, v, v.Change)
	}
	// The names come last: they go where the drawing leaves room.
	occ := newOcclusion(&t)
	t.Xray = xrayColumns(&t, occ)
	t.Badges = layoutBadges(pr, v, &t, occ, lb)
	t.Tags = layoutTags(&t, occ)
	return t
}

// ptBox is the smallest box holding the points it was grown by; until
// the first (set false) it is the zero box.
type ptBox struct {
	lo, hi render.Pt
	set    bool
}

// grow grows the box to hold p.
func (b *ptBox) grow(p render.Pt) {
	if !b.set {
		b.lo, b.hi, b.set = p, p, true
		return
	}
	b.lo = render.Pt{X: min(b.lo.X, p.X), Y: min(b.lo.Y, p.Y)}
	b.hi = render.Pt{X: max(b.hi.X, p.X), Y: max(b.hi.Y, p.Y)}
}

// growFloor grows the box to hold floor f as pr draws it: its slab, top
// and bottom, and the heads of its columns.
func (b *ptBox) growFloor(pr projection, f *Floor) {
	for _, loop := range outline(f.Cells) {
		for _, p := range loop {
			b.grow(pr.at(p, levelTop(f.Level)))
			b.grow(pr.at(p, levelTop(f.Level)-slabHeight))
		}
	}
	for _, base := range f.Bases {
		if base.Column {
			b.grow(pr.at(centre(base.Cell), levelTop(f.Level)+columnHeight+columnRadius))
		}
	}
}

// templeExtent returns the corners of the drawing at a pitch of 1, its
// origin at 0: every slab, every column head, and where a lifted floor
// was. Fallen floors count where they stood, not as drawn falling.
func templeExtent(v *View) (lo, hi render.Pt) {
	unit := projection{pitch: 1}
	var box ptBox
	for i := range v.Floors {
		box.growFloor(unit, &v.Floors[i])
	}
	if v.Change != nil {
		for _, loop := range outline(v.Change.FromCells) {
			for _, p := range loop {
				box.grow(unit.at(p, levelTop(v.Change.FromLevel)))
			}
		}
	}
	return box.lo, box.hi
}

// templePitch returns the largest whole pitch, up to maxPitch, at which
// a drawing of the size given (at a pitch of 1) fits area with the
// padding around it.
func templePitch(size render.Pt, area image.Rectangle) float32 {
	pitch := float32(maxPitch)
	if size.X > 0 {
		pitch = min(pitch, float32(area.Dx()-2*templePadX)/size.X)
	}
	if size.Y > 0 {
		pitch = min(pitch, float32(area.Dy()-templePadTop-templePadBot)/size.Y)
	}
	return float32(math.Floor(float64(pitch)))
}

// placeTemple fits the drawing whose corners at a pitch of 1 are lo and
// hi in area. It returns the view's box (area cut to the height the
// drawing needs, but not below minHeight) and the projection that
// centres the drawing in it, its origin on a whole pixel.
func placeTemple(lo, hi render.Pt, area image.Rectangle, minHeight int) (image.Rectangle, projection) {
	size := hi.Sub(lo)
	pitch := templePitch(size, area)
	need := int(math.Ceil(float64(size.Y*pitch))) + templePadTop + templePadBot
	height := min(area.Dy(), max(need, minHeight))
	rect := image.Rect(area.Min.X, area.Min.Y, area.Max.X, area.Min.Y+height)
	pr := projection{pitch: pitch}
	pr.origin = render.Pt{
		X: float32(math.Round(float64(float32(area.Min.X) + (float32(area.Dx())-size.X*pitch)/2 - lo.X*pitch))),
		Y: float32(math.Round(float64(float32(area.Min.Y+templePadTop+max(0, height-need)/2) - lo.Y*pitch))),
	}
	return rect, pr
}

// groundShadow returns the temple's shadow on the ground: the outline of
// the floors of level 0, cast a little to the right and back.
func groundShadow(pr projection, floors []Floor) []render.Poly {
	var base []menara.Hex
	for _, f := range floors {
		if f.Level == 0 {
			base = append(base, f.Cells...)
		}
	}
	var ground []render.Poly
	for _, loop := range outline(base) {
		sh := make([]plane, len(loop))
		for i, p := range loop {
			sh[i] = plane{p.X + 0.18, p.Y + 0.3}
		}
		ground = append(ground, pr.loop(sh, 0))
	}
	return ground
}

// slabOf lays out floor f as a slab; covered are the cells that floors
// above it cover.
func slabOf(pr projection, f *Floor, style Style, covered cellSet, lb *Labels) Slab {
	z := levelTop(f.Level)
	s := Slab{Floor: f.ID, Side: f.Side, Level: f.Level, Style: style}
	for _, loop := range outline(f.Cells) {
		s.Top = append(s.Top, pr.loop(loop, z))
	}
	for _, e := range boundary(f.Cells) {
		if e.i != edgeLowerLeft && e.i != edgeLowerRight {
			continue
		}
		a, b := e.a.plane(), e.b.plane()
		q := render.Poly{pr.at(a, z), pr.at(b, z), pr.at(b, z-slabHeight), pr.at(a, z-slabHeight)}
		s.Bottom = max(s.Bottom, q[2].Y, q[3].Y)
		if e.i == edgeLowerLeft {
			s.Left = append(s.Left, q)
		} else {
			s.Right = append(s.Right, q)
		}
	}
	if style != Fell {
		for _, c := range f.Cells {
			if !covered[c] {
				continue
			}
			h := make(render.Poly, 6)
			for i := range h {
				h[i] = pr.at(corner(centre(c), i), z)
			}
			s.Shade = append(s.Shade, h)
		}
	}
	for _, e := range interiorEdges(f.Cells) {
		s.Grid = append(s.Grid, [2]render.Pt{pr.at(e[0], z), pr.at(e[1], z)})
	}
	for _, b := range f.Bases {
		if b.Column {
			continue
		}
		c := pr.at(centre(b.Cell), z)
		rx := discRadius * pr.pitch
		d := Disc{Base: b.Name, Colour: b.Colour, Centre: c, RX: rx, RY: rx * squash, Style: style}
		d.Letter = letterText(lb, b.Colour, c, int(rx*1.1))
		s.Discs = append(s.Discs, d)
	}
	return s
}

// letterText is a colour's letter centred on c, size pixels high at most.
func letterText(lb *Labels, c menara.Colour, at render.Pt, size int) render.Text {
	size = max(size, letterMin)
	r := image.Rect(int(at.X)-size, int(at.Y)-size/2, int(at.X)+size, int(at.Y)+size/2+1)
	return render.Text{S: lb.ColourLetters[c], Rect: r, Size: size, MinSize: letterMin, Bold: true,
		Colour: colourOf(c).ink.Colour(), Align: render.AlignCentre}
}

// columnOf lays out the column on base b of floor f.
func columnOf(pr projection, f *Floor, b *Base, style Style, support bool, lb *Labels) Column {
	z := levelTop(f.Level)
	p := centre(b.Cell)
	c := Column{Base: b.Name, Colour: b.Colour, Style: style, Support: support,
		Foot: pr.at(p, z), Head: pr.at(p, z+columnHeight), Radius: columnRadius * pr.pitch, Squash: squash,
		Free: b.Carries == menara.NoFloor}
	// The letter sits on the shaft just below the head, where it shows
	// even when a floor rests on the column and hides its upper end.
	mid := render.Pt{X: c.Foot.X, Y: c.Foot.Y - (c.Foot.Y-c.Head.Y)*0.38}
	c.Letter = letterText(lb, b.Colour, mid, int(c.Radius*1.25))
	return c
}

// outlinePoly returns a column's silhouette.
func (c *Column) outlinePoly() render.Poly {
	ry := c.Radius * c.Squash
	p := halfEllipse(nil, c.Head, c.Radius, ry, false)
	return halfEllipse(p, c.Foot, c.Radius, ry, true)
}
