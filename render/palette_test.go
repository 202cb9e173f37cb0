package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// stripes returns a w by h image of vertical stripes in the colours,
// each stripe as wide as its weight.
func stripes(h int, cols []color.RGBA, weights []int) *image.RGBA {
	w := 0
	for _, n := range weights {
		w += n
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	x := 0
	for i, c := range cols {
		for range weights[i] {
			for y := range h {
				img.SetRGBA(x, y, c)
			}
			x++
		}
	}
	return img
}

func TestQuantizer(t *testing.T) {
	flat := []color.RGBA{{0xdc, 0xe4, 0xc6, 0xff}, {0x3b, 0x31, 0x26, 0xff}, {0xd6, 0x40, 0x3a, 0xff}}
	// A blend seen too rarely to be taken exactly.
	rare := color.RGBA{0x90, 0x50, 0x40, 0xff}
	sample := stripes(20, append(flat, rare), []int{300, 100, 50, 1})
	q, err := NewQuantizer(sample, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(q.Palette()); n == 0 || n > 256 {
		t.Fatalf("%d colours in the palette", n)
	}
	// The frequent colours are in the palette exactly, and every pixel
	// converts to the palette colour nearest it.
	for _, c := range flat {
		found := false
		for _, p := range q.Palette() {
			found = found || p == c
		}
		if !found {
			t.Errorf("the palette lacks %v, a frequent colour of the sample", c)
		}
	}
	img := stripes(2, []color.RGBA{flat[0], flat[1], flat[2], rare, {0, 0, 255, 255}}, []int{1, 1, 1, 1, 1})
	out := image.NewPaletted(img.Rect, q.Palette())
	q.Convert(out, img, img.Rect)
	for x, want := range []color.RGBA{flat[0], flat[1], flat[2]} {
		if got := out.Palette[out.ColorIndexAt(x, 1)]; got != want {
			t.Errorf("pixel %d: %v, want %v", x, got, want)
		}
	}
	if got := out.Palette[out.ColorIndexAt(3, 0)].(color.RGBA); dist(got, rare) > 3*8*8 {
		t.Errorf("the rare colour %v converts to %v", rare, got)
	}
	// A colour the samples never had converts to its nearest entry: blue,
	// far from everything, to the closest of them by the same measure.
	want := q.Palette()[nearest(toRGBA(q.Palette()), color.RGBA{0, 0, 255, 255})]
	if got := out.Palette[out.ColorIndexAt(4, 0)]; got != want {
		t.Errorf("blue converts to %v, want %v", got, want)
	}
	// Only the rectangle asked for is converted.
	part := image.NewPaletted(img.Rect, q.Palette())
	for i := range part.Pix {
		part.Pix[i] = 0xff
	}
	q.Convert(part, img, image.Rect(1, 0, 3, 1))
	for i, p := range part.Pix {
		inside := i == 1 || i == 2
		if (p != 0xff) != inside {
			t.Errorf("pixel %d converted: %v, want %v", i, p != 0xff, inside)
		}
	}
}

func TestQuantizerNoSamples(t *testing.T) {
	for _, samples := range [][]*image.RGBA{nil, {nil}, {image.NewRGBA(image.Rectangle{})}} {
		if _, err := NewQuantizer(samples...); err == nil {
			t.Errorf("%d samples without pixels: no error", len(samples))
		}
	}
}

func TestEncoder(t *testing.T) {
	pal := color.Palette{color.RGBA{0, 0, 0, 255}, color.RGBA{255, 184, 74, 255}, color.NRGBA{10, 20, 30, 40}}
	img := image.NewPaletted(image.Rect(0, 0, 7, 3), pal)
	img.SetColorIndex(3, 1, 1)
	img.SetColorIndex(6, 2, 2)
	board := readBoard(t, "board-mid.png")
	cases := []struct {
		name string
		img  *image.Paletted
	}{
		{"small, with a translucent colour", img},
		// Several IDAT chunks.
		{"board", board},
		// Not at the origin, its rows apart in memory.
		{"part of the board", board.SubImage(image.Rect(100, 1300, 1100, 1500)).(*image.Paletted)},
	}
	for _, level := range []int{0, 2} {
		enc := Encoder{Level: level}
		for _, c := range cases {
			for range 2 { // the second time with a writer from the pool
				var buf bytes.Buffer
				if err := enc.Encode(&buf, c.img); err != nil {
					t.Fatal(err)
				}
				got, err := png.Decode(&buf)
				if err != nil {
					t.Fatalf("level %d, %s: the PNG written does not decode: %v", level, c.name, err)
				}
				p, ok := got.(*image.Paletted)
				if !ok || p.Rect.Size() != c.img.Rect.Size() {
					t.Fatalf("level %d, %s: decoded %T %v, want a paletted image of %v", level, c.name, got, got.Bounds(), c.img.Rect.Size())
				}
				for y := range p.Rect.Dy() {
					row := c.img.Pix[c.img.PixOffset(c.img.Rect.Min.X, c.img.Rect.Min.Y+y):][:p.Rect.Dx()]
					if !bytes.Equal(p.Pix[p.PixOffset(0, y):][:p.Rect.Dx()], row) {
						t.Fatalf("level %d, %s: row %d differs", level, c.name, y)
					}
				}
				for i, col := range c.img.Palette {
					if !sameColour(p.Palette[i], col) {
						t.Errorf("level %d, %s: colour %d is %v, want %v", level, c.name, i, p.Palette[i], col)
					}
				}
			}
		}
	}
}

func sameColour(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1>>8 == r2>>8 && g1>>8 == g2>>8 && b1>>8 == b2>>8 && a1>>8 == a2>>8
}

func TestEncoderRejects(t *testing.T) {
	var enc Encoder
	for _, img := range []*image.Paletted{
		image.NewPaletted(image.Rect(0, 0, 0, 3), color.Palette{color.Black}),
		image.NewPaletted(image.Rect(0, 0, 2, 2), nil),
		image.NewPaletted(image.Rect(0, 0, 2, 2), make(color.Palette, 257)),
	} {
		if err := enc.Encode(&bytes.Buffer{}, img); err == nil {
			t.Errorf("%v with %d colours: no error", img.Rect, len(img.Palette))
		}
	}
	if err := enc.Encode(failingWriter{}, readBoard(t, "menara-mid.png")); err == nil {
		t.Error("a writer that fails: no error")
	}
	if err := (&Encoder{Level: 10}).Encode(&bytes.Buffer{}, image.NewPaletted(image.Rect(0, 0, 1, 1), color.Palette{color.Black})); err == nil {
		t.Error("level 10: no error")
	}
}

func toRGBA(p color.Palette) []color.RGBA {
	out := make([]color.RGBA, len(p))
	for i, c := range p {
		out[i] = c.(color.RGBA)
	}
	return out
}

func dist(a, b color.RGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return dr*dr + dg*dg + db*db
}

// TestConvertBoard checks Convert against a plain lookup of every pixel,
// on a whole board image and on rectangles of it.
func TestConvertBoard(t *testing.T) {
	p := readBoard(t, "board-mid.png")
	rgba := image.NewRGBA(p.Rect)
	for i, c := range p.Pix {
		r, g, b, _ := p.Palette[c].RGBA()
		copy(rgba.Pix[4*i:], []uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff})
	}
	// Alpha is ignored: a pixel differing only in it converts the same.
	rgba.Pix[4*7+3] = 0x80
	q, err := NewQuantizer(rgba)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []image.Rectangle{p.Rect, image.Rect(3, 5, 4, 6), image.Rect(101, 1300, 1199, 1971), {}} {
		got := image.NewPaletted(p.Rect, q.Palette())
		q.Convert(got, rgba, r)
		for y := p.Rect.Min.Y; y < p.Rect.Max.Y; y++ {
			for x := p.Rect.Min.X; x < p.Rect.Max.X; x++ {
				want := uint8(0)
				if image.Pt(x, y).In(r) {
					c := rgba.RGBAAt(x, y)
					want = q.lut[lutIndex(c.R, c.G, c.B)]
				}
				if g := got.ColorIndexAt(x, y); g != want {
					t.Fatalf("rectangle %v, pixel (%d,%d): index %d, want %d", r, x, y, g, want)
				}
			}
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
