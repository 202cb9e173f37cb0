// Package rendertest compares board images in tests with a tolerance,
// never byte for byte, so that the golden images of render and of the bot
// (one per language) are judged by the same rule.
package rendertest

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"testing"
)

// PixelTolerance is how far one colour channel of a pixel may be off before
// the pixel counts as different; MaxDiffering is the share of differing
// pixels an image may have and still match its golden image. Small changes
// of rasterizer or palette pass; a tile of the wrong colour, a missing
// badge, a moved village or a changed word do not.
const (
	PixelTolerance = 24
	MaxDiffering   = 0.002
)

// Differing counts the pixels of two images that differ beyond
// PixelTolerance, and their share of the image; images of different sizes
// differ everywhere.
func Differing(got, want image.Image) (int, float64) {
	if got.Bounds() != want.Bounds() {
		return got.Bounds().Dx() * got.Bounds().Dy(), 1
	}
	a, b := Pixels(got), Pixels(want)
	n := 0
	for i := 0; i < len(a); i += 4 {
		if far(a[i], b[i]) || far(a[i+1], b[i+1]) || far(a[i+2], b[i+2]) {
			n++
		}
	}
	return n, float64(n) / float64(len(a)/4)
}

// Compare returns why got does not match want within the tolerance, or ""
// when it does.
func Compare(got, want image.Image) string {
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf("size %v, want %v", got.Bounds(), want.Bounds())
	}
	if n, share := Differing(got, want); share > MaxDiffering {
		return fmt.Sprintf("%d pixels (%.2f%%) differ", n, 100*share)
	}
	return ""
}

func far(x, y uint8) bool {
	d := int(x) - int(y)
	return d < -PixelTolerance || d > PixelTolerance
}

// Pixels returns an image's pixels as RGBA bytes, row after row. Boards are
// paletted: looking their colours up is much quicker than drawing them,
// which matters under the race detector.
func Pixels(img image.Image) []uint8 {
	if p, ok := img.(*image.Paletted); ok {
		var pal [256][4]uint8
		for i, c := range p.Palette {
			r, g, b, a := c.RGBA()
			pal[i] = [4]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
		}
		out := make([]uint8, 0, 4*len(p.Pix))
		for _, i := range p.Pix {
			out = append(out, pal[i][:]...)
		}
		return out
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out.Pix
}

// ReadPNG decodes the golden PNG file at path; a missing file's message
// says how to write it.
func ReadPNG(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to write it)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}
