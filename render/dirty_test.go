package render

import (
	"image"
	"testing"
)

// TestDirty checks that the rectangles Dirty returns hold what was
// recorded, are whole tiles clipped to the bounds, and do not overlap.
func TestDirty(t *testing.T) {
	if DirtyTile != 8 {
		t.Fatal("the counts below are for tiles of 8 pixels")
	}
	bounds := image.Rect(3, -5, 103, 44) // tiles cut short on the right and below
	var d Dirty
	if len(d.Rects()) != 0 {
		t.Fatal("the zero Dirty has rectangles")
	}
	d.Add(image.Rect(0, 0, 5, 5)) // nothing recorded before Reset
	d.Reset(bounds)
	added := []image.Rectangle{
		image.Rect(10, 0, 12, 2),
		image.Rect(11, 1, 30, 3),
		image.Rect(95, 30, 200, 60),    // out of the bounds in part
		image.Rect(-50, -50, -10, -10), // out of them wholly
		{},
	}
	for _, r := range added {
		if got := d.Add(r); got != r {
			t.Errorf("Add(%v) returned %v", r, got)
		}
	}
	d.AddAll([]image.Rectangle{image.Rect(0, 0, 1, 1)}, image.Pt(50, 20))
	added = append(added, image.Rect(50, 20, 51, 21))
	covered := map[image.Point]int{}
	for _, r := range d.Rects() {
		if !r.In(bounds) {
			t.Errorf("%v out of the bounds %v", r, bounds)
		}
		if (r.Min.X-bounds.Min.X)%DirtyTile != 0 || (r.Min.Y-bounds.Min.Y)%DirtyTile != 0 {
			t.Errorf("%v does not start on a tile", r)
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				covered[image.Pt(x, y)]++
			}
		}
	}
	for p, n := range covered {
		if n > 1 {
			t.Fatalf("pixel %v in %d rectangles", p, n)
		}
	}
	for _, r := range added {
		r = r.Intersect(bounds)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if covered[image.Pt(x, y)] == 0 {
					t.Fatalf("pixel (%d,%d), recorded, is in no rectangle", x, y)
				}
			}
		}
	}
	// Four tiles around the first two rectangles; around the third, two
	// columns of tiles (the second 4 pixels wide) by three rows (the last
	// one pixel high); the point's tile.
	if want := 4*DirtyTile*DirtyTile + (8+4)*(8+8+1) + DirtyTile*DirtyTile; len(covered) != want {
		t.Errorf("%d pixels covered, want %d", len(covered), want)
	}
	d.Reset(bounds)
	if len(d.Rects()) != 0 {
		t.Error("rectangles after Reset")
	}
}
