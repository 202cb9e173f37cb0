package render

import (
	"bytes"
	"fmt"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestAdlerCombine: the checksum of two pieces combined is the checksum of
// the whole, wherever it is cut.
func TestAdlerCombine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 200_000)
	for i := range data {
		data[i] = byte(rng.IntN(7) * 40)
	}
	for _, cut := range []int{0, 1, 127, 65521, 65522, 100_000, len(data)} {
		a, b := data[:cut], data[cut:]
		got := adlerCombine(adlerUpdate(1, a), adlerUpdate(1, b), len(b))
		if want := adler32.Checksum(data); got != want {
			t.Errorf("cut at %d: %08x, want %08x", cut, got, want)
		}
	}
}

// bandImage is a paletted image of w×h with a few shapes, the same for
// the same seed.
func bandImage(w, h int, seed uint64) *image.Paletted {
	pal := color.Palette{color.White, color.Black, color.RGBA{200, 30, 30, 255}, color.RGBA{30, 30, 200, 255}}
	img := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	rng := rand.New(rand.NewPCG(seed, 7))
	for range 40 {
		x, y, c := rng.IntN(w), rng.IntN(h), uint8(1+rng.IntN(3))
		for dy := range 12 {
			for dx := range 30 {
				if x+dx < w && y+dy < h {
					img.SetColorIndex(x+dx, y+dy, c)
				}
			}
		}
	}
	return img
}

// TestBands: an image written in bands, some from the cache, decodes to
// the very pixels drawn; the same image written again is the same file,
// all from the cache; an image that differs in one band writes that band
// anew and decodes right.
func TestBands(t *testing.T) {
	e := &Encoder{Level: 3, Cache: 1 << 20}
	check := func(name string, img *image.Paletted) []byte {
		t.Helper()
		var b bytes.Buffer
		if err := e.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				r1, g1, b1, _ := got.At(x, y).RGBA()
				r2, g2, b2, _ := img.At(x, y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 {
					t.Fatalf("%s: pixel %d,%d differs", name, x, y)
				}
			}
		}
		return b.Bytes()
	}
	first := bandImage(301, 5*bandRows+17, 1)
	a := check("first", first)
	before := e.bands.size
	if b := check("again", first); !bytes.Equal(a, b) || e.bands.size != before {
		t.Error("the same image written again differs, or compressed something anew")
	}
	changed := bandImage(301, 5*bandRows+17, 1)
	changed.SetColorIndex(10, 2*bandRows+3, 2)
	check("changed", changed)
	if e.bands.lru.Len() != 7 {
		t.Errorf("%d bands kept, want the first image's 6 and the changed one", e.bands.lru.Len())
	}
	// A cache too small for all keeps the latest and still writes right.
	small := &Encoder{Level: 1, Cache: 4000}
	var b bytes.Buffer
	for seed := range uint64(5) {
		b.Reset()
		if err := small.Encode(&b, bandImage(97, 3*bandRows, seed)); err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(&b); err != nil {
			t.Fatal(err)
		}
	}
	if small.bands.size > 4000 {
		t.Errorf("the cache holds %d bytes, more than its 4000", small.bands.size)
	}
}

// TestBandRows: bands of other heights than the default (Encoder.BandRows)
// decode to the pixels drawn, the second time all from the cache.
func TestBandRows(t *testing.T) {
	for _, rows := range []int{1, 16, 32, 100} {
		t.Run(fmt.Sprint(rows), func(t *testing.T) {
			e := &Encoder{Level: 4, Cache: 1 << 20, BandRows: rows}
			img := bandImage(173, 3*bandRows+5, 2)
			var first []byte
			for pass := range 2 {
				var b bytes.Buffer
				if err := e.Encode(&b, img); err != nil {
					t.Fatal(err)
				}
				got, err := png.Decode(bytes.NewReader(b.Bytes()))
				if err != nil {
					t.Fatal(err)
				}
				if p, ok := got.(*image.Paletted); !ok || !bytes.Equal(p.Pix, img.Pix) {
					t.Fatalf("pass %d: not the pixels drawn", pass)
				}
				if pass == 1 && !bytes.Equal(b.Bytes(), first) {
					t.Errorf("written again, another file")
				}
				first = b.Bytes()
			}
			if want := (img.Rect.Dy() + rows - 1) / rows; e.bands.lru.Len() > want {
				t.Errorf("%d bands kept, want at most %d", e.bands.lru.Len(), want)
			}
		})
	}
}
