package menara

import (
	"encoding/binary"
	"fmt"
	"image"
	"math"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/tablebot/tablebot/render"
)

// A board's plans change little from one step to the next: a level's plan
// changes only when something is placed on it or the highlights move.
// Drawn on blank paper, a plan's pixels are the same in every board that
// shows it: the renderer keeps their palette indices, converted the first
// time, under the plan's whole layout, and writes them again rather than
// painting and converting the same plan board after board. The indices
// are written only where nothing was drawn before on the tiles of
// render.Dirty they cover; the RGBA canvas is left blank there, so a
// board on which anything is drawn afterwards over such tiles is drawn
// again without the cache (Renderer.image). TestPlansCached checks the
// pixels against the image drawn without it.

// planLimit is how many bytes of palette indices (and keys) the renderer
// keeps: a plan is at most its box, a byte a pixel. When a new one does
// not fit, plans kept are dropped at random until it does.
const planLimit = 24 << 20

// planPicture holds the palette indices of a plan drawn on blank paper,
// in whole tiles of render.Dirty: for each of rects, its indices row after
// row. It is read-only once kept.
type planPicture struct {
	rects []image.Rectangle
	pix   [][]uint8
	size  int // the bytes of pix and of the key
}

// planCache holds the plans converted, up to planLimit bytes. It is safe
// for concurrent use.
type planCache struct {
	mu    sync.Mutex
	byKey map[string]*planPicture
	size  int
	// pasted counts the plans written from the cache, and skipped those
	// not drawn, all their bands found by name (see bands.go), for the
	// tests.
	pasted, skipped atomic.Int64
}

func (c *planCache) get(k string) *planPicture {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.byKey[k]
}

// put keeps pic under k, dropping plans kept at random to make room; a
// plan larger than the limit is not kept.
func (c *planCache) put(k string, pic *planPicture) {
	if pic.size > planLimit {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[k]; ok {
		return
	}
	if c.byKey == nil {
		c.byKey = map[string]*planPicture{}
	}
	for old, p := range c.byKey {
		if c.size+pic.size <= planLimit {
			break
		}
		delete(c.byKey, old)
		c.size -= p.size
	}
	c.byKey[k] = pic
	c.size += pic.size
}

// planPlacer is what a painter needs to take plans from the cache: the
// image's palette indices, the header's band (filled, not recorded as
// drawn), and the tiles written from the cache, which must still be
// untouched once the board is drawn.
type planPlacer struct {
	cache  *planCache
	out    *image.Paletted
	band   image.Rectangle
	r      *Renderer
	pasted []image.Rectangle
	key    []byte
}

// pieceKey names a piece of an image of the given size, of kind k (a
// plan, a part of the panel): all it draws, every field of v's bits in
// turn.
func (pp *planPlacer) pieceKey(k pieceKind, v reflect.Value, size image.Point) string {
	pp.key = append(pp.key[:0], byte(k))
	pp.key = appendKey(pp.key, reflect.ValueOf(size), 0)
	pp.key = appendKey(pp.key, v, 0)
	return string(pp.key)
}

// pieceKind tells apart the kinds of pieces the cache keeps, whose values
// might otherwise give the same keys.
type pieceKind byte

const (
	pieceOfPlan pieceKind = iota
	pieceOfPanel
)

// appendKey appends to b the bits of every field of v, lengths before
// slices and strings, so that two values have the same key exactly when
// they are equal; its places (image.Point and render.Pt values, which
// image.Rectangle and render.Poly hold) dy rows higher, so that two values
// the same but for where they are drawn have the same key when dy is that
// difference. Pointers, maps and interfaces, which a layout does not hold,
// panic.
func appendKey(b []byte, v reflect.Value, dy int) []byte {
	switch v.Type() {
	case pointType:
		return binary.AppendVarint(binary.AppendVarint(b, v.Field(0).Int()), v.Field(1).Int()-int64(dy))
	case ptType:
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(v.Field(0).Float())))
		return binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(v.Field(1).Float())-float32(dy)))
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			b = appendKey(b, v.Field(i), dy)
		}
	case reflect.Slice, reflect.Array:
		b = binary.AppendUvarint(b, uint64(v.Len()))
		for i := range v.Len() {
			b = appendKey(b, v.Index(i), dy)
		}
	case reflect.String:
		b = binary.AppendUvarint(b, uint64(v.Len()))
		b = append(b, v.String()...)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b = binary.AppendVarint(b, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		b = binary.AppendUvarint(b, v.Uint())
	case reflect.Float32, reflect.Float64:
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v.Float()))
	case reflect.Bool:
		b = append(b, boolByte(v.Bool()))
	default:
		panic(fmt.Sprintf("menara: no key for a %v", v.Type()))
	}
	return b
}

// The types whose values appendKey takes as places.
var (
	pointType = reflect.TypeFor[image.Point]()
	ptType    = reflect.TypeFor[render.Pt]()
)

// planPlaced paints plan pl, from the cache when it can.
func (p *painter) planPlaced(pl *Plan) {
	if p.plans == nil {
		p.plan(pl)
		return
	}
	p.placed(p.plans.pieceKey(pieceOfPlan, reflect.ValueOf(pl).Elem(), p.dst.Rect.Size()), func() { p.plan(pl) })
}

// placed paints a piece drawn on blank paper by draw and known by key:
// its palette indices from the cache when it holds them and nothing was
// drawn yet where they go, else drawn, and kept when nothing was drawn
// there before.
func (p *painter) placed(key string, draw func()) {
	pp := p.plans
	if pic := pp.cache.get(key); pic != nil && pp.cleanUnder(p.f, pic.rects) {
		pp.paste(p.f, pic)
		pp.cache.pasted.Add(1)
		return
	}
	p.f.rec.Reset(p.dst.Rect)
	p.f.recording = true
	draw()
	p.f.recording = false
	parts := p.f.rec.Rects()
	if !pp.cleanUnder(p.f, parts) {
		for _, r := range parts {
			p.f.dirty.Add(r)
		}
		return
	}
	pic := &planPicture{}
	for _, t := range parts {
		pix := pp.r.quant.ConvertCopy(pp.out, p.dst, t)
		pic.rects = append(pic.rects, t)
		pic.pix = append(pic.pix, pix)
		pic.size += len(pix)
		p.f.dirty.AddConverted(t)
		p.f.kept = append(p.f.kept, t)
	}
	pic.size += len(key)
	pp.cache.put(key, pic)
}

// cleanUnder reports whether nothing was drawn yet on the tiles parts
// touch, the header's band included.
func (pp *planPlacer) cleanUnder(f *raster, parts []image.Rectangle) bool {
	for _, r := range parts {
		if !f.dirty.Clean(r) || r.Overlaps(pp.band) {
			return false
		}
	}
	return true
}

// paste writes pic's palette indices and records its tiles as converted.
func (pp *planPlacer) paste(f *raster, pic *planPicture) {
	for i, t := range pic.rects {
		render.Paste(pp.out, t, pic.pix[i])
		f.dirty.AddConverted(t)
		pp.pasted = append(pp.pasted, t)
	}
}

// intact reports whether nothing was drawn on the tiles written from the
// cache since they were written.
func (pp *planPlacer) intact(f *raster) bool {
	for _, t := range pp.pasted {
		if !f.dirty.Converted(t) {
			return false
		}
	}
	return true
}

func boolByte(x bool) byte {
	if x {
		return 1
	}
	return 0
}
