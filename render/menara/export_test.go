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
