package menara

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// TestCoverageRuns: a coverage's runs paint what the coverage does pixel
// by pixel (nothing where none, the colour where full, blend elsewhere),
// for masks of runs of every kind and length, rows of every width.
func TestCoverageRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	col := color.RGBA{R: 200, G: 30, B: 90, A: 255}
	crb, cga := uint32(col.R)|uint32(col.B)<<16, uint32(col.G)|0xff<<16
	for _, w := range []int{1, 7, 8, 9, 33, 70, 300} {
		const h = 9
		mask := make([]uint8, w*h)
		for i := 0; i < len(mask); {
			n := 1 + rng.IntN(40)
			v := [...]uint8{0, 0xff, uint8(1 + rng.IntN(254))}[rng.IntN(3)]
			for ; n > 0 && i < len(mask); n-- {
				if v != 0 && v != 0xff {
					v = uint8(1 + rng.IntN(254))
				}
				mask[i] = v
				i++
			}
		}
		want := image.NewRGBA(image.Rect(0, 0, w+5, h+3))
		for i := range want.Pix {
			want.Pix[i] = uint8(rng.IntN(256))
		}
		got := image.NewRGBA(want.Rect)
		copy(got.Pix, want.Pix)
		at := image.Pt(3, 2)
		for y := range h {
			for x := range w {
				q := want.Pix[want.PixOffset(at.X+x, at.Y+y):][:4]
				switch a := mask[y*w+x]; a {
				case 0:
				case 0xff:
					copy(q, []uint8{col.R, col.G, col.B, 0xff})
				default:
					binary.LittleEndian.PutUint32(q, blend(binary.LittleEndian.Uint32(q), crb, cga, uint32(a)))
				}
			}
		}
		var c coverage
		c.reset()
		c.addRows(mask, w)
		var line []uint8
		c.clone().composite(got, at, col, &line)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("width %d: the runs paint other pixels than the mask", w)
		}
	}
}
