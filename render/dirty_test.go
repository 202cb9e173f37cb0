package render

import (
	"fmt"
	"image"
	"slices"
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

// TestDirtyConverted checks the tiles recorded as converted already: in
// Rects, not in Unconverted until drawn on again, not Clean, and
// Converted until drawn on again.
func TestDirtyConverted(t *testing.T) {
	bounds := image.Rect(0, 0, 100, 40) // tiles cut short on the right
	var d Dirty
	d.Reset(bounds)
	picture := image.Rect(90, 3, 120, 9)
	if got, want := d.TileRect(picture), image.Rect(88, 0, 100, 16); got != want {
		t.Errorf("TileRect(%v) = %v, want %v", picture, got, want)
	}
	if !d.Clean(picture) {
		t.Error("a tile of a new Dirty is not clean")
	}
	d.AddConverted(picture)
	d.Add(image.Rect(0, 0, 1, 1))
	tests := []struct {
		name string
		got  []image.Rectangle
		want []image.Rectangle
	}{
		// Clone: Rects and Unconverted share one slice, each call reusing it.
		{"Rects", slices.Clone(d.Rects()), []image.Rectangle{image.Rect(0, 0, 8, 8), image.Rect(88, 0, 100, 8), image.Rect(88, 8, 100, 16)}},
		{"Unconverted", d.Unconverted(), []image.Rectangle{image.Rect(0, 0, 8, 8)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if fmt.Sprint(tc.got) != fmt.Sprint(tc.want) {
				t.Errorf("got %v, want %v", tc.got, tc.want)
			}
		})
	}
	if d.Clean(image.Rect(95, 12, 96, 13)) || !d.Clean(image.Rect(8, 8, 88, 40)) {
		t.Error("Clean wrong after AddConverted")
	}
	if !d.Converted(picture) || d.Converted(image.Rect(0, 0, 1, 1)) || d.Converted(image.Rect(8, 8, 9, 9)) {
		t.Error("Converted wrong after AddConverted")
	}
	d.Add(image.Rect(89, 9, 90, 10)) // drawn on again: to be converted
	if d.Converted(picture) || !d.Converted(image.Rect(90, 0, 91, 1)) {
		t.Error("Converted wrong after drawing again")
	}
	if got, want := fmt.Sprint(d.Unconverted()), fmt.Sprint([]image.Rectangle{image.Rect(0, 0, 8, 8), image.Rect(88, 8, 96, 16)}); got != want {
		t.Errorf("Unconverted after drawing again = %v, want %v", got, want)
	}
}
