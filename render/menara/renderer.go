package menara

import (
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
}

// pngLevel is the deflate level of Menara's images: the lowest at which
// every image of the tests and the README is no larger than with
// image/png's fastest level, which came before (docs/notes/render.md).
const pngLevel = 4

// work is what one drawing needs for itself.
type work struct {
	rgba []uint8
	pal  []uint8
	fill raster
}

// New builds a Renderer. It takes a fraction of a second: call it once and
// share the result.
func New() (*Renderer, error) {
	fonts, err := render.NewFonts()
	if err != nil {
		return nil, err
	}
	r := &Renderer{fonts: fonts, png: render.Encoder{Level: pngLevel}}
	var samples []*image.RGBA
	for _, v := range sampleViews() {
		l := NewLayout(&v, Options{Labels: sampleLabels()})
		samples = append(samples, r.Draw(l))
	}
	if r.quant, err = render.NewQuantizer(samples...); err != nil {
		return nil, err
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
	p := painter{fonts: r.fonts, dst: dst, f: f}
	p.header(&l.Header)
	p.temple(&l.Temple)
	for i := range l.Plans {
		p.plan(&l.Plans[i])
	}
	p.panel(&l.Panel)
}

// image draws layout l into a paletted image whose pixels belong to a
// work, which the caller returns to the pool.
func (r *Renderer) image(l *Layout) (*image.Paletted, *work) {
	w, _ := r.work.Get().(*work)
	if w == nil {
		w = &work{}
	}
	rect := image.Rectangle{Max: l.Size}
	n := rect.Dx() * rect.Dy()
	if cap(w.rgba) < 4*n {
		w.rgba = make([]uint8, 4*n)
		w.pal = make([]uint8, n)
	}
	canvas := &image.RGBA{Pix: w.rgba[:4*n], Stride: 4 * rect.Dx(), Rect: rect}
	r.paint(canvas, &w.fill, l)
	out := &image.Paletted{Pix: w.pal[:n], Stride: rect.Dx(), Rect: rect, Palette: r.quant.Palette()}
	r.quant.Convert(out, canvas, rect)
	return out, w
}

// Image returns the image of view v exactly as WritePNG encodes it.
func (r *Renderer) Image(v *View, opts Options) *image.Paletted {
	l := NewLayout(v, opts)
	img, w := r.image(&l)
	defer r.work.Put(w)
	out := image.NewPaletted(img.Rect, img.Palette)
	copy(out.Pix, img.Pix)
	return out
}

// WritePNG draws view v and writes it to w as a PNG.
func (r *Renderer) WritePNG(w io.Writer, v *View, opts Options) error {
	l := NewLayout(v, opts)
	img, wk := r.image(&l)
	defer r.work.Put(wk)
	return r.png.Encode(w, img)
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
