package timelapse

import (
	"image"
	"image/color"

	"github.com/tablebot/tablebot/render"
)

// shrinker draws boards smaller by a whole factor: each pixel of the film
// is the mean colour of the scale×scale pixels of the board under it,
// mapped back to the palette.
type shrinker struct {
	scale int
	// rgb holds the palette's channels, by index.
	rgb [256][3]uint32
	// dst is where the board lies on the canvas, and rgba a canvas-sized
	// buffer where the means are put before the quantiser maps them.
	dst  image.Rectangle
	rgba *image.RGBA
	// sums adds up the channels of a row of the film.
	sums []uint32
}

func newShrinker(pal color.Palette, scale int, dst image.Rectangle) shrinker {
	s := shrinker{scale: scale, dst: dst, rgba: image.NewRGBA(dst), sums: make([]uint32, 3*dst.Dx())}
	for i, c := range pal {
		r, g, b, _ := c.RGBA()
		s.rgb[i] = [3]uint32{r >> 8, g >> 8, b >> 8}
	}
	return s
}

// draw shrinks rectangle r of board b onto the canvas and returns the
// canvas's rectangle it drew.
func (s *shrinker) draw(canvas *image.Paletted, b *image.Paletted, r image.Rectangle, q *render.Quantizer) image.Rectangle {
	k := s.scale
	r = r.Sub(b.Rect.Min)
	out := image.Rect(r.Min.X/k, r.Min.Y/k, (r.Max.X+k-1)/k, (r.Max.Y+k-1)/k).Add(s.dst.Min).Intersect(s.dst)
	if k == 1 {
		for y := out.Min.Y; y < out.Max.Y; y++ {
			src := b.Pix[b.PixOffset(b.Rect.Min.X+out.Min.X-s.dst.Min.X, b.Rect.Min.Y+y-s.dst.Min.Y):]
			copy(canvas.Pix[canvas.PixOffset(out.Min.X, y):canvas.PixOffset(out.Max.X, y)], src)
		}
		return out
	}
	n := uint32(k * k)
	bx0 := b.Rect.Min.X + (out.Min.X-s.dst.Min.X)*k
	for y := out.Min.Y; y < out.Max.Y; y++ {
		dst := s.rgba.Pix[s.rgba.PixOffset(out.Min.X, y):s.rgba.PixOffset(out.Max.X, y)]
		by := b.Rect.Min.Y + (y-s.dst.Min.Y)*k
		clear(s.sums[:3*out.Dx()])
		for dy := range k {
			row := b.Pix[b.PixOffset(bx0, by+dy):][:k*out.Dx()]
			for i, c := range row {
				rgb, sum := &s.rgb[c], s.sums[3*(i/k):3*(i/k)+3:3*(i/k)+3]
				sum[0], sum[1], sum[2] = sum[0]+rgb[0], sum[1]+rgb[1], sum[2]+rgb[2]
			}
		}
		for x := range out.Dx() {
			sum, d := s.sums[3*x:3*x+3:3*x+3], dst[4*x:4*x+4:4*x+4]
			d[0], d[1], d[2], d[3] = uint8((sum[0]+n/2)/n), uint8((sum[1]+n/2)/n), uint8((sum[2]+n/2)/n), 0xff
		}
	}
	q.Convert(canvas, s.rgba, out)
	return out
}

// closestPair returns the palette index to give up for transparency, the
// one whose nearest other colour is nearest, and that colour's index: a
// palette of fewer than 256 colours gives an unused index, which needs no
// substitute.
func closestPair(pal color.Palette) (clear, near uint8) {
	if len(pal) < 256 {
		return uint8(len(pal)), uint8(len(pal))
	}
	best := int64(1 << 62)
	for i, a := range pal {
		for j, b := range pal {
			if i == j {
				continue
			}
			if d := distance(a, b); d < best {
				best, clear, near = d, uint8(i), uint8(j)
			}
		}
	}
	return clear, near
}

// distance weighs the channels by how much the eye cares, as the
// quantiser does.
func distance(a, b color.Color) int64 {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	dr, dg, db := int64(ar>>8)-int64(br>>8), int64(ag>>8)-int64(bg>>8), int64(ab>>8)-int64(bb>>8)
	return 3*dr*dr + 4*dg*dg + 2*db*db
}
