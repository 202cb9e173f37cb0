package render

import (
	"image"
	"io"
)

// A renderer that knows what it draws on a band of rows (the pieces on
// it, where, in what order) can name the band by those values before it
// draws anything, and find the band compressed under that name: then it
// need not draw the band's pixels at all, nor the encoder read them. A
// band's pixels read from the cache by its pixel key are kept under its
// name too, once it is compressed or met.

// BandName names a band of rows by what is drawn on it: two bands of the
// same name, in images of one encoder, have the same pixels. The renderer
// that names its bands is responsible for that; the zero BandName names
// nothing.
type BandName struct{ A, B uint64 }

// IsZero reports whether n names nothing.
func (n BandName) IsZero() bool { return n == BandName{} }

// BandPlan is what an encoder found, by their names, of the bands of an
// image about to be drawn (Encoder.Plan). A nil *BandPlan found nothing
// and names nothing.
type BandPlan struct {
	cuts  []int
	names []BandName
	found []*band
}

// Found reports whether band i was found by its name: the image's pixels
// there are not read, and need not be drawn.
func (p *BandPlan) Found(i int) bool {
	return p != nil && i >= 0 && i < len(p.found) && p.found[i] != nil
}

// BandHeight returns the rows of a band of the encoder's cache, a
// multiple of DirtyTile; 0 when it keeps no cache or its bands cannot be
// named.
func (e *Encoder) BandHeight() int {
	c := e.cache()
	if c == nil || c.rows%DirtyTile != 0 {
		return 0
	}
	return c.rows
}

// Plan looks up the bands of names, band by band (the zero name, or none,
// for a band to be known by its pixels), of an image to be written with
// EncodePlanned. Cuts, when not nil, are the rows where its bands begin,
// the first 0 and increasing, else a band begins every BandHeight() rows.
// A band named must be BandHeight() rows, begin at a multiple of them and
// be named in no image of another width. The bands found stay found, even
// if the cache lets them go before the image is written. Nil when the
// encoder keeps no cache.
func (e *Encoder) Plan(cuts []int, names []BandName) *BandPlan {
	c := e.cache()
	if c == nil || e.BandHeight() == 0 {
		return nil
	}
	p := &BandPlan{cuts: cuts, names: names, found: make([]*band, len(names))}
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, n := range names {
		if el, ok := c.byName[n]; ok && !n.IsZero() {
			c.lru.MoveToFront(el)
			p.found[i] = el.Value.(*band)
		}
	}
	return p
}

// bands returns the rows where the bands of an image of rows y0 to y1
// begin, and the most rows a band has: by the plan's cuts, or every rows
// rows.
func (p *BandPlan) bands(y0, y1, rows int) ([]int, int) {
	if p != nil && p.cuts != nil {
		most := 0
		for i, y := range p.cuts {
			most = max(most, BandEnd(p.cuts, i, y1)-y)
		}
		return p.cuts, most
	}
	var starts []int
	for y := y0; y < y1; y += rows {
		starts = append(starts, y)
	}
	return starts, rows
}

// EncodePlanned writes img as Encode does, but the bands plan found are
// written from the cache whatever img holds there, and the others it
// names are kept under their names.
func (e *Encoder) EncodePlanned(w io.Writer, img *image.Paletted, plan *BandPlan) error {
	return e.encodeWith(w, img, plan)
}

// cache returns the encoder's cache of bands, made at the first call; nil
// when it keeps none.
func (e *Encoder) cache() *bands {
	e.once.Do(func() {
		if e.Cache > 0 {
			e.bands = newBands(e.Cache, e.BandRows)
		}
	})
	return e.bands
}

// name keeps band b, if it is kept, under name n as well (in place of
// any name it had).
func (c *bands) name(b *band, n BandName) {
	if n.IsZero() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[b.key]
	if !ok {
		return
	}
	kept := el.Value.(*band)
	if kept.name == n {
		return
	}
	if old, ok := c.byName[n]; ok {
		old.Value.(*band).name = BandName{}
	}
	if !kept.name.IsZero() {
		delete(c.byName, kept.name)
	}
	kept.name = n
	c.byName[n] = el
}

// BandEnd returns the row where band i of those beginning at starts ends,
// in an image whose rows end at end.
func BandEnd(starts []int, i, end int) int {
	if i+1 < len(starts) {
		return starts[i+1]
	}
	return end
}
