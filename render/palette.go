package render

import (
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"slices"
)

// The images are written as 8-bit paletted PNGs: a quarter of the bytes of
// RGBA for the encoder to compress, and no per-row filter to choose, which
// makes encoding several times faster and the files smaller (see
// docs/notes/render.md). A game builds its palette once, from sample
// images it draws itself, and a lookup table maps every colour to its
// nearest palette entry without dithering.

const (
	// lutBits is the precision, per channel, of the colour lookup table.
	lutBits = 5
	// paletteSize is the number of colours of the palette, the most an
	// 8-bit PNG holds; exactColours of them are the most frequent colours
	// of the samples taken as they are.
	paletteSize  = 256
	exactColours = 120
	// exactMinPixels is how many sample pixels a colour must cover to be
	// taken exactly.
	exactMinPixels = 400
)

// Quantizer maps RGBA pixels to a fixed palette of at most 256 colours. It
// is read-only once built and safe for concurrent use: lut has an entry
// for every lutIndex, each the index of a colour of palette, which has at
// most paletteSize colours.
type Quantizer struct {
	palette color.Palette
	lut     []uint8
}

func lutIndex(r, g, b uint8) int {
	const s = 8 - lutBits
	return int(r>>s)<<(2*lutBits) | int(g>>s)<<lutBits | int(b>>s)
}

// ConvertCopy converts d of src into dst, as Convert does, and returns a
// copy of the palette indices it wrote, row after row: what a cache of
// pictures drawn at fixed places keeps to write back later.
func (q *Quantizer) ConvertCopy(dst *image.Paletted, src *image.RGBA, d image.Rectangle) []uint8 {
	q.Convert(dst, src, d)
	pix := make([]uint8, 0, d.Dx()*d.Dy())
	for y := d.Min.Y; y < d.Max.Y; y++ {
		o := dst.PixOffset(d.Min.X, y)
		pix = append(pix, dst.Pix[o:o+d.Dx()]...)
	}
	return pix
}

// Paste writes back into dst the indices ConvertCopy returned for d.
func Paste(dst *image.Paletted, d image.Rectangle, pix []uint8) {
	n := d.Dx()
	for y := d.Min.Y; y < d.Max.Y; y, pix = y+1, pix[n:] {
		o := dst.PixOffset(d.Min.X, y)
		copy(dst.Pix[o:o+n], pix[:n])
	}
}

// Palette returns the palette; the caller must not change it.
func (q *Quantizer) Palette() color.Palette { return q.palette }

// Convert writes the pixels of rectangle d of src into dst as indices of
// the palette, which dst must have (dst's own palette is not looked at);
// both images must hold d. Colours are taken opaque: alpha is ignored.
func (q *Quantizer) Convert(dst *image.Paletted, src *image.RGBA, d image.Rectangle) {
	if d.Empty() {
		return
	}
	lut := (*[1 << (3 * lutBits)]uint8)(q.lut)
	for y := d.Min.Y; y < d.Max.Y; y++ {
		out := dst.Pix[dst.PixOffset(d.Min.X, y):dst.PixOffset(d.Max.X, y)]
		pix := src.Pix[src.PixOffset(d.Min.X, y):src.PixOffset(d.Max.X, y)]
		convertRow(out, pix[:4*len(out)], lut)
	}
}

// convertRow converts one row of pixels, len(pix) = 4·len(out).
// Neighbouring pixels are mostly equal, so the last lookup is reused, and
// the pixels go in blocks of 16: a block all of the last colour, the most
// common, takes eight comparisons of two pixels at a time and two stores.
// Pixels are read as words, alpha compared too (a pixel differing only in
// it costs a lookup, to the same entry).
func convertRow(out, pix []uint8, lut *[1 << (3 * lutBits)]uint8) {
	le := binary.LittleEndian
	prev := le.Uint32(pix)
	idx := lut[wordIndex(prev)]
	j := 0
	for ; j+16 <= len(out); j += 16 {
		q := (*[64]uint8)(pix[4*j:])
		if pair := uint64(prev) * (1<<32 + 1); le.Uint64(q[0:]) == pair && le.Uint64(q[8:]) == pair &&
			le.Uint64(q[16:]) == pair && le.Uint64(q[24:]) == pair && le.Uint64(q[32:]) == pair &&
			le.Uint64(q[40:]) == pair && le.Uint64(q[48:]) == pair && le.Uint64(q[56:]) == pair {
			fill := uint64(idx) * 0x0101010101010101
			le.PutUint64(out[j:], fill)
			le.PutUint64(out[j+8:], fill)
			continue
		}
		o := (*[16]uint8)(out[j:])
		for k := range 16 {
			if p := le.Uint32(q[4*k:]); p != prev {
				prev, idx = p, lut[wordIndex(p)]
			}
			o[k] = idx
		}
	}
	for ; j < len(out); j++ {
		if p := le.Uint32(pix[4*j:]); p != prev {
			prev, idx = p, lut[wordIndex(p)]
		}
		out[j] = idx
	}
}

// wordIndex is lutIndex of a pixel read as a little-endian word: red in
// the low byte, then green and blue.
func wordIndex(p uint32) uint32 {
	const s, m = 8 - lutBits, 1<<lutBits - 1
	return (p>>s&m)<<(2*lutBits) | (p>>(8+s)&m)<<lutBits | p>>(16+s)&m
}

// bin is one cell of the lookup table with the sampled pixels in it.
type bin struct {
	count            int
	sumR, sumG, sumB int
}

func (b bin) mean() color.RGBA {
	return color.RGBA{uint8(b.sumR / b.count), uint8(b.sumG / b.count), uint8(b.sumB / b.count), 0xff}
}

// NewQuantizer counts the colours of the sample images, which the game
// draws to show every kind of thing its images hold, and builds the
// palette: the most frequent colours exactly (a theme's flat colours, so
// that large areas keep their exact colour), then the rest by median cut
// (the blends at the edges of shapes and letters). A colour not in the
// samples maps to its nearest palette entry. It fails without a pixel to
// learn from.
func NewQuantizer(samples ...*image.RGBA) (*Quantizer, error) {
	bins := make([]bin, 1<<(3*lutBits))
	pixels := 0
	for _, s := range samples {
		if s == nil {
			continue
		}
		r := s.Rect
		for y := r.Min.Y; y < r.Max.Y; y++ {
			pix := s.Pix[s.PixOffset(r.Min.X, y):s.PixOffset(r.Max.X, y)]
			for i := 0; i+3 < len(pix); i += 4 {
				b := &bins[lutIndex(pix[i], pix[i+1], pix[i+2])]
				b.count++
				b.sumR += int(pix[i])
				b.sumG += int(pix[i+1])
				b.sumB += int(pix[i+2])
			}
			pixels += r.Dx()
		}
	}
	if pixels == 0 {
		return nil, errors.New("render: no sample pixels to build a palette from")
	}
	var seen []bin
	for _, b := range bins {
		if b.count > 0 {
			seen = append(seen, b)
		}
	}
	slices.SortFunc(seen, func(a, b bin) int { return b.count - a.count })

	var pal []color.RGBA
	rest := seen
	for len(rest) > 0 && len(pal) < exactColours && rest[0].count >= exactMinPixels {
		pal = append(pal, rest[0].mean())
		rest = rest[1:]
	}
	for _, box := range medianCut(rest, paletteSize-len(pal)) {
		var sum bin
		for _, b := range box {
			sum.count += b.count
			sum.sumR += b.sumR
			sum.sumG += b.sumG
			sum.sumB += b.sumB
		}
		pal = append(pal, sum.mean())
	}
	q := &Quantizer{palette: make(color.Palette, len(pal)), lut: make([]uint8, len(bins))}
	for i, c := range pal {
		q.palette[i] = c
	}
	const half = 1 << (7 - lutBits)
	for i, b := range bins {
		c := color.RGBA{uint8(i>>(2*lutBits))<<(8-lutBits) + half, uint8(i>>lutBits&(1<<lutBits-1))<<(8-lutBits) + half, uint8(i&(1<<lutBits-1))<<(8-lutBits) + half, 0xff}
		if b.count > 0 {
			c = b.mean()
		}
		q.lut[i] = uint8(nearest(pal, c))
	}
	return q, nil
}

// medianCut splits the bins into at most n boxes of similar colours,
// always cutting the box with the widest spread of colour, weighted by its
// pixels, at its median along that widest channel.
func medianCut(bins []bin, n int) [][]bin {
	if len(bins) == 0 || n <= 0 {
		return nil
	}
	boxes := [][]bin{bins}
	for len(boxes) < n {
		best, bestScore, bestAxis := -1, 0, 0
		for i, box := range boxes {
			if len(box) < 2 {
				continue
			}
			axis, spread := widest(box)
			total := 0
			for _, b := range box {
				total += b.count
			}
			if score := spread * spread * isqrt(total); score > bestScore {
				best, bestScore, bestAxis = i, score, axis
			}
		}
		if best < 0 {
			break
		}
		box := boxes[best]
		slices.SortFunc(box, func(a, b bin) int { return channel(a.mean(), bestAxis) - channel(b.mean(), bestAxis) })
		total := 0
		for _, b := range box {
			total += b.count
		}
		cut, acc := 1, 0
		for i, b := range box[:len(box)-1] {
			acc += b.count
			cut = i + 1
			if 2*acc >= total {
				break
			}
		}
		boxes[best] = box[:cut]
		boxes = append(boxes, box[cut:])
	}
	return boxes
}

func widest(box []bin) (axis, spread int) {
	for a := 0; a < 3; a++ {
		lo, hi := 255, 0
		for _, b := range box {
			v := channel(b.mean(), a)
			lo, hi = min(lo, v), max(hi, v)
		}
		if hi-lo > spread {
			axis, spread = a, hi-lo
		}
	}
	return axis, spread
}

func channel(c color.RGBA, axis int) int {
	switch axis {
	case 0:
		return int(c.R)
	case 1:
		return int(c.G)
	}
	return int(c.B)
}

func isqrt(n int) int {
	x := 0
	for (x+1)*(x+1) <= n {
		x++
	}
	return x
}

// nearest returns the index of the palette colour closest to c, weighting
// the channels by how much the eye cares.
func nearest(pal []color.RGBA, c color.RGBA) int {
	best, bestD := 0, int32(1<<31-1)
	r, g, b := int32(c.R), int32(c.G), int32(c.B)
	for i, p := range pal {
		dr, dg, db := int32(p.R)-r, int32(p.G)-g, int32(p.B)-b
		if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD {
			best, bestD = i, d
		}
	}
	return best
}
