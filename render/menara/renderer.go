package menara

import (
	"hash/maphash"
	"image"
	"io"
	"sync"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// Renderer draws Menara's images. New builds once what every image shares
// (the fonts and their glyph cache, the palette); after that a Renderer is
// read-only, apart from its internally synchronised caches and pools, and
// safe for concurrent use by many goroutines.
type Renderer struct {
	fonts *render.Fonts
	quant *render.Quantizer
	// work recycles the per-image buffers (images differ in height: a
	// buffer is reused when it is large enough), png the PNG encoder's.
	work sync.Pool
	png  render.Encoder
	// paperRow and paperIndices are a row of blank paper, the background
	// of every image, as RGBA and as palette indices.
	paperRow, paperIndices []uint8
	// bands are the header's backgrounds (plain and a preview's) as a
	// pixel in RGBA and its palette index: the header's band is filled
	// with them directly, rows at a time, not converted pixel by pixel.
	bands map[render.Hex]*bandColour
	// plans keeps the palette indices of plans drawn (see planCache).
	plans planCache
	// shapes keeps the coverage of shapes drawn (see coverage.go).
	shapes coverageCache
	// seeds seed the two hashes of a band's name (see bands.go).
	seeds [2]maphash.Seed
}

// bandColour is a solid colour as a row of the image's width, in RGBA
// and in palette indices.
type bandColour struct {
	rgba, indices []uint8
}

// pngLevel is the deflate level of the bands of Menara's images that are
// compressed (those not in the cache): 3, with which the temple of the
// benchmark is smaller than with image/png's fastest level, which came
// before (docs/notes/render.md), and some 12 % fewer instructions go to a
// board of a game than at level 4 without the cache.
const pngLevel = 3

// bandRows is the height of the bands of rows the PNG encoder compresses
// apart: 56 rows, with which a board of a game takes some 4 % fewer
// instructions than with 64 (more of its bands are met before) and is a
// little smaller on average (docs/notes/render.md).
const bandRows = 56

// renderCache is how many bytes of compressed bands of rows the PNG
// encoder keeps, so that a board's rows the boards before it had already
// are not compressed again.
const renderCache = 32 << 20

// work is what one drawing needs for itself. In the pool, its buffers
// hold blank paper, in RGBA and as palette indices, as far as they reach,
// but for the rows of rest, which hold a header's background: an image
// draws over them, its raster recording where, and only there is it
// converted to the palette and, once encoded, made as it was again. Most
// of an image is paper, and the next header's band is mostly the same.
type work struct {
	rgba []uint8
	pal  []uint8
	fill raster
	// band is the header's band of the image drawn, filled directly (see
	// Renderer.bands); rest is the band the buffers hold between images,
	// in colour restColour (nil for none).
	band       image.Rectangle
	rest       image.Rectangle
	restColour *bandColour
}

// New builds a Renderer. It takes a fraction of a second: call it once and
// share the result.
func New() (*Renderer, error) {
	fonts, err := render.NewFonts()
	if err != nil {
		return nil, err
	}
	r := &Renderer{fonts: fonts, png: render.Encoder{Level: pngLevel, Cache: renderCache, BandRows: bandRows},
		seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}}
	r.shapes.Limit = coverageLimit
	paper := image.NewRGBA(image.Rect(0, 0, Width, 1))
	render.FillRect(paper, paper.Rect, colPaper)
	var samples []*image.RGBA
	for _, v := range sampleViews() {
		l := NewLayout(&v, Options{Labels: sampleLabels()})
		samples = append(samples, r.Draw(l))
	}
	if r.quant, err = render.NewQuantizer(samples...); err != nil {
		return nil, err
	}
	out := image.NewPaletted(paper.Rect, r.quant.Palette())
	r.quant.Convert(out, paper, paper.Rect)
	r.paperRow = paper.Pix
	r.paperIndices = out.Pix
	r.bands = map[render.Hex]*bandColour{}
	for _, c := range []render.Hex{colHeader, colProposalDk} {
		row := image.NewRGBA(image.Rect(0, 0, Width, 1))
		render.FillRect(row, row.Rect, c)
		pi := image.NewPaletted(row.Rect, r.quant.Palette())
		r.quant.Convert(pi, row, row.Rect)
		r.bands[c] = &bandColour{rgba: row.Pix, indices: pi.Pix}
	}
	return r, nil
}

// Draw paints layout l onto a new RGBA image, in full colour (not reduced
// to the palette).
func (r *Renderer) Draw(l Layout) *image.RGBA {
	out := image.NewRGBA(image.Rectangle{Max: l.Size})
	var f raster
	r.paint(out, &f, &l)
	return out
}

// paint paints layout l onto dst, which has its size.
func (r *Renderer) paint(dst *image.RGBA, f *raster, l *Layout) {
	render.FillRect(dst, dst.Rect, colPaper)
	r.paintOver(dst, f, l, nil)
}

// paintOver paints layout l onto dst, which has its size and is blank
// paper; plans, when not nil, takes plans from the renderer's cache.
func (r *Renderer) paintOver(dst *image.RGBA, f *raster, l *Layout, plans *planPlacer) {
	r.paintSkipping(dst, f, l, plans, nil)
}

// paintSkipping paints as paintOver does, but not the plans that skip
// says need no drawing (see bands.go). It reports false, having stopped,
// when the header or the temple drew where the plans are: the image must
// then be drawn whole.
func (r *Renderer) paintSkipping(dst *image.RGBA, f *raster, l *Layout, plans *planPlacer, skip *plansSkipped) bool {
	p := painter{fonts: r.fonts, dst: dst, f: f, plans: plans}
	p.header(&l.Header)
	p.temple(&l.Temple)
	if skip != nil && !f.dirty.Clean(image.Rect(0, skip.top, l.Size.X, l.Size.Y)) {
		return false
	}
	for i := range l.Plans {
		if skip != nil && skip.skips(&l.Plans[i]) {
			r.plans.skipped.Add(1)
			continue
		}
		p.planPlaced(&l.Plans[i])
	}
	p.panel(&l.Panel)
	return true
}

// image draws layout l into a paletted image whose pixels belong to a
// work, which the caller returns to the pool with putWork.
func (r *Renderer) image(l *Layout) (*image.Paletted, *work) {
	img, w, _ := r.imageSkipping(l, nil)
	return img, w
}

// imageSkipping draws layout l as image does, but not the plans skip says
// need no drawing; it reports false when it had to draw every plan after
// all (see paintSkipping).
func (r *Renderer) imageSkipping(l *Layout, skip *plansSkipped) (*image.Paletted, *work, bool) {
	w, _ := r.work.Get().(*work)
	if w == nil {
		w = &work{fill: raster{cache: &r.shapes}}
	}
	rect := image.Rectangle{Max: l.Size}
	n := rect.Dx() * rect.Dy()
	if cap(w.pal) < n {
		// A quarter more than this image: the next may be a little taller
		// (a board's height follows its temple's), and a buffer made is
		// made blank whole.
		size := (n + n/4 + Width - 1) / Width * Width
		w.rgba = make([]uint8, 4*size)
		w.pal = make([]uint8, size)
		for i := 0; i < size; i += Width {
			copy(w.rgba[4*i:], r.paperRow)
			copy(w.pal[i:], r.paperIndices)
		}
		w.rest, w.restColour = image.Rectangle{}, nil
	}
	canvas := &image.RGBA{Pix: w.rgba[:4*n], Stride: 4 * rect.Dx(), Rect: rect}
	out := &image.Paletted{Pix: w.pal[:n], Stride: rect.Dx(), Rect: rect, Palette: r.quant.Palette()}
	w.fill.dirty.Reset(rect)
	w.band = r.fillBand(w, l)
	plans := &planPlacer{cache: &r.plans, out: out, band: w.band, r: r}
	skipped := r.paintSkipping(canvas, &w.fill, l, plans, skip)
	if !skipped || !plans.intact(&w.fill) {
		// Something was drawn over a plan written from the cache, which
		// the canvas does not hold, or where the plans are: draw the
		// board again without the cache, every plan.
		r.blank(w)
		w.fill.dirty.Reset(rect)
		w.band = r.fillBand(w, l)
		r.paintOver(canvas, &w.fill, l, nil)
		skipped = skip == nil
	}
	for _, d := range w.fill.dirty.Unconverted() {
		r.quant.Convert(out, canvas, d)
	}
	return out, w, skipped
}

// putWork makes blank again what w's image drew and returns w to the
// pool.
func (r *Renderer) putWork(w *work) {
	r.blank(w)
	r.work.Put(w)
}

// blank makes what w's image drew as it was: the palette indices of every
// tile recorded, the canvas of those drawn on it (not of the pieces
// written from the cache, in palette indices only); blank paper, or the
// header's background in the rows of w.rest.
func (r *Renderer) blank(w *work) {
	b := w.fill.dirty.Bounds()
	rows := func(y int) (rgba, indices []uint8) {
		if w.restColour != nil && y >= w.rest.Min.Y && y < w.rest.Max.Y {
			return w.restColour.rgba, w.restColour.indices
		}
		return r.paperRow, r.paperIndices
	}
	for _, d := range w.fill.dirty.Rects() {
		for y := d.Min.Y; y < d.Max.Y; y++ {
			i := y*b.Dx() + d.Min.X
			_, indices := rows(y)
			copy(w.pal[i:i+d.Dx()], indices)
		}
	}
	for _, drawn := range [][]image.Rectangle{w.fill.dirty.Unconverted(), w.fill.kept} {
		for _, d := range drawn {
			for y := d.Min.Y; y < d.Max.Y; y++ {
				i := y*b.Dx() + d.Min.X
				rgba, _ := rows(y)
				copy(w.rgba[4*i:4*(i+d.Dx())], rgba)
			}
		}
	}
	w.fill.kept = w.fill.kept[:0]
	w.band = image.Rectangle{}
	w.fill.dirty.Reset(image.Rectangle{})
}

// fillBand makes w's buffers hold the header's band of layout l filled
// with its background, in RGBA and palette indices, rows at a time, and
// returns it (an empty rectangle when the band's colour has no
// precomputed index): nothing to do when the buffers hold that band
// already (w.rest), from the image before. The painter then paints over
// it without painting the background again.
func (r *Renderer) fillBand(w *work, l *Layout) image.Rectangle {
	bc, ok := r.bands[headerColour(&l.Header)]
	band := l.Header.Rect.Intersect(image.Rectangle{Max: l.Size})
	if !ok || band.Empty() || band.Min.X != 0 || band.Max.X != l.Size.X || l.Size.X != Width {
		band, bc = image.Rectangle{}, nil
	}
	if band != w.rest || bc != w.restColour {
		for y := w.rest.Min.Y; y < w.rest.Max.Y; y++ {
			copy(w.rgba[4*y*Width:4*(y+1)*Width], r.paperRow)
			copy(w.pal[y*Width:(y+1)*Width], r.paperIndices)
		}
		for y := band.Min.Y; y < band.Max.Y; y++ {
			copy(w.rgba[4*y*Width:4*(y+1)*Width], bc.rgba)
			copy(w.pal[y*Width:(y+1)*Width], bc.indices)
		}
		w.rest, w.restColour = band, bc
	}
	if bc != nil {
		l.Header.filled = true
	}
	return band
}

// Image returns the image of view v exactly as WritePNG encodes it.
func (r *Renderer) Image(v *View, opts Options) *image.Paletted {
	l := NewLayout(v, opts)
	img, w := r.image(&l)
	defer r.putWork(w)
	out := image.NewPaletted(img.Rect, img.Palette)
	copy(out.Pix, img.Pix)
	return out
}

// WritePNG draws view v and writes it to w as a PNG.
func (r *Renderer) WritePNG(w io.Writer, v *View, opts Options) error {
	l := NewLayout(v, opts)
	cuts := bandCuts(&l, r.png.BandHeight())
	plan := r.png.Plan(cuts, r.bandNames(&l, cuts))
	img, wk, ok := r.imageSkipping(&l, r.skipping(&l, plan, cuts))
	defer r.putWork(wk)
	if !ok {
		// The plans' bands hold more than the plans: known by their pixels.
		plan = r.png.Plan(cuts, nil)
	}
	return r.png.EncodePlanned(w, img, plan)
}

// WritePosition draws position p, the step whose effects are last
// highlighted (nil for none), and writes it to w as a PNG: the image the
// bot posts after every step.
func (r *Renderer) WritePosition(w io.Writer, p *menara.Position, last *menara.Effects, opts Options) error {
	v := ViewOf(p, last)
	return r.WritePNG(w, &v, opts)
}

// WritePreview draws position p with step s proposed (see PreviewOf) and
// writes it to w as a PNG: the private preview of a floor before it is
// placed. An illegal step draws nothing and returns Check's error.
func (r *Renderer) WritePreview(w io.Writer, p *menara.Position, s menara.Step, opts Options) error {
	v, err := PreviewOf(p, s)
	if err != nil {
		return err
	}
	return r.WritePNG(w, &v, opts)
}
