package render

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"sync"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// Renderer draws board images. New builds once everything the images share;
// after that a Renderer is read-only, apart from its internally
// synchronised caches, and safe for concurrent use by many goroutines.
type Renderer struct {
	fonts   *fontSet
	icons   *iconSet
	sprites *spriteSet
	// static holds, for 3 and for 4 players, the pixels no move changes:
	// the landscape, rivers, paths, plates with their empty spaces and
	// letters, and the panel's background and signs; staticOut holds the
	// same converted to the palette.
	static    [2]*image.RGBA
	staticOut [2]*image.Paletted
	quant     *quantizer
	// work recycles the per-image buffers, one pool per size of image
	// (3 and 4 players), and encoders the PNG encoder's (its compressor
	// alone is most of a megabyte).
	work     [2]sync.Pool
	encoders encoderPool
}

// encoderPool lends PNG encoder buffers; it is safe for concurrent use.
type encoderPool struct{ pool sync.Pool }

func (p *encoderPool) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *encoderPool) Put(b *png.EncoderBuffer) { p.pool.Put(b) }

// work is what one drawing needs for itself.
type work struct {
	canvas *image.RGBA
	out    *image.Paletted
	fill   filler
	static int // the static layer the buffers fit
}

// staticSteps is how many steps of edge coverage the static layer and the
// sprites are drawn with (see filler.steps).
const staticSteps = 3

// New builds a Renderer. It takes a fraction of a second: call it once and
// share the result.
func New() (*Renderer, error) { return newRenderer(staticSteps) }

// newRenderer builds a Renderer whose static layer and sprites have the
// given steps of edge coverage (0: full antialiasing).
func newRenderer(steps int) (*Renderer, error) {
	fonts, err := newFontSet()
	if err != nil {
		return nil, err
	}
	r := &Renderer{fonts: fonts}
	f := filler{steps: steps}
	r.icons = newIconSet(&f)
	layouts := [2]Layout{}
	for i, n := range []int{3, 4} {
		start, err := shangrila.NewPosition(shangrila.Colours[:n], shangrila.StartSetup)
		if err != nil {
			return nil, fmt.Errorf("render: empty board: %w", err)
		}
		layouts[i] = LayoutShangrila(&start, ShangrilaOptions{})
	}
	r.sprites = newSpriteSet(&f, r.icons, layouts[1].Panel.Rows[0].Rect.Size())
	land := image.NewRGBA(image.Rect(0, 0, Width, mapHeight))
	drawLand(&f, land)
	rivers := newRiverShapes(land.Rect)
	rivers.draw(&f, land)
	for i := range layouts {
		r.static[i] = r.drawStatic(&f, land, rivers, layouts[i])
	}
	r.quant, err = r.buildQuantizer()
	if err != nil {
		return nil, err
	}
	for i, st := range r.static {
		r.staticOut[i] = image.NewPaletted(st.Rect, r.quant.palette)
		r.quant.convert(r.staticOut[i], st, st.Rect)
	}
	return r, nil
}

// getWork returns buffers for an image of the static layer i.
func (r *Renderer) getWork(i int) *work {
	w, _ := r.work[i].Get().(*work)
	if w == nil {
		size := r.static[i].Rect
		w = &work{canvas: image.NewRGBA(size), out: image.NewPaletted(size, r.quant.palette), static: i}
	}
	return w
}

// putWork returns w to its pool.
func (r *Renderer) putWork(w *work) { r.work[w.static].Put(w) }

func (r *Renderer) staticIndex(players int) int {
	if players == 3 {
		return 0
	}
	return 1
}

// Draw paints layout l onto a new RGBA image, in full colour (not reduced
// to the palette).
func (r *Renderer) Draw(l Layout) *image.RGBA {
	out := image.NewRGBA(image.Rectangle{Max: l.Size})
	copy(out.Pix, r.static[r.staticIndex(l.Players)].Pix)
	var f filler
	p := painter{r: r, dst: out, f: &f}
	p.dynamic(&l)
	return out
}

// ShangrilaImage returns the image of position p exactly as Shangrila
// encodes it.
func (r *Renderer) ShangrilaImage(p *shangrila.Position, opts ShangrilaOptions) *image.Paletted {
	l := LayoutShangrila(p, opts)
	w := r.paint(&l)
	defer r.putWork(w)
	out := image.NewPaletted(w.out.Rect, w.out.Palette)
	copy(out.Pix, w.out.Pix)
	return out
}

// Shangrila draws position p and writes it to w as a PNG.
func (r *Renderer) Shangrila(w io.Writer, p *shangrila.Position, opts ShangrilaOptions) error {
	l := LayoutShangrila(p, opts)
	wk := r.paint(&l)
	defer r.putWork(wk)
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &r.encoders}
	if err := enc.Encode(w, wk.out); err != nil {
		return fmt.Errorf("render: encode PNG: %w", err)
	}
	return nil
}

// paint draws layout l into a work's paletted image, which the caller
// returns to the pool. Only the dirty parts are drawn and converted: the
// rest is the static layer, already converted.
func (r *Renderer) paint(l *Layout) *work {
	i := r.staticIndex(l.Players)
	w := r.getWork(i)
	static := r.static[i]
	dirty := r.dirtyRects(l)
	for _, d := range dirty {
		copyRect(w.canvas, static, d)
	}
	p := painter{r: r, dst: w.canvas, f: &w.fill}
	p.dynamic(l)
	copy(w.out.Pix, r.staticOut[i].Pix)
	for _, d := range dirty {
		r.quant.convert(w.out, w.canvas, d)
	}
	return w
}

// copyRect copies rectangle d of src into dst; both must hold it.
func copyRect(dst, src *image.RGBA, d image.Rectangle) {
	n := 4 * d.Dx()
	for y := d.Min.Y; y < d.Max.Y; y++ {
		i, j := dst.PixOffset(d.Min.X, y), src.PixOffset(d.Min.X, y)
		copy(dst.Pix[i:i+n], src.Pix[j:j+n])
	}
}
