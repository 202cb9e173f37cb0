package timelapse

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"testing"
)

func TestGIFWriterRoundTrip(t *testing.T) {
	pal := color.Palette{color.RGBA{0, 0, 0, 255}, color.RGBA{255, 0, 0, 255}, color.RGBA{0, 255, 0, 255}}
	var buf bytes.Buffer
	g := newGIFWriter(&buf)
	size := image.Pt(300, 200)
	g.header(size, pal)
	pix := make([]byte, size.X*size.Y)
	for i := range pix {
		pix[i] = byte(i * 7 / 13 % 3)
	}
	g.frame(image.Rectangle{Max: size}, pix, 50, -1)
	g.frame(image.Rect(10, 20, 30, 25), pix[:100], 70, 2)
	if err := g.close(); err != nil {
		t.Fatal(err)
	}
	got, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Image) != 2 {
		t.Fatalf("got %d frames, want 2", len(got.Image))
	}
	if !bytes.Equal(got.Image[0].Pix, pix) {
		t.Error("first frame's pixels differ")
	}
}
