package menara

import (
	"image"

	"github.com/tablebot/tablebot/render"
)

// The panel is a column of boxes, and a step changes what is in one or
// two of them (the hands, the card in play) while the others (the level
// row, the piles, the quarry, the legend) stay as they were. Each box and
// what is on it is drawn on blank paper, apart from the other boxes: the
// renderer keeps its palette indices as it keeps a plan's (plans.go) and
// writes them again while the box is the same. Painted box by box instead
// of one kind of thing after another for the whole panel, the panel has
// the same pixels as long as no box's drawing reaches another's tiles:
// panelParts splits the panel only when every thing lies in a box and the
// boxes' tiles are apart. TestImageMatchesDraw and the other tests that
// compare an image with the whole drawing (which paints the panel whole)
// check it.

// panelPart is the panel or a part of it: boxes and what is drawn on
// them, as in Panel.
type panelPart struct {
	Boxes          []image.Rectangle
	CampRow, ToAct image.Rectangle
	Levels         []LevelCard
	Piles          []PileStack
	Next           []NextSide
	Chips          []Chip
	Cards          []CardFace
	Legend         []LegendItem
	Texts          []render.Text
}

// boxReach is how far a box's drawing reaches out of its rectangle: its
// edge, a pixel wide, and a pixel more. (The boxes are 12 pixels apart:
// what lies in one is drawn well clear of the others.)
const boxReach = 2

// panelParts splits the panel pn into its boxes, each with what lies in
// it; false when something lies in no box, or two boxes' drawings may
// reach the same tiles.
func panelParts(pn *panelPart) ([]panelPart, bool) {
	parts := make([]panelPart, len(pn.Boxes))
	for i, b := range pn.Boxes {
		parts[i].Boxes = []image.Rectangle{b}
		for j := range i {
			if tiles(b.Inset(-boxReach)).Overlaps(tiles(pn.Boxes[j].Inset(-boxReach))) {
				return nil, false
			}
		}
	}
	in := func(r image.Rectangle) (*panelPart, bool) {
		for i, b := range pn.Boxes {
			if r.In(b) {
				return &parts[i], true
			}
		}
		return nil, false
	}
	ok := true
	add := func(r image.Rectangle, f func(*panelPart)) {
		if r.Empty() {
			return
		}
		if part, found := in(r); found {
			f(part)
			return
		}
		ok = false
	}
	add(pn.CampRow, func(part *panelPart) { part.CampRow = pn.CampRow })
	add(pn.ToAct, func(part *panelPart) { part.ToAct = pn.ToAct })
	for _, lc := range pn.Levels {
		add(lc.Rect, func(part *panelPart) { part.Levels = append(part.Levels, lc) })
	}
	for _, s := range pn.Piles {
		add(s.Rect, func(part *panelPart) { part.Piles = append(part.Piles, s) })
	}
	for _, n := range pn.Next {
		add(nextBounds(&n), func(part *panelPart) { part.Next = append(part.Next, n) })
	}
	for _, c := range pn.Chips {
		add(c.Rect, func(part *panelPart) { part.Chips = append(part.Chips, c) })
	}
	for _, c := range pn.Cards {
		add(c.Rect, func(part *panelPart) { part.Cards = append(part.Cards, c) })
	}
	for _, it := range pn.Legend {
		add(it.Icon.Union(it.Text.Rect), func(part *panelPart) { part.Legend = append(part.Legend, it) })
	}
	for _, t := range pn.Texts {
		add(t.Rect, func(part *panelPart) { part.Texts = append(part.Texts, t) })
	}
	return parts, ok
}

// nextBounds returns the box of a side of the next floor: its outline,
// its discs and its caption.
func nextBounds(n *NextSide) image.Rectangle {
	r := render.Shape(n.Loops).Bounds().Union(n.Caption.Rect)
	for _, d := range n.Discs {
		r = r.Union(render.Shape{ellipse(d.Centre, d.RX+2, d.RY+2)}.Bounds())
	}
	return r
}

// tiles returns r grown to whole tiles of render.Dirty.
func tiles(r image.Rectangle) image.Rectangle {
	const t = render.DirtyTile
	down := func(v int) int { return (v - (v%t+t)%t) }
	return image.Rect(down(r.Min.X), down(r.Min.Y), down(r.Max.X+t-1), down(r.Max.Y+t-1))
}
