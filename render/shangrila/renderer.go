package shangrila

import (
	"fmt"
	"hash/maphash"
	"image"
	"io"
	"runtime"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// Renderer draws Shangri-La's board images. New builds once everything the
// images share; after that a Renderer is read-only, apart from its
// internally synchronised caches, and safe for concurrent use by many
// goroutines.
type Renderer struct {
	fonts   *render.Fonts
	icons   *iconSet
	sprites *spriteSet
	// static holds, for 3 and for 4 players, the pixels no move changes:
	// the landscape, rivers, paths, plates with their empty spaces and
	// letters, and the panel's background and signs; staticOut holds the
	// same converted to the palette.
	static    [2]*image.RGBA
	staticOut [2]*image.Paletted
	// broken holds, for 3 and for 4 players, each bridge's broken look
	// over the static layer: its path gone, a trail left (nil for a bridge
	// not on the board).
	broken [2][shangrila.NumBridges]*render.Sprite
	quant  *render.Quantizer
	// band holds, for 3 and for 4 players, the band of the last move's
	// words painted over the static layer: the largest shape an image
	// draws, the same in every image that has a last move, copied rather
	// than filled again (TestDirtyRects checks it against filling).
	band [2]*image.RGBA
	// works keeps the per-image buffers not in use, one list per size of
	// image (3 and 4 players), and drawing holds a token for each in use:
	// at most cap(drawing) images are drawn at once, one a processor, the
	// others wait their turn. A board is all computation, so more at once
	// would not finish sooner; they would only each need buffers of 12 MB
	// (made anew whenever the garbage collector emptied a sync.Pool) and
	// push each other's out of the processor's cache.
	works   [2]chan *work
	drawing chan struct{}
	// png is the PNG encoder.
	png render.Encoder
	// words keeps the pictures of the panel's headings and legend in the
	// languages met (see words.go).
	words wordsCache
	// placed keeps the palette indices of pictures drawn at their places
	// (see placed.go).
	placed placedCache
	// fills keeps the coverage of the shapes the images fill (rings,
	// arrows, the panel's boxes).
	fills *render.FillCache
	// seeds seed the two hashes of a band's name (see pieces.go).
	seeds [2]maphash.Seed
}

// work is what one drawing needs for itself. In the pool, canvas holds the
// static layer and out the same converted: each image draws over them,
// records in dirty where, and is taken off there again when the work goes
// back to the pool.
type work struct {
	canvas *image.RGBA
	out    *image.Paletted
	fill   render.Filler
	dirty  render.Dirty
	static int // the static layer the buffers fit
	// pasted are the boxes of pictures of words pasted into both images
	// (see words.go), put back with what dirty recorded.
	pasted []image.Rectangle
	// pieces is room for the map's pieces (see pieces.go).
	pieces []piece
}

// staticSteps is how many steps of edge coverage the static layer and the
// sprites are drawn with (see render.Filler.Steps), and textSteps the text
// (render.Fonts.Steps).
const (
	staticSteps = 3
	textSteps   = 6
)

// New builds a Renderer. It takes a fraction of a second: call it once and
// share the result.
func New() (*Renderer, error) { return newRenderer(staticSteps) }

// newRenderer builds a Renderer whose static layer and sprites have the
// given steps of edge coverage (0: full antialiasing).
// renderCache is how many bytes of compressed bands of rows the PNG
// encoder keeps: a board's rows that the boards before it had already
// (most of them: a move changes a village, the panel, the header) are
// not compressed again. 32 MB hold the bands of some hundred boards.
const renderCache = 32 << 20

// fillsLimit is how many bytes of shapes' coverage a renderer keeps: the
// shapes a board fills are the last move's rings and arrows at the
// villages and the panel's boxes, some hundreds, a few megabytes.
const fillsLimit = 16 << 20

// pngLevel is the deflate level of the bands compressed, and pngBandRows
// the rows of a band. Measured on RenderMoves' boards (callgrind,
// instructions a board; bytes a board): level 4 in 32 rows 28.2 M, 175.9
// KB; level 3 in 32 rows 24.8 M, 185.6 KB, chosen: the cheapest whose
// files stay smaller than at issue 24's start (188.1 KB on the same
// boards); level 3 in 24 rows 24.4 M, 187.5 KB; in 16 rows 24.2 M, 192.5
// KB; level 2 25.4 M, 189.0 KB; level 1 21.9 M, 192.8 KB.
const (
	pngLevel    = 3
	pngBandRows = 32
)

func newRenderer(steps int) (*Renderer, error) {
	fonts, err := render.NewFonts()
	if err != nil {
		return nil, err
	}
	fonts.Steps = textSteps
	r := &Renderer{fonts: fonts, png: render.Encoder{Cache: renderCache, Level: pngLevel, BandRows: pngBandRows}, fills: render.NewFillCache(fillsLimit),
		seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}}
	r.drawingAtOnce(runtime.GOMAXPROCS(0))
	f := render.Filler{Steps: steps}
	r.icons = newIconSet(&f)
	layouts := [2]Layout{}
	for i, n := range []int{3, 4} {
		start, err := shangrila.NewPosition(shangrila.Colours[:n], shangrila.StartSetup)
		if err != nil {
			return nil, fmt.Errorf("render: empty board: %w", err)
		}
		layouts[i] = NewLayout(&start, Options{})
	}
	r.sprites = newSpriteSet(&f, r.icons, layouts[1].Panel.Rows[0].Rect.Size())
	land := image.NewRGBA(image.Rect(0, 0, Width, mapHeight))
	drawLand(&f, land)
	rivers := newRiverShapes(land.Rect)
	rivers.draw(&f, land)
	paths := newPathShapes()
	for i := range layouts {
		r.static[i] = r.drawStatic(&f, land, rivers, paths, layouts[i])
		for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
			if onBoard(b, layouts[i].Players) {
				r.broken[i][b] = r.brokenPath(&f, land, rivers, paths, &layouts[i], r.static[i], b)
			}
		}
	}
	r.quant, err = r.buildQuantizer()
	if err != nil {
		return nil, err
	}
	for i, st := range r.static {
		r.staticOut[i] = image.NewPaletted(st.Rect, r.quant.Palette())
		r.quant.Convert(r.staticOut[i], st, st.Rect)
		r.band[i] = r.bandPatch(i, layouts[i].Panel.Rect)
	}
	return r, nil
}

// bandPatch paints the band of the last move's words over the static
// layer i, as an image with a last move has it, and returns that part.
func (r *Renderer) bandPatch(i int, panel image.Rectangle) *image.RGBA {
	var f render.Filler
	over := image.NewRGBA(r.static[i].Rect)
	copy(over.Pix, r.static[i].Pix)
	p := painter{r: r, dst: over, f: &f, dirty: &render.Dirty{}}
	rect := lastMoveBand(panel)
	p.lastMoveBand(rect)
	band := image.NewRGBA(rect)
	render.CopyRect(band, over, rect)
	return band
}

// drawingAtOnce makes room for n images drawn at once (at least 1).
func (r *Renderer) drawingAtOnce(n int) {
	n = max(n, 1)
	r.drawing = make(chan struct{}, n)
	for i := range r.works {
		r.works[i] = make(chan *work, n)
	}
}

// getWork returns buffers for an image of the static layer i, holding
// them, once fewer than cap(r.drawing) images are being drawn. The caller
// gives them back with putWork, or dropWork if drawing failed half-way.
func (r *Renderer) getWork(i int) *work {
	r.drawing <- struct{}{}
	var w *work
	select {
	case w = <-r.works[i]:
	default:
		size := r.static[i].Rect
		w = &work{canvas: image.NewRGBA(size), out: image.NewPaletted(size, r.quant.Palette()), static: i, fill: render.Filler{Cache: r.fills}}
		copy(w.canvas.Pix, r.static[i].Pix)
		copy(w.out.Pix, r.staticOut[i].Pix)
	}
	w.dirty.Reset(w.canvas.Rect)
	return w
}

// putWork puts the static layer back where w's image was drawn and keeps
// w for the next image.
func (r *Renderer) putWork(w *work) {
	static, staticOut := r.static[w.static], r.staticOut[w.static]
	for _, d := range append(w.dirty.Rects(), w.pasted...) {
		render.CopyRect(w.canvas, static, d)
		n := d.Dx()
		for y := d.Min.Y; y < d.Max.Y; y++ {
			i := w.out.PixOffset(d.Min.X, y)
			copy(w.out.Pix[i:i+n], staticOut.Pix[i:i+n])
		}
	}
	w.dirty.Reset(image.Rectangle{})
	w.pasted = w.pasted[:0]
	select {
	case r.works[w.static] <- w:
	default: // never: no more than cap(r.drawing) of a size are made
	}
	<-r.drawing
}

// dropWork lets go of w without keeping it: a drawing that panicked
// half-way may not have recorded all it drew.
func (r *Renderer) dropWork(*work) { <-r.drawing }

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
	i := r.staticIndex(l.Players)
	copy(out.Pix, r.static[i].Pix)
	var f render.Filler
	p := painter{r: r, dst: out, f: &f, dirty: &render.Dirty{}, static: i}
	p.dynamic(&l)
	return out
}

// Image returns the image of position p exactly as WritePNG encodes it.
func (r *Renderer) Image(p *shangrila.Position, opts Options) *image.Paletted {
	l := NewLayout(p, opts)
	w := r.paint(&l)
	defer r.putWork(w)
	out := image.NewPaletted(w.out.Rect, w.out.Palette)
	copy(out.Pix, w.out.Pix)
	return out
}

// WritePNG draws position p and writes it to w as a PNG. At most one
// image a processor is drawn at once (the others wait), w written while
// drawing: it should be a buffer, not a connection.
func (r *Renderer) WritePNG(w io.Writer, p *shangrila.Position, opts Options) error {
	l := NewLayout(p, opts)
	wk, plan := r.paintPlanned(&l)
	defer r.putWork(wk)
	return r.png.EncodePlanned(w, wk.out, plan)
}

// paint draws layout l into a work's paletted image, which the caller
// returns to the pool. Only what is drawn is converted to the palette: the
// rest is the static layer, already converted.
func (r *Renderer) paint(l *Layout) *work {
	return r.paintWith(l, func(w *work) {
		w.pieces = r.pieces(l, w.pieces[:0])
		r.paintOn(w, l, w.pieces, nil, 0)
	})
}

// paintWith gets buffers for layout l and paints on them with fn. If fn
// panics, the buffers are dropped (see dropWork) rather than kept holding
// a drawing's turn for ever.
func (r *Renderer) paintWith(l *Layout, fn func(w *work)) *work {
	w := r.getWork(r.staticIndex(l.Players))
	done := false
	defer func() {
		if !done {
			r.dropWork(w)
		}
	}()
	fn(w)
	done = true
	return w
}

// paintPlanned draws layout l as paint does, but only the map's bands of
// rows the encoder does not have by name (see pieces.go), and returns the
// plan to encode the image with.
func (r *Renderer) paintPlanned(l *Layout) (*work, *render.BandPlan) {
	var plan *render.BandPlan
	w := r.paintWith(l, func(w *work) {
		w.pieces = r.pieces(l, w.pieces[:0])
		rows := r.png.BandHeight()
		if rows > 0 {
			plan = r.png.Plan(nil, r.bandNames(l, w.pieces, rows))
		}
		r.paintOn(w, l, w.pieces, plan, rows)
	})
	return w, plan
}

// paintOn draws layout l into w: the map's pieces pcs, those plan needs
// of bands of rows rows (all when plan is nil), and the panel.
func (r *Renderer) paintOn(w *work, l *Layout, pcs []piece, plan *render.BandPlan, rows int) *work {
	p := painter{r: r, dst: w.canvas, f: &w.fill, dirty: &w.dirty, static: w.static, patches: true, out: w.out}
	// Words whose bands the encoder has are neither pasted nor drawn.
	needed := func(box image.Rectangle) bool { return plan == nil || !foundAll(plan, box, rows) }
	p.headingsPasted, p.legendPasted = r.pasteWords(w, l, needed)
	// The words pasted came with their palette indices.
	for _, d := range w.pasted {
		w.dirty.AddConverted(d)
	}
	p.drawPieces(l, pcs, plan, rows)
	for _, d := range w.dirty.Unconverted() {
		convertNeeded(r.quant, w, d, plan, rows)
	}
	return w
}

// convertNeeded converts what was drawn in d to the palette, but not in
// the bands of rows plan found: the encoder writes those from its cache
// and never reads their pixels.
func convertNeeded(q *render.Quantizer, w *work, d image.Rectangle, plan *render.BandPlan, rows int) {
	if plan == nil {
		q.Convert(w.out, w.canvas, d)
		return
	}
	for y := d.Min.Y; y < d.Max.Y; {
		band := y / rows
		end := min(d.Max.Y, (band+1)*rows)
		if !plan.Found(band) {
			q.Convert(w.out, w.canvas, image.Rect(d.Min.X, y, d.Max.X, end))
		}
		y = end
	}
}
