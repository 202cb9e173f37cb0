package shangrila

import (
	"image"
	"sync"

	"github.com/tablebot/tablebot/render"
)

// Most of what a board draws over the static layer is a picture prepared
// once (a tile, a stone, a badge, a bridge, the band of the last move's
// words) at a place the layout fixes, over nothing but the static layer.
// There the result is the same in every board: the renderer keeps its
// palette indices, converted the first time, and writes them again rather
// than converting the same pixels board after board. A picture is taken
// from the cache only where nothing was drawn before on the tiles of
// render.Dirty it touches; elsewhere it is converted with the rest.
// TestDirtyRects checks the pixels against the whole drawing.

// placedLimit is how many bytes of palette indices the renderer keeps.
// The places are few (a tile of each colour on each space, a stone and a
// badge on each village, the bridges, the panel's rows): some hundreds of
// pictures, a few megabytes; beyond the limit a picture is converted
// every time.
const placedLimit = 16 << 20

// placedKey names a picture drawn at a place over a static layer: src is
// the picture (a *render.Sprite or an *image.RGBA), at where it is moved.
type placedKey struct {
	src    any
	at     image.Point
	static int
}

// placedPicture holds the palette indices of a picture drawn over the
// static layer, in whole tiles of render.Dirty: for each of rects, its
// indices row after row. It is read-only once kept.
type placedPicture struct {
	rects []image.Rectangle
	pix   [][]uint8
}

// placedCache holds the pictures converted, up to placedLimit bytes. It is
// safe for concurrent use.
type placedCache struct {
	mu    sync.RWMutex
	byKey map[placedKey]*placedPicture
	size  int
}

func (c *placedCache) get(k placedKey) *placedPicture {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.byKey[k]
}

// put keeps pic under k, unless the cache is full.
func (c *placedCache) put(k placedKey, pic *placedPicture) {
	n := 0
	for _, p := range pic.pix {
		n += len(p)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[k]; ok || c.size+n > placedLimit {
		return
	}
	if c.byKey == nil {
		c.byKey = map[placedKey]*placedPicture{}
	}
	c.byKey[k] = pic
	c.size += n
}

// place records parts (in the image's coordinates), where draw, already
// called, drew a picture named key. When the painter writes palette
// indices too and nothing was drawn before on the tiles the parts touch,
// it writes the picture's indices from the cache (converting and keeping
// them the first time) and records the tiles as converted.
func (p *painter) place(key placedKey, parts []image.Rectangle) {
	if p.out == nil || !p.cleanUnder(parts) {
		for _, r := range parts {
			p.dirty.Add(r)
		}
		return
	}
	pic := p.r.placed.get(key)
	if pic == nil {
		pic = p.convertPlaced(parts)
		p.r.placed.put(key, pic)
	}
	for i, t := range pic.rects {
		render.Paste(p.out, t, pic.pix[i])
		p.dirty.AddConverted(t)
	}
}

// cleanUnder reports whether nothing was drawn yet on the tiles parts
// touch.
func (p *painter) cleanUnder(parts []image.Rectangle) bool {
	for _, r := range parts {
		if !p.dirty.Clean(r) {
			return false
		}
	}
	return true
}

// convertPlaced converts the whole tiles parts touch, where the canvas
// holds the static layer and the picture just drawn, and returns their
// indices.
func (p *painter) convertPlaced(parts []image.Rectangle) *placedPicture {
	pic := &placedPicture{}
	for _, r := range parts {
		t := p.dirty.TileRect(r)
		if t.Empty() {
			continue
		}
		pix := p.r.quant.ConvertCopy(p.out, p.dst, t)
		pic.rects = append(pic.rects, t)
		pic.pix = append(pic.pix, pix)
	}
	return pic
}

// spritePlaced draws sprite s moved by at and records it (see place).
func (p *painter) spritePlaced(s *render.Sprite, at image.Point) {
	if s == nil {
		return
	}
	s.Draw(p.dst, at)
	p.parts = p.parts[:0]
	for _, r := range s.Parts() {
		p.parts = append(p.parts, r.Add(at))
	}
	p.place(placedKey{src: s, at: at, static: p.static}, p.parts)
}
