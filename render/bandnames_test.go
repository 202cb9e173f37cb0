package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// TestBandPlan: bands kept under their names are found by them before an
// image is drawn, and written from the cache whatever the image holds
// there; a name no band was kept under, or one whose band the cache let
// go, is not found.
func TestBandPlan(t *testing.T) {
	const w, h, rows = 300, 100, 32 // 4 bands, the last of 4 rows
	e := &Encoder{Level: 3, Cache: 1 << 20, BandRows: rows}
	if got := e.BandHeight(); got != rows {
		t.Fatalf("BandHeight %d, want %d", got, rows)
	}
	names := []BandName{{1, 1}, {2, 2}, {}, {4, 4}}
	first := bandImage(w, h, 1)
	encode := func(img *image.Paletted, plan *BandPlan) *image.Paletted {
		t.Helper()
		var b bytes.Buffer
		if err := e.EncodePlanned(&b, img, plan); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&b)
		if err != nil {
			t.Fatal(err)
		}
		return got.(*image.Paletted)
	}
	if plan := e.Plan(nil, names); plan.Found(0) || plan.Found(1) || plan.Found(3) {
		t.Fatal("bands found before any was kept")
	}
	encode(first, e.Plan(nil, names))
	plan := e.Plan(nil, names)
	for i, want := range []bool{true, true, false, true} {
		if got := plan.Found(i); got != want {
			t.Errorf("band %d found %v, want %v", i, got, want)
		}
	}
	// The bands found are not read: an image blank there decodes to the
	// first image's pixels.
	blank := image.NewPaletted(first.Rect, first.Palette)
	copy(blank.Pix[2*rows*w:3*rows*w], first.Pix[2*rows*w:3*rows*w])
	if got := encode(blank, plan); !bytes.Equal(got.Pix, first.Pix) {
		t.Error("an image written with the bands found differs from the one they were kept from")
	}
	// A cache too small for more than a band or so lets the names go.
	small := &Encoder{Level: 3, Cache: 600, BandRows: rows}
	var b bytes.Buffer
	if err := small.EncodePlanned(&b, first, small.Plan(nil, names)); err != nil {
		t.Fatal(err)
	}
	plan = small.Plan(nil, names)
	n := 0
	for i := range names {
		if plan.Found(i) {
			n++
		}
	}
	if n > 1 {
		t.Errorf("%d bands found in a cache of 600 bytes, want at most one", n)
	}
	if c := small.bands; len(c.byName) > c.lru.Len() {
		t.Errorf("%d names for %d bands kept", len(c.byName), c.lru.Len())
	}
	if (&Encoder{}).Plan(nil, names) != nil || (&Encoder{}).BandHeight() != 0 {
		t.Error("an encoder without a cache plans bands")
	}
}

// TestBandCuts: an image written in bands cut where its parts begin
// decodes to its pixels, and the same parts moved down, cut where they
// begin again, are written from the cache: only the bands above them are
// compressed.
func TestBandCuts(t *testing.T) {
	const w, h, shift = 300, 200, 7
	e := &Encoder{Level: 3, Cache: 1 << 20, BandRows: 32}
	a := bandImage(w, h, 3)
	b := image.NewPaletted(image.Rect(0, 0, w, h+shift), a.Palette)
	copy(b.Pix[shift*w:], a.Pix)
	cuts := func(top, height int) []int {
		out := []int{0}
		for y := top; y < height; y += 32 {
			out = append(out, y)
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		img      *image.Paletted
		cuts     []int
		newBands int
	}{
		{"first", a, cuts(20, h), 7},
		{"moved down", b, cuts(20+shift, h+shift), 1},
	} {
		before := e.bands
		kept := 0
		if before != nil {
			kept = before.lru.Len()
		}
		var buf bytes.Buffer
		if err := e.EncodePlanned(&buf, tc.img, e.Plan(tc.cuts, nil)); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.(*image.Paletted).Pix, tc.img.Pix) {
			t.Errorf("%s: the image decodes to other pixels", tc.name)
		}
		if n := e.bands.lru.Len() - kept; n != tc.newBands {
			t.Errorf("%s: %d bands compressed, want %d", tc.name, n, tc.newBands)
		}
	}
}
