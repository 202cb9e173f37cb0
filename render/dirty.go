package render

import "image"

// Dirty records which parts of an image were drawn on, in tiles of
// DirtyTile by DirtyTile pixels, so that only those parts are converted to
// the palette and, afterwards, put back as they were. Recording whole
// rectangles instead (a village, the panel) converted half of a board's
// pixels although a move changes a small part of them; tiles keep what is
// recorded close to what was drawn, while recording stays a few
// operations per rectangle and the parts come out as few, wide
// rectangles.
//
// The zero value records nothing until Reset. A Dirty is not safe for
// concurrent use: each drawing has its own.
type Dirty struct {
	bounds image.Rectangle
	cols   int
	tiles  []bool
	rects  []image.Rectangle
}

// DirtyTile is the side of Dirty's tiles, in pixels.
const DirtyTile = 8

// Reset forgets everything recorded and makes bounds the image's.
func (d *Dirty) Reset(bounds image.Rectangle) {
	d.bounds = bounds
	d.cols = (bounds.Dx() + DirtyTile - 1) / DirtyTile
	n := d.cols * ((bounds.Dy() + DirtyTile - 1) / DirtyTile)
	if cap(d.tiles) < n {
		d.tiles = make([]bool, n)
	}
	d.tiles = d.tiles[:n]
	clear(d.tiles)
}

// Bounds returns the image's bounds, as given to Reset.
func (d *Dirty) Bounds() image.Rectangle { return d.bounds }

// Add records rectangle r as drawn on; the part outside the bounds is
// left out. It returns r, so that a drawing call can be recorded where it
// is made.
func (d *Dirty) Add(r image.Rectangle) image.Rectangle {
	c := r.Intersect(d.bounds)
	if c.Empty() {
		return r
	}
	c = c.Sub(d.bounds.Min)
	x0, x1 := c.Min.X/DirtyTile, (c.Max.X+DirtyTile-1)/DirtyTile
	for ty := c.Min.Y / DirtyTile; ty*DirtyTile < c.Max.Y; ty++ {
		row := d.tiles[ty*d.cols:]
		for tx := x0; tx < x1; tx++ {
			row[tx] = true
		}
	}
	return r
}

// AddAll records the rectangles moved by d, as Add does; it takes a
// sprite's Parts.
func (d *Dirty) AddAll(rs []image.Rectangle, at image.Point) {
	for _, r := range rs {
		d.Add(r.Add(at))
	}
}

// Rects returns what was recorded as rectangles that do not overlap: each
// row of tiles cut into runs of recorded tiles, clipped to the bounds.
// The slice is valid until the next call of a method of d.
func (d *Dirty) Rects() []image.Rectangle {
	d.rects = d.rects[:0]
	if d.cols == 0 {
		return d.rects
	}
	for i := 0; i < len(d.tiles); {
		if !d.tiles[i] {
			i++
			continue
		}
		j := i + 1
		for j < len(d.tiles) && d.tiles[j] && j%d.cols != 0 {
			j++
		}
		ty, tx := i/d.cols, i%d.cols
		r := image.Rect(tx*DirtyTile, ty*DirtyTile, (tx+j-i)*DirtyTile, (ty+1)*DirtyTile)
		d.rects = append(d.rects, r.Add(d.bounds.Min).Intersect(d.bounds))
		i = j
	}
	return d.rects
}
