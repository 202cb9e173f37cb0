package menara

import (
	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// The marks of the step shown on the temple view: the outlines of where
// a floor was or would go, the rings and the arrow, and the step's
// columns seen through what hides them.

// changeGhosts returns the outlines of step c: where a lifted floor was,
// then where the floor it proposes would go.
func changeGhosts(pr projection, v *View, c *Change) []Ghost {
	var ghosts []Ghost
	if len(c.FromCells) > 0 {
		ghosts = append(ghosts, ghostOf(pr, c.FromCells, c.FromLevel, false))
	}
	if c.Proposed && c.Floor.Valid() {
		for _, f := range v.Floors {
			if f.ID == c.Floor {
				ghosts = append(ghosts, ghostOf(pr, f.Cells, f.Level, true))
			}
		}
	}
	return ghosts
}

// ghostOf returns the outline of the cells at the top of a floor of
// level l.
func ghostOf(pr projection, cells []menara.Hex, l int, proposal bool) Ghost {
	var g Ghost
	for _, loop := range outline(cells) {
		g.Loops = append(g.Loops, pr.loop(loop, levelTop(l)))
	}
	g.Proposal = proposal
	return g
}

// xrayColumns returns the columns the step placed (or would place) that
// something painted after them hides, at the middle of the shaft.
func xrayColumns(t *Temple, occ *occlusion) []Column {
	var xray []Column
	for l, layer := range t.Layers {
		for i, c := range layer.Columns {
			if (c.Style == Last || c.Style == Proposed) && occ.hidden(l, i, c.Foot.Lerp(c.Head, 0.5)) {
				xray = append(xray, c)
			}
		}
	}
	return xray
}

// columnAt returns the foot and head of the column on base b as it
// stands in the view (turned and sunk when its floor fell); false when
// no floor of the view has that base.
func columnAt(pr projection, floors []Floor, b menara.Base) (foot, head render.Pt, ok bool) {
	for i := range floors {
		f := &floors[i]
		if f.ID != b.Floor || int(b.N) > len(f.Bases) {
			continue
		}
		p := centre(f.Bases[b.N-1].Cell)
		z := levelTop(f.Level)
		fp := pr
		if f.Fallen {
			fp = pr.falling(f)
		}
		return fp.at(p, z), fp.at(p, z+columnHeight), true
	}
	return render.Pt{}, render.Pt{}, false
}

// changeMarks returns the rings and arrows of the last (or proposed)
// step: new columns ringed; a moved column's old base ringed dashed, with
// an arrow to its new one; the columns a lifted floor left, ringed dashed.
func changeMarks(pr projection, v *View, c *Change) ([]Ring, []Arrow) {
	var rings []Ring
	var arrows []Arrow
	r := (columnRadius + 0.12) * pr.pitch
	for _, b := range c.Columns {
		foot, head, ok := columnAt(pr, v.Floors, b)
		if !ok {
			continue
		}
		rings = append(rings, Ring{Centre: head.Lerp(foot, 0.5), RX: r, RY: (foot.Y-head.Y)/2 + r*squash})
	}
	if c.Step.Kind == menara.MoveColumn && c.From.Valid() {
		from, _, ok1 := columnAt(pr, v.Floors, c.From)
		to, toHead, ok2 := columnAt(pr, v.Floors, c.Columns[0])
		if ok1 && ok2 {
			rings = append(rings, Ring{Centre: from, RX: r, RY: r * squash, Dashed: true})
			to = toHead.Lerp(to, 0.5)
			via := from.Lerp(to, 0.5)
			via.Y -= 0.35*from.Sub(to).Len() + pr.pitch*0.4
			arrows = append(arrows, Arrow{From: from, Via: via, To: to})
		}
	}
	for _, b := range c.Freed {
		_, head, ok := columnAt(pr, v.Floors, b)
		if ok {
			rings = append(rings, Ring{Centre: head, RX: r, RY: r * squash, Dashed: true})
		}
	}
	if c.Proposed {
		for _, b := range c.Supports {
			if _, head, ok := columnAt(pr, v.Floors, b); ok {
				rings = append(rings, Ring{Centre: head, RX: r, RY: r * squash, Support: true})
			}
		}
	}
	return rings, arrows
}
