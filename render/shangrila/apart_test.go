package shangrila

import (
	"image"
	"testing"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// footprint rasterizes what a tile of colour c at r covers, edge and
// outline included, as a mask of the box around a village at centre.
func footprint(c shangrila.Colour, r image.Rectangle, box image.Rectangle) *image.Alpha {
	var f render.Filler
	o := render.PtOf(box.Min)
	shape := render.Shape{silhouette(c, r, 1.4), silhouette(c, r.Add(image.Pt(0, 3)), 1.4)}.Transform(1, o.Mul(-1))
	return f.Mask(box.Dx(), box.Dy(), render.MaskOp{Shape: shape})
}

// TestTilesApart: in the most crowded village, every space holding a
// master with its student, no tile covers a tile of another space, whatever
// the colours; and every tile stays on its plate.
func TestTilesApart(t *testing.T) {
	v := shangrila.VillageE
	c := villageCentre(v).Image()
	box := image.Rect(c.X-plateRadius-10, c.Y-plateRadius-10, c.X+plateRadius+10, c.Y+plateRadius+10)
	// covers[d][c] is what the stack on space d covers in colour c.
	var covers [shangrila.NumDisciplines][shangrila.Violet + 1]*image.Alpha
	for _, d := range shangrila.Disciplines {
		space := spaceRect(v, d)
		for _, col := range shangrila.Colours {
			m := footprint(col, space.Add(masterShift), box)
			s := footprint(col, space.Add(studentShift), box)
			for i := range m.Pix {
				m.Pix[i] = max(m.Pix[i], s.Pix[i])
			}
			covers[d][col] = m
			// On the plate: within its rim.
			for y := 0; y < box.Dy(); y++ {
				for x := 0; x < box.Dx(); x++ {
					if m.Pix[y*m.Stride+x] < 128 {
						continue
					}
					p := render.PtOf(image.Pt(box.Min.X+x, box.Min.Y+y)).Add(pt(0.5, 0.5))
					if p.Sub(villageCentre(v)).Len() > plateRadius {
						t.Errorf("%v %v tile reaches off the plate at %v", col, d, p)
						y = box.Dy()
						break
					}
				}
			}
		}
	}
	for i, a := range shangrila.Disciplines {
		for _, b := range shangrila.Disciplines[i+1:] {
			for _, ca := range shangrila.Colours {
				for _, cb := range shangrila.Colours {
					ma, mb := covers[a][ca], covers[b][cb]
					n := 0
					for k := range ma.Pix {
						if ma.Pix[k] >= 128 && mb.Pix[k] >= 128 {
							n++
						}
					}
					if n > 0 {
						t.Errorf("%v's %v and %v's %v overlap in %d pixels", ca, a, cb, b, n)
					}
				}
			}
		}
	}
}

// TestJourneyArrowsClear: a journey's arrow, over any bridge either way,
// keeps clear of the bridge it broke and of both villages' letters and
// strength badges.
func TestJourneyArrowsClear(t *testing.T) {
	g := start(t, 4, shangrila.StartSuggested)
	l := NewLayout(&g.pos, Options{Labels: english(t)})
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		v, w := b.Ends()
		_, _, mid := pathEnds(b)
		for _, dir := range [][2]shangrila.Village{{v, w}, {w, v}} {
			from, via, to := journeyArrow(&l, b, dir[0], dir[1])
			curve := render.Quad(render.PtOf(from), render.PtOf(via), render.PtOf(to), 32)
			// The deck is 30 pixels either side of the middle, 17 across; the
			// arrow's shaft with its edge is 9 either side of its line.
			near := float32(1e9)
			for _, q := range curve {
				near = min(near, q.Sub(mid).Len())
			}
			if near < 17+9+6 {
				t.Errorf("%v to %v: the arrow passes %.0f pixels from the bridge's middle", dir[0], dir[1], near)
			}
			if clear := arrowClearance(&l, curve, dir[0], dir[1]); clear < 9+4 {
				t.Errorf("%v to %v: the arrow passes %.0f pixels from a letter or badge", dir[0], dir[1], clear)
			}
		}
	}
}

// TestGhostsClear: a tile going back to the supply, beside any space of
// any village, stays on the map and clear of the village's letter and
// badge.
func TestGhostsClear(t *testing.T) {
	g := start(t, 4, shangrila.StartSuggested)
	l := NewLayout(&g.pos, Options{Labels: english(t)})
	bounds := image.Rect(0, 0, Width, mapHeight)
	for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
		vl := l.Villages[v]
		for _, d := range shangrila.Disciplines {
			r := ghostRect(v, d)
			if !r.In(bounds) {
				t.Errorf("%v %v: %v off the map", v, d, r)
			}
			for _, other := range []image.Rectangle{vl.Letter.Rect, vl.Strength.Rect} {
				if r.Inset(-4).Overlaps(other) {
					t.Errorf("%v %v: %v touches %v", v, d, r, other)
				}
			}
		}
	}
}
