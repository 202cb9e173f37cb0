package menara

import (
	"math"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
)

func TestOutline(t *testing.T) {
	ring := []menara.Hex{}
	for d := 0; d < 6; d++ {
		ring = append(ring, menara.Hex{}.Neighbour(d))
	}
	tests := []struct {
		name  string
		cells []menara.Hex
		// loops holds each loop's corners, outlines first (clockwise,
		// positive area), then holes.
		loops    []int
		interior int
	}{
		{"one cell", []menara.Hex{{}}, []int{6}, 0},
		{"two cells", []menara.Hex{{}, {Q: 1}}, []int{10}, 1},
		{"three in a triangle", []menara.Hex{{}, {Q: 1}, {R: 1}}, []int{12}, 3},
		{"a ring with a hole", ring, []int{18, 6}, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loops := outline(tt.cells)
			if len(loops) != len(tt.loops) {
				t.Fatalf("%d loops, want %d", len(loops), len(tt.loops))
			}
			var area float64
			for i, l := range loops {
				if len(l) != tt.loops[i] {
					t.Errorf("loop %d: %d corners, want %d", i, len(l), tt.loops[i])
				}
				area += signedArea(l)
			}
			// The loops' signed areas add up to the cells' area: a hole's
			// loop winds the other way.
			want := float64(len(tt.cells)) * math.Sqrt(3) / 2
			if math.Abs(area-want) > 1e-4 {
				t.Errorf("area %.4f, want %.4f (%d cells)", area, want, len(tt.cells))
			}
			if got := len(interiorEdges(tt.cells)); got != tt.interior {
				t.Errorf("%d edges between cells, want %d", got, tt.interior)
			}
		})
	}
}

// signedArea is the area a loop of the plane encloses, positive when it
// runs clockwise on the page (y down).
func signedArea(l []plane) float64 {
	var a float64
	for i := range l {
		p, q := l[i], l[(i+1)%len(l)]
		a += float64(p.X*q.Y - q.X*p.Y)
	}
	return a / 2
}

// TestEveryFloorOutline: every side of every floor has one simple
// outline, its faces towards the viewer on its lower edges.
func TestEveryFloorOutline(t *testing.T) {
	for f := menara.FloorID(0); f < menara.NumFloors; f++ {
		for _, s := range []menara.Side{menara.Light, menara.Dark} {
			cells := menara.Cells(f, s)
			loops := outline(cells)
			if len(loops) != 1 {
				t.Errorf("floor %v %v: %d loops", f, s, len(loops))
			}
			want := float64(len(cells)) * math.Sqrt(3) / 2
			if a := signedArea(loops[0]); math.Abs(a-want) > 1e-3 {
				t.Errorf("floor %v %v: area %.3f, want %.3f", f, s, a, want)
			}
			for _, e := range boundary(cells) {
				a, b := e.a.plane(), e.b.plane()
				down := (e.i == edgeLowerLeft || e.i == edgeLowerRight)
				// An edge towards the viewer runs from right to left along the
				// outline's clockwise way, its cell above it.
				if faces := b.X < a.X-1e-4 && centre(e.cell).Y < (a.Y+b.Y)/2; faces != down {
					t.Errorf("floor %v %v: edge %d of cell %v faces the viewer %v, want %v", f, s, e.i, e.cell, faces, down)
				}
			}
		}
	}
}
