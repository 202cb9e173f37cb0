package menara

import "image"

// Convert reduces a whole full-colour image to the renderer's palette, as
// the renderer reduces what it draws: for the tests to compare Image with
// Draw.
func (r *Renderer) Convert(img *image.RGBA) *image.Paletted {
	out := image.NewPaletted(img.Rect, r.quant.Palette())
	r.quant.Convert(out, img, img.Rect)
	return out
}

// PlansPasted returns how many plans the renderer has written from its
// cache of plans.
func (r *Renderer) PlansPasted() int64 { return r.plans.pasted.Load() }

// ImageOfLayout draws layout l as Image draws a view's.
func (r *Renderer) ImageOfLayout(l Layout) *image.Paletted {
	img, w := r.image(&l)
	defer r.putWork(w)
	out := image.NewPaletted(img.Rect, img.Palette)
	copy(out.Pix, img.Pix)
	return out
}

// BandCuts returns the rows where the bands of the PNG of l begin.
func (r *Renderer) BandCuts(l *Layout) []int { return bandCuts(l, r.png.BandHeight()) }
