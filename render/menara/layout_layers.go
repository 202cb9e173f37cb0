package menara

import (
	"slices"

	"github.com/tablebot/tablebot/rules/menara"
)

// The temple view's layers: each level's slabs and the columns standing
// on them, styled by what the step shown did, in the order they are
// painted.

// layerMaker lays out the floors of a temple and their columns as
// layers. maxLevel is the highest level of a floor (0 for none); covered
// has an entry for every level from 0 to maxLevel+1: covered[l] holds
// the cells the standing floors above level l cover. emptyAbove[c] is
// the highest level of a standing floor with an empty base of colour c,
// -1 for none.
type layerMaker struct {
	pr         projection
	maxLevel   int
	lb         *Labels
	change     *Change // the step shown; nil for none
	covered    []cellSet
	moving     bool // the card in play moves columns
	emptyAbove [menara.NumColours]int
}

// newLayerMaker returns the layer maker of view v drawn by pr.
func newLayerMaker(pr projection, v *View, lb *Labels) *layerMaker {
	maxLevel := highestLevel(v.Floors)
	return &layerMaker{
		pr:         pr,
		maxLevel:   maxLevel,
		lb:         lb,
		change:     v.Change,
		covered:    coveredCells(v.Floors, maxLevel),
		moving:     v.HasCard && v.Card.Type == menara.MoveCard && !v.Over,
		emptyAbove: highestEmptyBases(v.Floors),
	}
}

// layers returns the layers of levels 0 to the highest, holding the
// floors (those of the view it was made for) and their columns, in
// painting order.
func (m *layerMaker) layers(floors []Floor) []Layer {
	layers := make([]Layer, m.maxLevel+1)
	for l := range layers {
		layers[l].Level = l
	}
	for i := range floors {
		m.addFloor(&layers[floors[i].Level], &floors[i])
	}
	for l := range layers {
		sortLayer(&layers[l])
	}
	return layers
}

// addFloor adds floor f to its layer: its slab, then its columns.
func (m *layerMaker) addFloor(layer *Layer, f *Floor) {
	fp := m.pr
	if f.Fallen {
		fp = m.pr.falling(f)
	}
	layer.Slabs = append(layer.Slabs, slabOf(fp, f, floorStyle(f, m.change), m.covered[f.Level], m.lb))
	for i := range f.Bases {
		b := &f.Bases[i]
		if !b.Column {
			continue
		}
		col := columnOf(fp, f, b, columnStyle(b, m.change), proposedSupport(m.change, b.Name), m.lb)
		col.Movable = m.movable(f, b)
		layer.Columns = append(layer.Columns, col)
	}
}

// movable reports whether the card in play can move the column on base b
// of floor f: up to an empty base of its colour on a higher level, once
// a turn.
func (m *layerMaker) movable(f *Floor, b *Base) bool {
	return m.moving && !b.Moved && !b.Fallen && m.emptyAbove[b.Colour] > f.Level
}

// highestLevel returns the highest level of the floors, 0 for none.
func highestLevel(floors []Floor) int {
	maxLevel := 0
	for _, f := range floors {
		maxLevel = max(maxLevel, f.Level)
	}
	return maxLevel
}

// coveredCells returns, for each level l from 0 to maxLevel+1, the cells
// that standing floors of levels above l cover: where they shade it.
func coveredCells(floors []Floor, maxLevel int) []cellSet {
	above := make([]cellSet, maxLevel+2)
	for l := range above {
		above[l] = cellSet{}
	}
	for _, f := range floors {
		if f.Fallen {
			continue
		}
		for l := 0; l < f.Level; l++ {
			for _, c := range f.Cells {
				above[l][c] = true
			}
		}
	}
	return above
}

// highestEmptyBases returns, for each colour, the highest level of a
// standing floor with an empty base of that colour, -1 for none.
func highestEmptyBases(floors []Floor) [menara.NumColours]int {
	var emptyAbove [menara.NumColours]int
	for c := range emptyAbove {
		emptyAbove[c] = -1
	}
	for _, f := range floors {
		if f.Fallen {
			continue
		}
		for _, b := range f.Bases {
			if !b.Column {
				emptyAbove[b.Colour] = max(emptyAbove[b.Colour], f.Level)
			}
		}
	}
	return emptyAbove
}

// floorStyle returns the style of floor f's slab under step c (nil for
// none).
func floorStyle(f *Floor, c *Change) Style {
	proposed := menara.NoFloor
	if c != nil && c.Proposed {
		proposed = c.Floor
	}
	switch {
	case f.Fallen:
		return Fell
	case f.ID == proposed:
		return Proposed
	case c.built(f.ID):
		return Last
	}
	return Plain
}

// columnStyle returns the style of the column on base b under step c
// (nil for none): fallen, placed by the step, or plain. The plans mark
// their bases the same way.
func columnStyle(b *Base, c *Change) Style {
	switch {
	case b.Fallen:
		return Fell
	case c == nil || !slices.Contains(c.Columns, b.Name):
		return Plain
	case c.Proposed:
		return Proposed
	}
	return Last
}

// proposedSupport reports whether the floor step c proposes would rest on
// the column on base b.
func proposedSupport(c *Change, b menara.Base) bool {
	return c != nil && c.Proposed && c.Floor.Valid() && slices.Contains(c.Supports, b)
}

// sortLayer puts a layer in painting order: its slabs from the back to
// the front, then its columns from the back to the front and from the
// left, so that the nearer hides the farther. The sorts are stable: ties
// keep the floors' order.
func sortLayer(layer *Layer) {
	slices.SortStableFunc(layer.Slabs, func(a, b Slab) int { return cmpF(a.Bottom, b.Bottom) })
	slices.SortStableFunc(layer.Columns, func(a, b Column) int {
		if c := cmpF(a.Foot.Y, b.Foot.Y); c != 0 {
			return c
		}
		return cmpF(a.Foot.X, b.Foot.X)
	})
}

// cmpF compares two numbers as slices.SortFunc wants (NaNs are equal to
// everything).
func cmpF(a, b float32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
