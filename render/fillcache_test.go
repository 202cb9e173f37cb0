package render

import (
	"bytes"
	"fmt"
	"image"
	"math/rand/v2"
	"testing"
)

// TestFillCache: shapes filled through a FillCache, the first time
// (rasterized and kept) and again (from the cache), over a busy
// background, give the bytes the rasterizer gives without it; a shape
// moved by a fraction of a pixel is another shape; a full cache keeps
// nothing more but still fills.
func TestFillCache(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	background := image.NewRGBA(image.Rect(0, 0, 160, 120))
	for i := range background.Pix {
		background.Pix[i] = uint8(rng.IntN(256))
	}
	shapes := []struct {
		name          string
		solids, holes Shape
	}{
		{"circle", Shape{Circle(Pt{40.3, 50.6}, 22.5)}, nil},
		{"ring", Shape{Circle(Pt{80, 60}, 40)}, Shape{Circle(Pt{80, 60}, 34.2)}},
		{"round rect", Shape{RoundRectOf(image.Rect(5, 7, 150, 40), 10)}, nil},
		{"triangle backwards", Shape{{{X: 10, Y: 100}, {X: 150, Y: 110.5}, {X: 70, Y: 20.25}}}, nil},
		{"two solids", Shape{Circle(Pt{30, 30}, 12), RectPoly(60.5, 10, 140, 30.5)}, nil},
		{"clipped", Shape{Circle(Pt{150, 110}, 30)}, nil},
		{"moved a little", Shape{Circle(Pt{40.4, 50.6}, 22.5)}, nil},
	}
	for _, limit := range []int{1 << 20, 0} {
		cache := NewFillCache(limit)
		cached := Filler{Cache: cache}
		for _, tc := range shapes {
			for round := range 2 {
				t.Run(fmt.Sprintf("%s/limit %d/round %d", tc.name, limit, round), func(t *testing.T) {
					want := cloneRGBA(background)
					var plain Filler
					wr := plain.FillHoles(want, tc.solids, tc.holes, 0x3a7bd5)
					got := cloneRGBA(background)
					gr := cached.FillHoles(got, tc.solids, tc.holes, 0x3a7bd5)
					if gr != wr {
						t.Errorf("rectangle %v, want %v", gr, wr)
					}
					if !bytes.Equal(got.Pix, want.Pix) {
						t.Errorf("pixels differ from the rasterizer's")
					}
				})
			}
		}
		kept := cache.Len()
		if want := len(shapes); limit > 0 && kept != want || limit == 0 && kept != 0 {
			t.Errorf("limit %d: %d coverages kept", limit, kept)
		}
	}
}

func cloneRGBA(m *image.RGBA) *image.RGBA {
	out := image.NewRGBA(m.Rect)
	copy(out.Pix, m.Pix)
	return out
}
