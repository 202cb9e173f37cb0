package menara

import (
	"image"
	"testing"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/render/rendertest"
)

// TestRasterMatchesFiller: the raster's own compositing paints what
// render.Filler paints, to within a level of rounding, for solids, holes,
// overlaps and shapes that stick out of the image.
func TestRasterMatchesFiller(t *testing.T) {
	shapes := []struct {
		name          string
		solids, holes render.Shape
	}{
		{"circle", render.Shape{render.Circle(render.Pt{X: 50, Y: 40}, 23.3)}, nil},
		{"ring", render.Shape{render.Circle(render.Pt{X: 60, Y: 50}, 30)}, render.Shape{render.Circle(render.Pt{X: 61, Y: 49}, 17.5)}},
		{"overlapping strokes", render.Stroke([]render.Pt{{X: 5, Y: 5}, {X: 90, Y: 70}, {X: 20, Y: 95}}, 7.5), nil},
		{"sticking out", render.Shape{render.RoundRect(-20, 30, 150, 60, 9)}, nil},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			want := image.NewRGBA(image.Rect(0, 0, 120, 100))
			got := image.NewRGBA(want.Rect)
			render.FillRect(want, want.Rect, colPaper)
			render.FillRect(got, got.Rect, colPaper)
			var f render.Filler
			f.FillHoles(want, s.solids, s.holes, colProposal)
			var r raster
			r.fill(got, s.solids, s.holes, colProposal)
			for i := range got.Pix {
				if d := int(got.Pix[i]) - int(want.Pix[i]); d < -1 || d > 1 {
					t.Fatalf("byte %d (pixel %d,%d): %d, render.Filler %d", i, i/4%120, i/4/120, got.Pix[i], want.Pix[i])
				}
			}
			if n, _ := rendertest.Differing(got, want); n != 0 {
				t.Errorf("%d pixels differ", n)
			}
		})
	}
}

// TestRunEnd: runEnd finds where a run ends as a byte-by-byte scan does,
// for runs of every length from every start, near the end of the mask too.
func TestRunEnd(t *testing.T) {
	for _, b := range []uint8{0, 0xff} {
		for n := 0; n < 100; n++ {
			for run := 0; run <= n; run++ {
				mask := make([]uint8, n)
				for i := range mask {
					mask[i] = b
				}
				if run < n {
					mask[run] = 7
				}
				for x := 0; x <= run; x++ {
					if got := runEnd(mask, x, b); got != run {
						t.Fatalf("run of %#x in %d bytes ending at %d, from %d: got %d", b, n, run, x, got)
					}
				}
			}
		}
	}
}

// div255 returns v/255 rounded, for v up to 255·255.
func div255(v uint32) uint8 {
	v += 128
	return uint8((v + v>>8) >> 8)
}

// TestBlend: blend gives each channel div255(p·(255-k) + c·k), for every
// coverage and every value of a channel under and over it.
func TestBlend(t *testing.T) {
	for k := uint32(1); k < 255; k++ {
		for v := uint32(0); v < 256; v++ {
			for _, c := range []uint32{0, 1, 77, 128, 254, 255} {
				// The channel under in every position, the colour's
				// channels c, 255-c, c/2 and opaque.
				p := v | (255-v)<<8 | (v/3)<<16 | (255-v/2)<<24
				cr, cg, cb := c, 255-c, c/2
				want := uint32(div255(uint32(uint8(p))*(255-k)+cr*k)) |
					uint32(div255(uint32(uint8(p>>8))*(255-k)+cg*k))<<8 |
					uint32(div255(uint32(uint8(p>>16))*(255-k)+cb*k))<<16 |
					uint32(div255(uint32(uint8(p>>24))*(255-k)+255*k))<<24
				if got := blend(p, cr|cb<<16, cg|0xff<<16, k); got != want {
					t.Fatalf("pixel %#08x, colour %d %d %d, coverage %d: %#08x, want %#08x", p, cr, cg, cb, k, got, want)
				}
			}
		}
	}
}
