package render

import (
	"image"
)

// Sprite is a picture prepared once with transparent parts (a tile, a
// bridge, a badge), in its own coordinates, to be composited on many
// images. Its rows are split into runs of opaque and of partly transparent
// pixels, so that drawing it copies the opaque runs whole and blends only
// the edges, several times faster than image/draw's general compositing.
// A Sprite is read-only once made and safe for concurrent use.
type Sprite struct {
	img  *image.RGBA
	runs []spriteRun
}

// spriteRun is a run of pixels in row y from x0 up to x1, all opaque or
// all partly transparent. Fully transparent pixels are in no run.
type spriteRun struct {
	y, x0, x1 int
	opaque    bool
}

// NewSprite prepares img, with premultiplied alpha as image.RGBA holds it,
// as a sprite. The sprite keeps img, which must not change afterwards.
func NewSprite(img *image.RGBA) *Sprite {
	s := &Sprite{img: img}
	b := img.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		x := b.Min.X
		for x < b.Max.X {
			a := img.Pix[img.PixOffset(x, y)+3]
			if a == 0 {
				x++
				continue
			}
			opaque := a == 0xff
			x0 := x
			for x < b.Max.X {
				a := img.Pix[img.PixOffset(x, y)+3]
				if a == 0 || (a == 0xff) != opaque {
					break
				}
				x++
			}
			s.runs = append(s.runs, spriteRun{y: y, x0: x0, x1: x, opaque: opaque})
		}
	}
	return s
}

// Bounds returns where the sprite lands when drawn moved by d.
func (s *Sprite) Bounds(d image.Point) image.Rectangle { return s.img.Rect.Add(d) }

// Draw composites the sprite over dst, moved by d, clipped to dst. A nil
// sprite draws nothing.
func (s *Sprite) Draw(dst *image.RGBA, d image.Point) {
	if s == nil {
		return
	}
	clip := dst.Rect
	for _, r := range s.runs {
		y := r.y + d.Y
		if y < clip.Min.Y || y >= clip.Max.Y {
			continue
		}
		x0, x1 := max(r.x0+d.X, clip.Min.X), min(r.x1+d.X, clip.Max.X)
		if x0 >= x1 {
			continue
		}
		src := s.img.Pix[s.img.PixOffset(x0-d.X, r.y):s.img.PixOffset(x1-d.X, r.y)]
		out := dst.Pix[dst.PixOffset(x0, y):dst.PixOffset(x1, y)]
		if r.opaque {
			copy(out, src)
			continue
		}
		for i := 0; i+3 < len(src); i += 4 {
			k := 255 - uint32(src[i+3])
			out[i] = src[i] + uint8((uint32(out[i])*k+127)/255)
			out[i+1] = src[i+1] + uint8((uint32(out[i+1])*k+127)/255)
			out[i+2] = src[i+2] + uint8((uint32(out[i+2])*k+127)/255)
			out[i+3] = src[i+3] + uint8((uint32(out[i+3])*k+127)/255)
		}
	}
}
