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

// PlansTop returns the row where the bands of the plans begin.
func PlansTop(l *Layout) int {
	top, _ := plansTop(l)
	return top
}

// PlansSkipped returns how many plans the renderer did not draw, all
// their bands found by name.
func (r *Renderer) PlansSkipped() int64 { return r.plans.skipped.Load() }

// DrawnApart draws plan i of l (the panel for -1) alone and returns the
// tiles it drew on and the bounds it is named by (for the panel, the
// plans' top and above).
func (r *Renderer) DrawnApart(l *Layout, i int) (drawn []image.Rectangle, bounds image.Rectangle) {
	canvas := image.NewRGBA(image.Rectangle{Max: l.Size})
	f := &raster{}
	f.dirty.Reset(canvas.Rect)
	p := painter{fonts: r.fonts, dst: canvas, f: f}
	if i < 0 {
		p.panel(&l.Panel)
		top, _ := plansTop(l)
		bounds = image.Rect(0, 0, l.Size.X, top)
	} else {
		p.plan(&l.Plans[i])
		bounds = f.dirty.TileRect(planBounds(&l.Plans[i]))
	}
	return f.dirty.Rects(), bounds
}

// ShapesCached returns how many shapes' coverage the renderer has taken
// from its cache.
func (r *Renderer) ShapesCached() int64 { return r.shapes.hits.Load() }
