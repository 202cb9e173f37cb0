package timelapse

import (
	"bytes"
	"image"
)

// boardChanges returns where board b differs from prev, the last board's
// pixels (Stride b's width): for each band of rows rows high (the last
// may be lower) that changed, the smallest rectangle of the band that
// holds its changes. A move changes a village or two and the panel: a
// rectangle a band leaves the rows between them out.
func boardChanges(b *image.Paletted, prev []byte, rows int) []image.Rectangle {
	w, h := b.Rect.Dx(), b.Rect.Dy()
	var out []image.Rectangle
	for y := 0; y < h; y += rows {
		n := min(rows, h-y)
		r := rowsChange(b.Pix[y*b.Stride:], prev[y*w:], b.Stride, w, n)
		if !r.Empty() {
			out = append(out, r.Add(b.Rect.Min.Add(image.Pt(0, y))))
		}
	}
	return out
}

// canvasChange returns the smallest rectangle of r outside which cur and
// old, of the same stride, are equal; r starts at the origin.
func canvasChange(cur, old []byte, stride int, r image.Rectangle) image.Rectangle {
	return rowsChange(cur, old, stride, r.Dx(), r.Dy())
}

// rowsChange compares h rows of w bytes of cur (rows stride apart) with
// those of old (rows w apart) and returns the rectangle that holds the
// differences, from the origin; empty when there is none.
func rowsChange(cur, old []byte, stride, w, h int) image.Rectangle {
	r := image.Rectangle{Min: image.Pt(w, h)}
	for y := range h {
		a, b := cur[y*stride:y*stride+w], old[y*w:y*w+w]
		if bytes.Equal(a, b) {
			continue
		}
		lo := 0
		for a[lo] == b[lo] {
			lo++
		}
		hi := w
		for a[hi-1] == b[hi-1] {
			hi--
		}
		r.Min.X, r.Max.X = min(r.Min.X, lo), max(r.Max.X, hi)
		r.Min.Y, r.Max.Y = min(r.Min.Y, y), y+1
	}
	if r.Max.Y == 0 {
		return image.Rectangle{}
	}
	return r
}

// keep copies rectangle r of board b into prev (Stride b's width).
func keep(prev []byte, b *image.Paletted, r image.Rectangle) {
	w := b.Rect.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		i := (y-b.Rect.Min.Y)*w + r.Min.X - b.Rect.Min.X
		copy(prev[i:i+r.Dx()], b.Pix[b.PixOffset(r.Min.X, y):b.PixOffset(r.Max.X, y)])
	}
}
