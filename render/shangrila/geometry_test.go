package shangrila

import (
	"image"
	"testing"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// distance returns how far p lies from the polyline.
func distance(p render.Pt, line []render.Pt) float32 {
	best := float32(1e9)
	for i := 0; i+1 < len(line); i++ {
		a, b := line[i], line[i+1]
		ab := b.Sub(a)
		t := float32(0)
		if l := ab.X*ab.X + ab.Y*ab.Y; l > 0 {
			t = max(0, min(1, (p.Sub(a).X*ab.X+p.Sub(a).Y*ab.Y)/l))
		}
		best = min(best, p.Sub(a.Lerp(b, t)).Len())
	}
	return best
}

func TestMapGeometry(t *testing.T) {
	bounds := image.Rect(0, 0, Width, mapHeight)
	g := start(t, 4, shangrila.StartSuggested)
	l := NewLayout(&g.pos, Options{})
	for _, v := range l.Villages {
		for _, r := range []image.Rectangle{render.CircleRect(render.PtOf(v.Centre), plateRadius), v.Letter.Rect, v.Strength.Rect} {
			if !r.In(bounds) {
				t.Errorf("village %v: %v lies outside the map %v", v.Village, r, bounds)
			}
		}
	}
	// Paths run clear of the villages they do not join, and rivers clear
	// of every village.
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		x, y := b.Ends()
		for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
			if v == x || v == y {
				continue
			}
			if d := distance(villageCentre(v), pathCurve(b)); d < plateRadius+pathWidth {
				t.Errorf("path %v passes %.0fpx from %v's centre", b, d, v)
			}
		}
	}
	for i, r := range riverCourses(bounds) {
		for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
			if d := distance(villageCentre(v), r); d < plateRadius+riverWidth/2 {
				t.Errorf("river %d passes %.0fpx from %v's centre", i, d, v)
			}
		}
	}
	// Every path between two regions of the board has a river from each;
	// the eight on the edge have one.
	count := map[shangrila.Bridge]int{}
	for _, face := range faces() {
		for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
			if faceHas(face, b) {
				count[b]++
			}
		}
	}
	edge := 0
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		switch count[b] {
		case 1:
			edge++
		case 2:
		default:
			t.Errorf("path %v borders %d regions", b, count[b])
		}
	}
	if edge != 8 {
		t.Errorf("%d paths on the board's edge, want 8", edge)
	}
}
