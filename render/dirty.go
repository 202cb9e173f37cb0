package render

import (
	"encoding/binary"
	"image"
)

// Dirty records which parts of an image were drawn on, in tiles of
// DirtyTile by DirtyTile pixels, so that only those parts are converted to
// the palette and, afterwards, put back as they were. Recording whole
// rectangles instead (a village, the panel) converted half of a board's
// pixels although a move changes a small part of them; tiles keep what is
// recorded close to what was drawn, while recording stays a few
// operations per rectangle and the parts come out as few, wide
// rectangles.
//
// A tile may also be recorded as converted already (AddConverted): its
// palette indices were written with it, from a picture converted before,
// so it is put back afterwards but not converted again, until something
// else is drawn on it.
//
// The zero value records nothing until Reset. A Dirty is not safe for
// concurrent use: each drawing has its own.
type Dirty struct {
	bounds image.Rectangle
	cols   int
	tiles  []uint8 // a tile state each (below)
	rects  []image.Rectangle
}

// The tile states: what Dirty knows of a tile.
const (
	tileClean     = iota // not drawn on
	tileDrawn            // drawn on, to be converted
	tileConverted        // drawn on, its palette indices written already
)

// DirtyTile is the side of Dirty's tiles, in pixels.
const DirtyTile = 8

// Reset forgets everything recorded and makes bounds the image's.
func (d *Dirty) Reset(bounds image.Rectangle) {
	d.bounds = bounds
	d.cols = (bounds.Dx() + DirtyTile - 1) / DirtyTile
	n := d.cols * ((bounds.Dy() + DirtyTile - 1) / DirtyTile)
	if cap(d.tiles) < n {
		d.tiles = make([]uint8, n)
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
	d.set(r, tileDrawn)
	return r
}

// AddConverted records rectangle r as drawn on with its palette indices
// written already, on whole tiles: the caller has written the indices of
// all of TileRect(r). It should only be called where Clean(r) holds.
func (d *Dirty) AddConverted(r image.Rectangle) { d.set(r, tileConverted) }

// set gives the tiles r touches state s.
func (d *Dirty) set(r image.Rectangle, s uint8) {
	x0, x1, y0, y1, ok := d.span(r)
	if !ok {
		return
	}
	for ty := y0; ty < y1; ty++ {
		row := d.tiles[ty*d.cols:]
		for tx := x0; tx < x1; tx++ {
			row[tx] = s
		}
	}
}

// span returns the tiles r touches, columns x0 to x1 and rows y0 to y1,
// or false when it touches none.
func (d *Dirty) span(r image.Rectangle) (x0, x1, y0, y1 int, ok bool) {
	c := r.Intersect(d.bounds)
	if c.Empty() {
		return 0, 0, 0, 0, false
	}
	c = c.Sub(d.bounds.Min)
	return c.Min.X / DirtyTile, (c.Max.X + DirtyTile - 1) / DirtyTile,
		c.Min.Y / DirtyTile, (c.Max.Y + DirtyTile - 1) / DirtyTile, true
}

// Clean reports whether nothing is recorded on the tiles r touches.
func (d *Dirty) Clean(r image.Rectangle) bool { return d.every(r, tileClean) }

// Converted reports whether every tile r touches is still recorded as
// converted already (AddConverted), nothing drawn on it since.
func (d *Dirty) Converted(r image.Rectangle) bool { return d.every(r, tileConverted) }

// every reports whether every tile r touches is in state s.
func (d *Dirty) every(r image.Rectangle, s uint8) bool {
	x0, x1, y0, y1, ok := d.span(r)
	if !ok {
		return true
	}
	for ty := y0; ty < y1; ty++ {
		row := d.tiles[ty*d.cols:]
		for tx := x0; tx < x1; tx++ {
			if row[tx] != s {
				return false
			}
		}
	}
	return true
}

// TileRect returns the whole tiles r touches, clipped to the bounds.
func (d *Dirty) TileRect(r image.Rectangle) image.Rectangle {
	x0, x1, y0, y1, ok := d.span(r)
	if !ok {
		return image.Rectangle{}
	}
	t := image.Rect(x0*DirtyTile, y0*DirtyTile, x1*DirtyTile, y1*DirtyTile)
	return t.Add(d.bounds.Min).Intersect(d.bounds)
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
	return d.runs(1<<tileDrawn | 1<<tileConverted)
}

// Unconverted returns, as Rects does, what was recorded and is still to
// be converted to the palette: not what AddConverted recorded last.
func (d *Dirty) Unconverted() []image.Rectangle { return d.runs(1 << tileDrawn) }

// runs returns the runs of tiles whose state's bit is set in states, as
// Rects describes. Clean tiles, most of them, are skipped eight at a time.
func (d *Dirty) runs(states uint8) []image.Rectangle {
	d.rects = d.rects[:0]
	if d.cols == 0 {
		return d.rects
	}
	in := func(s uint8) bool { return states&(1<<s) != 0 }
	tiles := d.tiles
	for i := 0; i < len(tiles); {
		if i+8 <= len(tiles) && binary.LittleEndian.Uint64(tiles[i:i+8]) == 0 {
			i += 8
			continue
		}
		if !in(tiles[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(tiles) && in(tiles[j]) && j%d.cols != 0 {
			j++
		}
		ty, tx := i/d.cols, i%d.cols
		r := image.Rect(tx*DirtyTile, ty*DirtyTile, (tx+j-i)*DirtyTile, (ty+1)*DirtyTile)
		d.rects = append(d.rects, r.Add(d.bounds.Min).Intersect(d.bounds))
		i = j
	}
	return d.rects
}
