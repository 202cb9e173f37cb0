package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// TestSprite checks that a sprite composites like image/draw's Over, to
// within rounding, moved and clipped, and that a nil sprite draws nothing.
func TestSprite(t *testing.T) {
	src := image.NewRGBA(image.Rect(-3, -2, 9, 8))
	var f Filler
	f.Fill(src, Shape{Circle(Pt{3, 3}, 5)}, 0x3c86e0)
	f.Fill(src, Shape{RoundRect(-3, 4, 9, 8, 2)}, 0xf5c52c)
	src.SetRGBA(8, -2, color.RGBA{40, 0, 0, 128}) // a translucent pixel alone
	s := NewSprite(src)
	for _, d := range []image.Point{{0, 0}, {5, 6}, {-4, 1}, {14, 12}} {
		want := image.NewRGBA(image.Rect(0, 0, 16, 14))
		draw.Draw(want, want.Rect, image.NewUniform(color.RGBA{220, 228, 198, 255}), image.Point{}, draw.Src)
		got := image.NewRGBA(want.Rect)
		copy(got.Pix, want.Pix)
		draw.Draw(want, s.Bounds(d), src, src.Rect.Min, draw.Over)
		s.Draw(got, d)
		for i := range got.Pix {
			if diff := int(got.Pix[i]) - int(want.Pix[i]); diff < -1 || diff > 1 {
				t.Fatalf("moved by %v: byte %d is %d, want %d", d, i, got.Pix[i], want.Pix[i])
			}
		}
	}
	var none *Sprite
	dst := image.NewRGBA(image.Rect(0, 0, 2, 2))
	none.Draw(dst, image.Point{})
	for _, b := range dst.Pix {
		if b != 0 {
			t.Fatal("a nil sprite drew")
		}
	}
}

// TestSpriteParts checks that a sprite's parts hold every pixel it draws
// and, for a thin frame, far fewer pixels than its bounds.
func TestSpriteParts(t *testing.T) {
	frame := image.NewRGBA(image.Rect(-5, 3, 300, 60))
	var f Filler
	f.FillHoles(frame, Shape{RoundRectOf(frame.Rect, 10)}, Shape{RoundRectOf(frame.Rect.Inset(3), 8)}, 0xe0a030)
	frame.SetRGBA(150, 30, color.RGBA{40, 0, 0, 128}) // a pixel alone in the middle
	s := NewSprite(frame)
	inParts, area := 0, 0
	for _, p := range s.Parts() {
		area += p.Dx() * p.Dy()
	}
	for y := frame.Rect.Min.Y; y < frame.Rect.Max.Y; y++ {
		for x := frame.Rect.Min.X; x < frame.Rect.Max.X; x++ {
			if frame.RGBAAt(x, y).A == 0 {
				continue
			}
			in := false
			for _, p := range s.Parts() {
				in = in || image.Pt(x, y).In(p)
			}
			if !in {
				t.Fatalf("pixel (%d,%d) drawn outside the parts %v", x, y, s.Parts())
			}
			inParts++
		}
	}
	if b := frame.Rect.Dx() * frame.Rect.Dy(); area > b/3 {
		t.Errorf("parts of %d pixels for a frame in a box of %d", area, b)
	}
	if (*Sprite)(nil).Parts() != nil {
		t.Error("a nil sprite has parts")
	}
}

// TestFillRect checks FillRect against image/draw, on rectangles inside,
// across the edges of and outside an image not at the origin.
func TestFillRect(t *testing.T) {
	for _, r := range []image.Rectangle{
		image.Rect(3, 4, 4, 5), image.Rect(-10, -10, 100, 100), image.Rect(5, 2, 37, 9), image.Rect(50, 50, 60, 60), {},
	} {
		want := image.NewRGBA(image.Rect(2, 1, 40, 12))
		for i := range want.Pix {
			want.Pix[i] = uint8(i)
		}
		got := image.NewRGBA(want.Rect)
		copy(got.Pix, want.Pix)
		draw.Draw(want, r, image.NewUniform(color.RGBA{0x12, 0x34, 0x56, 0xff}), image.Point{}, draw.Src)
		FillRect(got, r, 0x123456)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("%v: the pixels differ from image/draw's", r)
		}
	}
}
