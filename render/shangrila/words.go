package shangrila

import (
	"fmt"
	"image"
	"strings"
	"sync"

	"github.com/tablebot/tablebot/render"
)

// The panel's column headings and its legend are words no move changes,
// but in the players' language, which the static layer (drawn once, with
// no words) cannot hold. The renderer keeps, for the few sets of such
// words it meets (a language and a number of players each), their
// picture over the static layer, in RGBA and in palette indices, and
// pastes it into an image instead of drawing and converting the words
// again. A picture is pasted before anything is drawn, so it is used only
// where nothing the painter draws before those words in the panel reaches
// it (the words drawn after it are then drawn over it, as they were);
// otherwise the words are drawn. TestDirtyRects checks the pixels against
// the whole drawing.

// maxWords is how many sets of words the renderer keeps pictures of: the
// three languages with three and with four players, and some to spare.
const maxWords = 8

// wordsPicture is the picture of one set of words over one static layer:
// the headings' and the legend's, each its box's pixels.
type wordsPicture struct {
	key      string
	headings wordsPart
	legend   wordsPart
}

// wordsPart is the box of some words drawn over the static layer, its
// pixels in RGBA and as palette indices.
type wordsPart struct {
	rgba *image.RGBA
	pal  *image.Paletted
}

// wordsCache holds the pictures of the most recently used sets of words,
// at most maxWords, the most recent first. It is safe for concurrent use;
// a picture, once kept, is read-only.
type wordsCache struct {
	mu   sync.Mutex
	kept []*wordsPicture
}

// get returns the picture of key, drawing and keeping it with make if
// it is not kept.
func (c *wordsCache) get(key string, make func() *wordsPicture) *wordsPicture {
	c.mu.Lock()
	for i, p := range c.kept {
		if p.key == key {
			copy(c.kept[1:i+1], c.kept[:i])
			c.kept[0] = p
			c.mu.Unlock()
			return p
		}
	}
	c.mu.Unlock()
	p := make()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.kept = append([]*wordsPicture{p}, c.kept[:min(len(c.kept), maxWords-1)]...)
	return p
}

// wordsKey returns what the words' picture over static layer i depends on:
// every field of every heading and legend text.
func wordsKey(i int, pn *Panel) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d", i)
	for _, t := range pn.Headings {
		fmt.Fprintf(&b, "|%q %v %d %d %v %v %d %d", t.S, t.Rect, t.Size, t.MinSize, t.Bold, t.Colour, t.Align, t.Lines)
	}
	for _, it := range pn.Legend {
		for _, t := range []render.Text{it.Sample, it.Text} {
			fmt.Fprintf(&b, "|%q %v %d %d %v %v %d %d", t.S, t.Rect, t.Size, t.MinSize, t.Bold, t.Colour, t.Align, t.Lines)
		}
	}
	return b.String()
}

// drawWords draws the picture of panel pn's headings and legend over the
// static layer i.
func (r *Renderer) drawWords(key string, i int, pn *Panel) *wordsPicture {
	st := r.static[i]
	part := func(texts []render.Text) wordsPart {
		// The words are drawn on their boxes with a wide margin; a
		// letter reaching the margin's edge (cut off there) would give
		// another picture than the image's, and none is kept.
		var box image.Rectangle
		for _, t := range texts {
			box = box.Union(t.Rect)
		}
		box = box.Inset(-4 * wordsMargin).Intersect(st.Rect)
		over := image.NewRGBA(box)
		render.CopyRect(over, st, box)
		var drawn image.Rectangle
		for _, t := range texts {
			drawn = drawn.Union(r.fonts.Draw(over, t))
		}
		if drawn.Empty() || !drawn.Inset(-1).Intersect(st.Rect).In(box) {
			return wordsPart{}
		}
		rgba := image.NewRGBA(drawn)
		render.CopyRect(rgba, over, drawn)
		pal := image.NewPaletted(drawn, r.quant.Palette())
		r.quant.Convert(pal, rgba, drawn)
		return wordsPart{rgba: rgba, pal: pal}
	}
	var legend []render.Text
	for _, it := range pn.Legend {
		legend = append(legend, it.Sample, it.Text)
	}
	return &wordsPicture{key: key, headings: part(pn.Headings), legend: part(legend)}
}

// wordsMargin is how far a text's letters may reach out of its box.
const wordsMargin = 16

// pasteWords pastes the picture of layout l's headings and legend into w's
// images where it may be (see above) and where needed says the image's
// rows are wanted (not every band of a board is written from its pixels),
// recording where in w.pasted, and reports which of the two it pasted.
func (r *Renderer) pasteWords(w *work, l *Layout, needed func(image.Rectangle) bool) (headings, legend bool) {
	pn := &l.Panel
	if len(pn.Headings) == 0 && len(pn.Legend) == 0 {
		return false, false
	}
	key := wordsKey(w.static, pn)
	pic := r.words.get(key, func() *wordsPicture { return r.drawWords(key, w.static, pn) })
	// What the painter draws in the panel before the headings, and before
	// the legend.
	before := []image.Rectangle{image.Rect(0, 0, Width, mapHeight+wordsMargin), pn.StatusMark, pn.LastMoveBand}
	for _, t := range []render.Text{pn.Status, pn.Bridges, pn.ToGo, pn.LastMove} {
		before = append(before, t.Rect.Inset(-wordsMargin))
	}
	if headings = w.paste(pic.headings, before, needed); headings {
		before = append(before, pic.headings.rgba.Rect)
	}
	for _, row := range pn.Rows {
		before = append(before, row.Rect.Inset(-wordsMargin))
	}
	if !headings {
		for _, t := range pn.Headings {
			before = append(before, t.Rect.Inset(-wordsMargin))
		}
	}
	return headings, w.paste(pic.legend, before, needed)
}

// paste copies part into w's images unless it meets one of the rectangles
// drawn before it or its rows are not needed, and reports whether it did.
func (w *work) paste(part wordsPart, before []image.Rectangle, needed func(image.Rectangle) bool) bool {
	if part.rgba == nil || !needed(part.rgba.Rect) {
		return false
	}
	box := part.rgba.Rect
	for _, b := range before {
		if b.Overlaps(box) {
			return false
		}
	}
	render.CopyRect(w.canvas, part.rgba, box)
	for y := box.Min.Y; y < box.Max.Y; y++ {
		copy(w.out.Pix[w.out.PixOffset(box.Min.X, y):][:box.Dx()], part.pal.Pix[part.pal.PixOffset(box.Min.X, y):][:box.Dx()])
	}
	w.pasted = append(w.pasted, box)
	return true
}
