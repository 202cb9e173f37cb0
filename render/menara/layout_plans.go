package menara

import (
	"image"
	"math"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// The plans by level: each level seen from straight above, all at one
// scale and in one frame (the whole temple's), so that they can be laid
// side by side in the mind.

const (
	planMaxPitch = 44
	planCaption  = 34
	planPad      = 12
	planGap      = 14
	planTagSize  = 18
	planMinTag   = 11
	// A wide plan (the base's, a fall's), across the whole width: at most this pitch and
	// this high (without its caption), its names up to this size.
	basePlanMaxPitch = 42
	basePlanMaxH     = 340
	basePlanTagSize  = 22
)

// layoutPlans lays out the plans in the box r, level by level: the
// base's across the whole width and larger (it holds the most floors, and
// a base extended again and again crowds its names), and so is the plan of
// a level where a floor fell (its supports, load centre and miss must be
// read), each zoomed to its level; the other levels in rows of cols, at
// one scale and across the temple's one frame, each row only as high as
// its levels reach. It returns them and the height they take.
func layoutPlans(v *View, lb *Labels, r image.Rectangle) ([]Plan, int) {
	maxLevel := 0
	var all []menara.Hex
	for _, f := range v.Floors {
		maxLevel = max(maxLevel, f.Level)
		all = append(all, f.Cells...)
	}
	if len(all) == 0 {
		return nil, 0
	}
	ext := extent{}.grow(all, true)
	// The base has its own row: the levels on columns go four to a row
	// (five in a temple higher than eight).
	cols := 4
	if maxLevel > 8 {
		cols = 5
	}
	boxW := (r.Dx() - (cols-1)*planGap) / cols
	pitch := min(float32(planMaxPitch), float32(boxW-2*planPad)/ext.size().X)
	pitch = float32(math.Floor(float64(pitch)))
	wide := map[int]bool{0: true}
	for _, f := range v.Falls {
		wide[f.Level] = true
	}
	var plans []Plan
	y := r.Min.Y
	for l := 0; l <= maxLevel; {
		if wide[l] {
			we := levelExtent(v, l)
			ws := we.size()
			wp := min(float32(basePlanMaxPitch), float32(r.Dx()-2*planPad)/ws.X, float32(basePlanMaxH)/ws.Y)
			wp = float32(math.Floor(float64(wp)))
			h := planHeight(ws.Y, wp)
			plans = append(plans, layoutPlan(v, lb, l, image.Rect(r.Min.X, y, r.Max.X, y+h), wp, we))
			y += h + planGap
			l++
			continue
		}
		// A row of narrow plans: the levels up to the next wide one.
		row := []int{}
		re := ext
		for ; l <= maxLevel && !wide[l] && len(row) < cols; l++ {
			le := levelExtent(v, l)
			if len(row) == 0 {
				re.min.Y, re.max.Y = le.min.Y, le.max.Y
			}
			re.min.Y, re.max.Y = min(re.min.Y, le.min.Y), max(re.max.Y, le.max.Y)
			row = append(row, l)
		}
		h := planHeight(re.size().Y, pitch)
		for i, lv := range row {
			at := image.Pt(r.Min.X+i*(boxW+planGap), y)
			plans = append(plans, layoutPlan(v, lb, lv, image.Rectangle{Min: at, Max: at.Add(image.Pt(boxW, h))}, pitch, re))
		}
		y += h + planGap
	}
	return plans, y - planGap - r.Min.Y
}

// planHeight is the height of a plan's box showing a height of the plane
// (in pitches) at pitch.
func planHeight(height, pitch float32) int {
	return planCaption + int(math.Ceil(float64(height*pitch))) + 2*planPad
}

// levelExtent returns the extent of the floors of level l and of the
// level under it (whose outlines its plan shows).
func levelExtent(v *View, l int) extent {
	var cells []menara.Hex
	for _, f := range v.Floors {
		if f.Level == l || f.Level == l-1 && !f.Fallen {
			cells = append(cells, f.Cells...)
		}
	}
	return extent{}.grow(cells, true)
}

// layoutPlan lays out the plan of level l in box.
func layoutPlan(v *View, lb *Labels, l int, box image.Rectangle, pitch float32, ext extent) Plan {
	p := Plan{Level: l, Rect: box, Pitch: pitch, tagSize: min(planTagSize, max(13, int(pitch*0.68)))}
	if pitch > planMaxPitch {
		p.tagSize = min(basePlanTagSize, int(pitch*0.45))
	}
	p.Caption = planCaptionText(lb, l, box)
	m := planMaker{plan: &p, view: planViewOf(box, pitch, ext), change: v.Change, lb: lb, pl: &placer{bounds: box.Inset(2)}}
	for _, f := range v.Floors {
		if f.Level == l-1 && !f.Fallen {
			p.Below = append(p.Below, m.view.loops(f.Cells)...)
		}
	}
	for i := range v.Floors {
		if v.Floors[i].Level == l {
			m.addFloor(&v.Floors[i])
		}
	}
	for i := range v.Falls {
		if v.Falls[i].Level == l {
			p.Falls = append(p.Falls, m.fall(&v.Falls[i], v.Floors))
		}
	}
	nameBases(&p, m.pl)
	return p
}

// fall lays out why floor f fell, on its level's plan; floors are the
// view's, where its supports stand.
func (m *planMaker) fall(f *menara.Fall, floors []Floor) PlanFall {
	pitch := float32(menara.StatModel().PitchMM)
	at := func(x, y float64) render.Pt { return m.view.at(plane{float32(x) / pitch, float32(y) / pitch}) }
	cells := map[menara.Base]Base{}
	for i := range floors {
		for _, b := range floors[i].Bases {
			cells[b.Name] = b
		}
	}
	pf := PlanFall{Floor: f.Floor, Centre: at(f.CentreX, f.CentreY), Nearest: at(f.NearestX, f.NearestY),
		Radius: m.view.pitch * 0.48}
	for _, b := range f.Hull {
		pf.Hull = append(pf.Hull, m.view.at(centre(cells[b].Cell)))
	}
	for _, b := range f.Supports {
		pf.Supports = append(pf.Supports, m.view.at(centre(cells[b].Cell)))
		pf.Colours = append(pf.Colours, cells[b].Colour)
		m.pl.hard = append(m.pl.hard, boxAt(pf.Supports[len(pf.Supports)-1], int(2*pf.Radius), int(2*pf.Radius)))
	}
	m.pl.hard = append(m.pl.hard, boxAt(pf.Centre, 24, 24))
	if f.HasMargin {
		size := max(planMinTag+2, m.plan.tagSize)
		w, h := size*4, size+6
		var cands []image.Rectangle
		for _, d := range []render.Pt{{X: 1}, {X: -1}, {Y: -1}, {Y: 1}, {X: 1, Y: -1}, {X: -1, Y: -1}, {X: 1, Y: 1}, {X: -1, Y: 1}} {
			for _, k := range []float32{1, 2, 3} {
				off := render.Pt{X: d.X * (float32(w)/2 + 16) * k, Y: d.Y * (float32(h)/2 + 16) * k}
				cands = append(cands, boxAt(pf.Centre.Add(off), w, h))
			}
		}
		r, _, ok := m.pl.place(cands)
		if !ok {
			r = cands[0]
		}
		pf.Miss = render.Text{S: call1(m.lb.Margin, f.Margin), Rect: r, Size: size, MinSize: planMinTag, Bold: true,
			Colour: colHeaderText.Colour(), Align: render.AlignCentre}
	}
	return pf
}

// planCaptionText returns the caption of the plan of level l in box.
func planCaptionText(lb *Labels, l int, box image.Rectangle) render.Text {
	caption := lb.Base
	if l > 0 {
		caption = call1(lb.Level, l)
	}
	return render.Text{S: caption, Rect: image.Rect(box.Min.X+planPad, box.Min.Y+4, box.Max.X-planPad, box.Min.Y+planCaption),
		Size: 22, MinSize: 14, Bold: true, Colour: colInk.Colour()}
}

// planView maps the plane to a plan, seen from straight above: point p
// lands at origin + pitch·p.
type planView struct {
	origin render.Pt
	pitch  float32
}

// planViewOf returns the view that centres the extent ext, at pitch, in
// the plan's box under its caption.
func planViewOf(box image.Rectangle, pitch float32, ext extent) planView {
	size := ext.size()
	return planView{pitch: pitch, origin: render.Pt{
		X: float32(box.Min.X) + (float32(box.Dx())-size.X*pitch)/2 - ext.min.X*pitch,
		Y: float32(box.Min.Y+planCaption+planPad) - ext.min.Y*pitch,
	}}
}

// at returns where point q of the plane lands.
func (pv planView) at(q plane) render.Pt {
	return render.Pt{X: pv.origin.X + pv.pitch*q.X, Y: pv.origin.Y + pv.pitch*q.Y}
}

// loops returns the outline of the cells.
func (pv planView) loops(cells []menara.Hex) []render.Poly {
	var out []render.Poly
	for _, loop := range outline(cells) {
		poly := make(render.Poly, len(loop))
		for i, q := range loop {
			poly[i] = pv.at(q)
		}
		out = append(out, poly)
	}
	return out
}

// planMaker lays out the floors and bases of one plan. Each name it
// places is kept in pl, as is each mark a name should not cover, so
// that the bases' names (placed last) leave them clear.
type planMaker struct {
	plan   *Plan
	view   planView
	change *Change // the step shown; nil for none
	lb     *Labels
	pl     *placer
}

// addFloor adds floor f and its bases to the plan.
func (m *planMaker) addFloor(f *Floor) {
	pf := PlanFloor{Floor: f.ID, Side: f.Side, Style: planFloorStyle(f, m.change), Loops: m.view.loops(f.Cells)}
	pf.Circle = m.view.at(letterSpot(f))
	size := int(m.view.pitch * 0.62)
	pf.Letter = render.Text{S: f.ID.String(), Rect: boxAt(pf.Circle, 2*size, size), Size: size, MinSize: 10, Bold: true,
		Colour: colHeaderText.Colour(), Align: render.AlignCentre}
	m.pl.hard = append(m.pl.hard, boxAt(pf.Circle, size+6, size+6))
	m.plan.Floors = append(m.plan.Floors, pf)
	for i := range f.Bases {
		pb := m.base(&f.Bases[i])
		m.plan.Bases = append(m.plan.Bases, pb)
		m.pl.soft = append(m.pl.soft, boxAt(pb.Centre, int(2*pb.Radius), int(2*pb.Radius)))
	}
}

// base returns base b on the plan, with the column on it if any.
func (m *planMaker) base(b *Base) PlanBase {
	c := m.view.at(centre(b.Cell))
	rad := m.view.pitch * 0.34
	pb := PlanBase{Base: b.Name, Colour: b.Colour, Centre: c, Radius: rad, Column: b.Column,
		Free: b.Column && b.Carries == menara.NoFloor, Fallen: b.Fallen,
		Support: proposedSupport(m.change, b.Name), Style: columnStyle(b, m.change)}
	pb.Letter = letterText(m.lb, b.Colour, c, int(rad*1.15))
	if !b.Column {
		// An empty base is hollow: its letter is ink on white.
		pb.Letter = letterText(m.lb, b.Colour, c, int(rad*0.95))
		pb.Letter.Colour = colInk.Colour()
	}
	return pb
}

// planFloorStyle returns the style of floor f on a plan under step c
// (nil for none).
func planFloorStyle(f *Floor, c *Change) Style {
	switch {
	case f.Fallen:
		return Fell
	case c != nil && c.Floor == f.ID && c.Proposed:
		return Proposed
	case c.built(f.ID):
		return Last
	}
	return Plain
}

// letterSpot returns where floor f's letter goes: the centre of the cell
// nearest the floor's middle that holds no base, or the middle itself
// when every cell holds one.
func letterSpot(f *Floor) plane {
	bases := map[menara.Hex]bool{}
	for _, b := range f.Bases {
		bases[b.Cell] = true
	}
	mid := mean(f.Cells)
	spot, best := mid, float32(-1)
	for _, c := range f.Cells {
		if bases[c] {
			continue
		}
		q := centre(c)
		if d := (q.X-mid.X)*(q.X-mid.X) + (q.Y-mid.Y)*(q.Y-mid.Y); best < 0 || d < best {
			spot, best = q, d
		}
	}
	return spot
}

// nameBases names the bases of plan p that did not fall, where pl finds
// room. Where a crowded plan leaves no room at the usual size, a smaller
// name beside the base is better than none.
func nameBases(p *Plan, pl *placer) {
	for i := range p.Bases {
		b := &p.Bases[i]
		if b.Fallen {
			continue
		}
		for size := p.tagSize; size >= planMinTag && b.Tag.Text.S == ""; size -= 2 {
			b.Tag = planTag(pl, b.Base, b.Centre, b.Radius, size)
		}
	}
}

// planTag places the name of a base on a plan beside its mark: right,
// left, above or below it, then on the diagonals, then a little further
// out, with a line to it.
func planTag(pl *placer, b menara.Base, c render.Pt, rad float32, size int) Tag {
	w, h := size*2-size/6, size+4
	fw, fh := float32(w)/2, float32(h)/2
	var cands []image.Rectangle
	near := []render.Pt{{X: rad + 2 + fw}, {X: -rad - 2 - fw}, {Y: -rad - 1 - fh}, {Y: rad + 1 + fh},
		{X: rad + fw, Y: -rad - fh + 4}, {X: -rad - fw, Y: -rad - fh + 4}, {X: rad + fw, Y: rad + fh - 4}, {X: -rad - fw, Y: rad + fh - 4}}
	far := []render.Pt{{X: rad + 10 + fw}, {X: -rad - 10 - fw}, {Y: -rad - 8 - fh}, {Y: rad + 8 + fh},
		{X: rad + 6 + fw, Y: -rad - fh - 4}, {X: -rad - 6 - fw, Y: -rad - fh - 4}, {X: rad + 6 + fw, Y: rad + fh + 4}, {X: -rad - 6 - fw, Y: rad + fh + 4}}
	for _, d := range append(near, far...) {
		cands = append(cands, boxAt(c.Add(d), w, h))
	}
	r, i, ok := pl.place(cands)
	if !ok {
		return Tag{}
	}
	return Tag{Base: b, Rect: r, Anchor: c, Leader: i >= len(near),
		Text: render.Text{S: b.String(), Rect: r, Size: size, MinSize: 11, Bold: true, Colour: colInk.Colour(), Align: render.AlignCentre}}
}
