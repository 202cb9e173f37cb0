package render

import (
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"slices"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// The images are written as 8-bit paletted PNGs: a quarter of the bytes of
// RGBA for the encoder to compress, and no per-row filter to choose, which
// makes encoding several times faster and the files smaller (see
// docs/notes/render.md). The palette is built once, in New, from sample
// images drawn by the renderer itself, and a lookup table maps every colour
// to its nearest palette entry without dithering.

const (
	// lutBits is the precision, per channel, of the colour lookup table.
	lutBits = 5
	// paletteSize is the number of colours of the palette, the most an
	// 8-bit PNG holds; exactColours of them are the most frequent colours
	// of the samples taken as they are.
	paletteSize  = 256
	exactColours = 120
)

// quantizer maps RGBA pixels to a fixed palette. It is read-only once
// built: lut has an entry for every lutIndex, each the index of a colour of
// palette, which has at most paletteSize colours.
type quantizer struct {
	palette color.Palette
	lut     []uint8
}

func lutIndex(r, g, b uint8) int {
	const s = 8 - lutBits
	return int(r>>s)<<(2*lutBits) | int(g>>s)<<lutBits | int(b>>s)
}

// convert writes the pixels of rectangle d of src into dst as palette
// indices. Neighbouring pixels are often equal, so the last lookup is
// reused.
func (q *quantizer) convert(dst *image.Paletted, src *image.RGBA, d image.Rectangle) {
	lut := (*[1 << (3 * lutBits)]uint8)(q.lut)
	for y := d.Min.Y; y < d.Max.Y; y++ {
		out := dst.Pix[dst.PixOffset(d.Min.X, y):dst.PixOffset(d.Max.X, y)]
		pix := src.Pix[src.PixOffset(d.Min.X, y):src.PixOffset(d.Max.X, y)]
		prev, idx := [3]uint8{}, lut[0]
		for i := range out {
			p := [3]uint8(pix[4*i : 4*i+3])
			if p != prev {
				prev, idx = p, lut[lutIndex(p[0], p[1], p[2])]
			}
			out[i] = idx
		}
	}
}

// bin is one cell of the lookup table with the sampled pixels in it.
type bin struct {
	count            int
	sumR, sumG, sumB int
}

func (b bin) mean() color.RGBA {
	return color.RGBA{uint8(b.sumR / b.count), uint8(b.sumG / b.count), uint8(b.sumB / b.count), 0xff}
}

// buildQuantizer draws sample images, counts their colours and builds the
// palette: the most frequent colours exactly (the theme's flat colours, so
// that large areas keep their exact colour), then the rest by median cut
// (the blends at the edges of shapes and letters).
func (r *Renderer) buildQuantizer() (*quantizer, error) {
	bins := make([]bin, 1<<(3*lutBits))
	samples, err := samplePositions()
	if err != nil {
		return nil, err
	}
	for _, s := range samples {
		pix := r.Draw(LayoutShangrila(&s.pos, s.opts)).Pix
		for i := 0; i+3 < len(pix); i += 4 {
			b := &bins[lutIndex(pix[i], pix[i+1], pix[i+2])]
			b.count++
			b.sumR += int(pix[i])
			b.sumG += int(pix[i+1])
			b.sumB += int(pix[i+2])
		}
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
	for len(rest) > 0 && len(pal) < exactColours && rest[0].count >= 400 {
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
	q := &quantizer{palette: make(color.Palette, len(pal)), lut: make([]uint8, len(bins))}
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

// sample is a position drawn to learn the palette.
type sample struct {
	pos  shangrila.Position
	opts ShangrilaOptions
}

// samplePositions returns positions that between them show every kind of
// thing the renderer draws: a 4-player game in full swing with a journey
// just made, and a finished 3-player game.
func samplePositions() ([]sample, error) {
	names := map[shangrila.Colour]string{shangrila.Red: "Ana María", shangrila.Blue: "Niccolò", shangrila.Yellow: "Zoë", shangrila.Violet: "Björn"}
	var out []sample
	for _, spec := range []struct {
		players int
		seed    uint64
		stop    func(int, *shangrila.Effects) bool
	}{{4, 7, journeyAfter(60)}, {3, 3, after(1000)}} {
		pos, last, err := randomGame(spec.players, shangrila.StartSetup, spec.seed, spec.stop)
		if err != nil {
			return nil, fmt.Errorf("render: sample game: %w", err)
		}
		out = append(out, sample{pos: pos, opts: ShangrilaOptions{Last: last, Names: names}})
	}
	return out, nil
}

// randomGame plays random moves from a fixed seed until stop, given the
// number of moves made and the last one's effects, says so or the game
// ends. It returns the position and the last move's effects (nil when no
// move was made).
func randomGame(players int, start shangrila.Start, seed uint64, stop func(n int, last *shangrila.Effects) bool) (shangrila.Position, *shangrila.Effects, error) {
	pos, err := shangrila.NewPosition(shangrila.Colours[:players], start)
	if err != nil {
		return pos, nil, err
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	var last *shangrila.Effects
	for n := 0; !stop(n, last) && pos.Phase() != shangrila.Over; n++ {
		next, e, err := pos.Apply(pos.RandomMove(rng))
		if err != nil {
			return pos, nil, err
		}
		pos, last = next, &e
	}
	return pos, last, nil
}

// after returns a stop condition for randomGame: after n moves.
func after(n int) func(int, *shangrila.Effects) bool {
	return func(m int, _ *shangrila.Effects) bool { return m >= n }
}

// journeyAfter returns a stop condition for randomGame: the first journey
// after n moves.
func journeyAfter(n int) func(int, *shangrila.Effects) bool {
	return func(m int, e *shangrila.Effects) bool {
		return m >= n && e != nil && e.Move.Kind == shangrila.Journey
	}
}
