package menara

import (
	"image"
	"math"
	"slices"

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
	proposedFloor := menara.NoFloor
	if v.Change != nil && v.Change.Proposed {
		proposedFloor = v.Change.Floor
	}
	// The extent of the drawing at a pitch of 1: every slab, every column
	// head, and where a lifted floor was.
	unit := projection{pitch: 1}
	var lo, hi render.Pt
	first := true
	growPt := func(p render.Pt) {
		if first {
			lo, hi, first = p, p, false
			return
		}
		lo = render.Pt{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}
		hi = render.Pt{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
	}
	for _, f := range v.Floors {
		for _, loop := range outline(f.Cells) {
			for _, p := range loop {
				growPt(unit.at(p, levelTop(f.Level)))
				growPt(unit.at(p, levelTop(f.Level)-slabHeight))
			}
		}
		for _, b := range f.Bases {
			if b.Column {
				growPt(unit.at(centre(b.Cell), levelTop(f.Level)+columnHeight+columnRadius))
			}
		}
	}
	if v.Change != nil {
		for _, loop := range outline(v.Change.FromCells) {
			for _, p := range loop {
				growPt(unit.at(p, levelTop(v.Change.FromLevel)))
			}
		}
	}
	t := Temple{}
	size := hi.Sub(lo)
	pitch := float32(maxPitch)
	if size.X > 0 {
		pitch = min(pitch, float32(area.Dx()-2*templePadX)/size.X)
	}
	if size.Y > 0 {
		pitch = min(pitch, float32(area.Dy()-templePadTop-templePadBot)/size.Y)
	}
	pitch = float32(math.Floor(float64(pitch)))
	need := int(math.Ceil(float64(size.Y*pitch))) + templePadTop + templePadBot
	height := min(area.Dy(), max(need, minHeight))
	t.Rect = image.Rect(area.Min.X, area.Min.Y, area.Max.X, area.Min.Y+height)
	t.Pitch = pitch
	pr := projection{pitch: pitch}
	pr.origin = render.Pt{
		X: float32(math.Round(float64(float32(area.Min.X) + (float32(area.Dx())-size.X*pitch)/2 - lo.X*pitch))),
		Y: float32(math.Round(float64(float32(area.Min.Y+templePadTop+max(0, height-need)/2) - lo.Y*pitch))),
	}

	// Which cells each level's floors cover, for the shade they cast.
	maxLevel := 0
	for _, f := range v.Floors {
		maxLevel = max(maxLevel, f.Level)
	}
	above := make([]cellSet, maxLevel+2) // above[l]: cells of floors of level > l
	for l := range above {
		above[l] = cellSet{}
	}
	for _, f := range v.Floors {
		if f.Fallen {
			continue
		}
		for l := 0; l < f.Level; l++ {
			for _, c := range f.Cells {
				above[l][c] = true
			}
		}
	}

	// The ground under the base.
	var base []menara.Hex
	for _, f := range v.Floors {
		if f.Level == 0 {
			base = append(base, f.Cells...)
		}
	}
	for _, loop := range outline(base) {
		sh := make([]plane, len(loop))
		for i, p := range loop {
			sh[i] = plane{p.X + 0.18, p.Y + 0.3}
		}
		t.Ground = append(t.Ground, pr.loop(sh, 0))
	}

	change := v.Change
	isNew := func(f menara.FloorID) bool { return change != nil && !change.Proposed && change.Floor == f }
	newColumn := func(b menara.Base) bool {
		return change != nil && !change.Proposed && slices.Contains(change.Columns, b)
	}
	support := func(b menara.Base) bool {
		return change != nil && change.Proposed && change.Floor.Valid() && slices.Contains(change.Supports, b)
	}

	// The columns the card in play can move: up to an empty base of their
	// colour on a higher level, once a turn.
	moving := v.HasCard && v.Card.Type == menara.MoveCard && !v.Over
	var emptyAbove [menara.NumColours]int // the highest level with an empty base of each colour
	for c := range emptyAbove {
		emptyAbove[c] = -1
	}
	for _, f := range v.Floors {
		if f.Fallen {
			continue
		}
		for _, b := range f.Bases {
			if !b.Column {
				emptyAbove[b.Colour] = max(emptyAbove[b.Colour], f.Level)
			}
		}
	}

	t.Layers = make([]Layer, maxLevel+1)
	for l := range t.Layers {
		t.Layers[l].Level = l
	}
	for _, f := range v.Floors {
		style := Plain
		switch {
		case f.Fallen:
			style = Fell
		case f.ID == proposedFloor:
			style = Proposed
		case isNew(f.ID):
			style = Last
		}
		fp := pr
		if f.Fallen {
			fp = pr.falling(&f)
		}
		s := slabOf(fp, &f, style, above[f.Level], lb)
		t.Layers[f.Level].Slabs = append(t.Layers[f.Level].Slabs, s)
		for _, b := range f.Bases {
			if !b.Column {
				continue
			}
			cs := Plain
			switch {
			case b.Fallen:
				cs = Fell
			case change != nil && change.Proposed && slices.Contains(change.Columns, b.Name):
				cs = Proposed
			case newColumn(b.Name):
				cs = Last
			}
			col := columnOf(fp, &f, &b, cs, support(b.Name), lb)
			col.Movable = moving && !b.Moved && !b.Fallen && emptyAbove[b.Colour] > f.Level
			t.Layers[f.Level].Columns = append(t.Layers[f.Level].Columns, col)
		}
	}
	for l := range t.Layers {
		layer := &t.Layers[l]
		slices.SortStableFunc(layer.Slabs, func(a, b Slab) int { return cmpF(a.Bottom, b.Bottom) })
		slices.SortStableFunc(layer.Columns, func(a, b Column) int {
			if c := cmpF(a.Foot.Y, b.Foot.Y); c != 0 {
				return c
			}
			return cmpF(a.Foot.X, b.Foot.X)
		})
	}

	if change != nil {
		if len(change.FromCells) > 0 {
			var g Ghost
			for _, loop := range outline(change.FromCells) {
				g.Loops = append(g.Loops, pr.loop(loop, levelTop(change.FromLevel)))
			}
			t.Ghosts = append(t.Ghosts, g)
		}
		t.Rings, t.Arrows = changeMarks(pr, v, change)
		if change.Proposed && change.Floor.Valid() {
			for _, f := range v.Floors {
				if f.ID != change.Floor {
					continue
				}
				var g Ghost
				for _, loop := range outline(f.Cells) {
					g.Loops = append(g.Loops, pr.loop(loop, levelTop(f.Level)))
				}
				g.Proposal = true
				t.Ghosts = append(t.Ghosts, g)
			}
		}
	}

	occ := newOcclusion(&t)
	for l, layer := range t.Layers {
		for i, c := range layer.Columns {
			if (c.Style == Last || c.Style == Proposed) && occ.hidden(l, i, c.Foot.Lerp(c.Head, 0.5)) {
				t.Xray = append(t.Xray, c)
			}
		}
	}
	t.Badges = layoutBadges(pr, v, &t, occ, lb)
	t.Tags = layoutTags(&t, occ)
	return t
}

func cmpF(a, b float32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
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

// changeMarks returns the rings and arrows of the last (or proposed)
// step: new columns ringed; a moved column's old base ringed dashed, with
// an arrow to its new one; the columns a lifted floor left, ringed dashed.
func changeMarks(pr projection, v *View, c *Change) ([]Ring, []Arrow) {
	var rings []Ring
	var arrows []Arrow
	// where returns the foot and head of the column on base b, as it
	// stands in the view.
	where := func(b menara.Base) (foot, head render.Pt, ok bool) {
		for _, f := range v.Floors {
			if f.ID != b.Floor || int(b.N) > len(f.Bases) {
				continue
			}
			p := centre(f.Bases[b.N-1].Cell)
			z := levelTop(f.Level)
			fp := pr
			if f.Fallen {
				fp = pr.falling(&f)
			}
			return fp.at(p, z), fp.at(p, z+columnHeight), true
		}
		return render.Pt{}, render.Pt{}, false
	}
	r := (columnRadius + 0.12) * pr.pitch
	for _, b := range c.Columns {
		foot, head, ok := where(b)
		if !ok {
			continue
		}
		rings = append(rings, Ring{Centre: head.Lerp(foot, 0.5), RX: r, RY: (foot.Y-head.Y)/2 + r*squash})
	}
	if c.Step.Kind == menara.MoveColumn && c.From.Valid() {
		from, _, ok1 := where(c.From)
		to, toHead, ok2 := where(c.Columns[0])
		if ok1 && ok2 {
			rings = append(rings, Ring{Centre: from, RX: r, RY: r * squash, Dashed: true})
			to = toHead.Lerp(to, 0.5)
			via := from.Lerp(to, 0.5)
			via.Y -= 0.35*from.Sub(to).Len() + pr.pitch*0.4
			arrows = append(arrows, Arrow{From: from, Via: via, To: to})
		}
	}
	for _, b := range c.Freed {
		_, head, ok := where(b)
		if ok {
			rings = append(rings, Ring{Centre: head, RX: r, RY: r * squash, Dashed: true})
		}
	}
	if c.Proposed {
		for _, b := range c.Supports {
			if _, head, ok := where(b); ok {
				rings = append(rings, Ring{Centre: head, RX: r, RY: r * squash, Support: true})
			}
		}
	}
	return rings, arrows
}
