package render

import (
	"image"
	"slices"
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
	// parts are boxes around the runs, few and close to them: what drawing
	// the sprite changes (see Parts).
	parts []image.Rectangle
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
	s.parts = runParts(s.runs)
	return s
}

// runParts returns boxes around the runs: in each band of DirtyTile rows,
// the runs' spans merged where they overlap or lie closer than two tiles.
// A frame or a broken path's trail is thin in a large box: its parts cover
// little more than its pixels.
func runParts(runs []spriteRun) []image.Rectangle {
	var parts []image.Rectangle
	for i := 0; i < len(runs); {
		band := floorDiv(runs[i].y, DirtyTile)
		j := i
		for j < len(runs) && floorDiv(runs[j].y, DirtyTile) == band {
			j++
		}
		spans := make([]spriteRun, j-i)
		copy(spans, runs[i:j])
		slices.SortFunc(spans, func(a, b spriteRun) int { return a.x0 - b.x0 })
		y0, y1 := spans[0].y, spans[0].y+1
		for _, r := range spans {
			y0, y1 = min(y0, r.y), max(y1, r.y+1)
		}
		cur := image.Rect(spans[0].x0, y0, spans[0].x1, y1)
		for _, r := range spans[1:] {
			if r.x0 <= cur.Max.X+2*DirtyTile {
				cur.Max.X = max(cur.Max.X, r.x1)
				continue
			}
			parts = append(parts, cur)
			cur = image.Rect(r.x0, y0, r.x1, y1)
		}
		parts = append(parts, cur)
		i = j
	}
	return parts
}

// floorDiv returns a/b rounded down, for b > 0.
func floorDiv(a, b int) int {
	if a < 0 {
		return -((-a + b - 1) / b)
	}
	return a / b
}

// Parts returns boxes, in the sprite's coordinates, that together hold
// every pixel it draws: for a sparse sprite far less than its bounds. The
// caller must not change them.
func (s *Sprite) Parts() []image.Rectangle {
	if s == nil {
		return nil
	}
	return s.parts
}

// Bounds returns where the sprite lands when drawn moved by d.
func (s *Sprite) Bounds(d image.Point) image.Rectangle { return s.img.Rect.Add(d) }

// Draw composites the sprite over dst, moved by d, clipped to dst, and
// returns the rectangle it may have changed. A nil sprite draws nothing.
func (s *Sprite) Draw(dst *image.RGBA, d image.Point) image.Rectangle {
	if s == nil {
		return image.Rectangle{}
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
	return s.Bounds(d).Intersect(clip)
}
