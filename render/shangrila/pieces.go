package shangrila

import (
	"hash/maphash"
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// A board's changing parts are few pieces (on the map bridges, stones,
// tiles, the last move's marks, the villages' badges; on the panel the
// status, the last move, the headings, each player's row, the legend),
// each drawn from a few values of the layout at a place it fixes. A band
// of rows is what the static layer and the pieces that reach it, in their
// order, make of it: the renderer names the band by those values
// (render.BandName) and, when the encoder has a band of that name already,
// draws none of the pieces that reach only such bands. A move changes a
// few of a board's sixty bands; the others are neither drawn, converted
// nor read again. TestBandNames checks the images against the whole
// drawing and TestPieceBounds each piece's drawing against its bounds.

// pieceKind says which part of the layout a piece is.
type pieceKind uint8

const (
	pieceBridge pieceKind = iota
	pieceStone
	pieceTile
	pieceHighlight
	pieceBadges
	// The panel's parts.
	pieceStatusMark
	pieceLastMoveBand
	pieceText // the status, bridges, to go and last move lines, by index
	pieceHeadings
	pieceRow
	pieceLegend
)

// piece is one changing part of the image: the layout's item of kind at
// index (of Bridges, Villages, Tiles, Highlights, the panel's lines or
// Rows) and the bounds of what drawing it may change.
type piece struct {
	kind   pieceKind
	index  int
	bounds image.Rectangle
}

// pieceMargin widens the bounds of a piece drawn as shapes or text, whose
// edges the rasterizer may blend a pixel beyond.
const pieceMargin = 2

// pieceList is the pieces of an image, in drawing order.
type pieceList []piece

// add appends a piece, unless its bounds are empty: it draws nothing.
func (pl *pieceList) add(k pieceKind, i int, b image.Rectangle) {
	if !b.Empty() {
		*pl = append(*pl, piece{kind: k, index: i, bounds: b})
	}
}

// pieces returns the pieces of l in their drawing order (that of
// painter.dynamic), appended to buf.
func (r *Renderer) pieces(l *Layout, buf []piece) []piece {
	sp := r.sprites
	pl := pieceList(buf)
	for i, b := range l.Bridges {
		if s := r.bridge(l, b); s != nil {
			pl.add(pieceBridge, i, s.Bounds(image.Point{}))
		}
	}
	for i := range l.Villages {
		if v := &l.Villages[i]; !v.Stone.Empty() {
			pl.add(pieceStone, i, sp.stone.Bounds(v.Stone.Min))
		}
	}
	for i, t := range l.Tiles {
		if t.Colour.Valid() && t.Site.Discipline.Valid() {
			pl.add(pieceTile, i, sp.tiles[t.Colour][t.Site.Discipline].Bounds(t.Rect.Min))
		}
	}
	for i, h := range l.Highlights {
		pl.add(pieceHighlight, i, r.highlightBounds(h))
	}
	for i := range l.Villages {
		pl.add(pieceBadges, i, r.badgeBounds(&l.Villages[i]))
	}
	r.panelPieces(&l.Panel, &pl)
	return pl
}

// panelPieces adds the panel's pieces of pn to pl, in the order
// painter.panel draws them.
func (r *Renderer) panelPieces(pn *Panel, pl *pieceList) {
	sp := r.sprites
	if pn.StatusColour.Valid() {
		pl.add(pieceStatusMark, 0, sp.swatches[pn.StatusColour].Bounds(pn.StatusMark.Min))
	} else {
		pl.add(pieceStatusMark, 0, pn.StatusMark)
	}
	pl.add(pieceLastMoveBand, 0, pn.LastMoveBand.Inset(-pieceMargin))
	for i, t := range panelLines(pn) {
		pl.add(pieceText, i, textBounds(t))
	}
	var headings image.Rectangle
	for _, t := range pn.Headings {
		headings = headings.Union(textBounds(t))
	}
	pl.add(pieceHeadings, 0, headings)
	for i := range pn.Rows {
		pl.add(pieceRow, i, r.rowBounds(&pn.Rows[i]))
	}
	var legend image.Rectangle
	for _, it := range pn.Legend {
		legend = legend.Union(textBounds(it.Sample)).Union(textBounds(it.Text))
	}
	pl.add(pieceLegend, 0, legend)
}

// rowBounds returns the bounds of a player's row's drawing.
func (r *Renderer) rowBounds(row *PanelRow) image.Rectangle {
	sp := r.sprites
	b := sp.rowFrame.Bounds(row.Rect.Min).Union(row.Marker.Inset(-pieceMargin))
	if row.Colour.Valid() {
		b = b.Union(sp.swatches[row.Colour].Bounds(row.Swatch.Min))
	}
	for _, t := range rowTexts(row) {
		b = b.Union(textBounds(t))
	}
	return b
}

// textBounds returns the bounds of text t's drawing: its box and as far as
// letters reach out of it; empty for no text.
func textBounds(t render.Text) image.Rectangle {
	if t.S == "" {
		return image.Rectangle{}
	}
	return t.Rect.Inset(-wordsMargin)
}

// highlightBounds returns the bounds of highlight h's drawing.
func (r *Renderer) highlightBounds(h Highlight) image.Rectangle {
	var b image.Rectangle
	switch h.Kind {
	case Outline:
		b = ringBounds(h.Rect.Inset(ringGrow), h.Colour)
	case StoneRing:
		b = ringBounds(h.Rect.Inset(5), shangrila.Red)
	case Arrow:
		edge, _ := arrowShapes(render.PtOf(h.From), render.PtOf(h.Via), render.PtOf(h.To))
		b = edge.Bounds().Inset(-pieceMargin)
	case DrivenOut, SentHome:
		if h.Colour.Valid() {
			b = r.sprites.ghosts[h.Colour][boolIndex(h.Student)].Bounds(h.Rect.Min)
		}
	}
	return b
}

// ringBounds returns the bounds of painter.ring's drawing.
func ringBounds(r image.Rectangle, c shangrila.Colour) image.Rectangle {
	return render.Shape{silhouette(c, r, ringGrow)}.Bounds().Inset(-pieceMargin)
}

// badgeBounds returns the bounds of a village's badges' drawing.
func (r *Renderer) badgeBounds(v *VillageLayout) image.Rectangle {
	var b image.Rectangle
	if !v.Strength.Rect.Empty() {
		b = r.sprites.badge.Bounds(v.Strength.Rect.Min).Union(v.Strength.Text.Rect.Inset(-pieceMargin))
	}
	if v.OutOfPlay.S != "" {
		b = b.Union(v.OutOfPlay.Rect.Inset(-pieceMargin))
	}
	return b
}

// drawPiece draws piece pc of l.
func (p *painter) drawPiece(l *Layout, pc piece) {
	switch pc.kind {
	case pieceBridge:
		p.sprite(p.r.bridge(l, l.Bridges[pc.index]), image.Point{})
	case pieceStone:
		p.sprite(p.r.sprites.stone, l.Villages[pc.index].Stone.Min)
	case pieceTile:
		t := l.Tiles[pc.index]
		p.sprite(p.r.sprites.tiles[t.Colour][t.Site.Discipline], t.Rect.Min)
	case pieceHighlight:
		p.highlight(l.Highlights[pc.index])
	case pieceBadges:
		p.badges(&l.Villages[pc.index])
	default:
		p.panelPiece(&l.Panel, pc)
	}
}

// panelPiece draws piece pc of panel pn.
func (p *painter) panelPiece(pn *Panel, pc piece) {
	switch pc.kind {
	case pieceStatusMark:
		p.statusMark(pn)
	case pieceLastMoveBand:
		p.lastMove(pn)
	case pieceText:
		p.text(panelLines(pn)[pc.index])
	case pieceHeadings:
		if !p.headingsPasted {
			for _, t := range pn.Headings {
				p.text(t)
			}
		}
	case pieceRow:
		p.row(pn.Rows[pc.index])
	case pieceLegend:
		if !p.legendPasted {
			for _, it := range pn.Legend {
				p.text(it.Sample)
				p.text(it.Text)
			}
		}
	}
}

// bandNames names the bands of rows of an image of l, of rows rows each,
// by the pieces that reach them (see pieces).
func (r *Renderer) bandNames(l *Layout, pcs []piece, rows int) []render.BandName {
	n := (l.Size.Y + rows - 1) / rows
	hs := make([][2]maphash.Hash, n)
	for i := range hs {
		for k := range hs[i] {
			hs[i][k].SetSeed(r.seeds[k])
			maphash.WriteComparable(&hs[i][k], [5]int{l.Size.X, l.Size.Y, r.staticIndex(l.Players), rows, i})
		}
	}
	for _, pc := range pcs {
		for i := max(pc.bounds.Min.Y/rows, 0); i < n && i*rows < pc.bounds.Max.Y; i++ {
			for k := range hs[i] {
				writePiece(&hs[i][k], l, pc)
			}
		}
	}
	names := make([]render.BandName, n)
	for i := range hs {
		names[i] = render.BandName{A: hs[i][0].Sum64(), B: hs[i][1].Sum64()}
	}
	return names
}

// writePiece writes to h the values piece pc of l is drawn from.
func writePiece(h *maphash.Hash, l *Layout, pc piece) {
	maphash.WriteComparable(h, pc.kind)
	switch pc.kind {
	case pieceBridge:
		maphash.WriteComparable(h, l.Bridges[pc.index])
	case pieceStone:
		maphash.WriteComparable(h, l.Villages[pc.index].Stone)
	case pieceTile:
		maphash.WriteComparable(h, l.Tiles[pc.index])
	case pieceHighlight:
		maphash.WriteComparable(h, l.Highlights[pc.index])
	case pieceBadges:
		v := &l.Villages[pc.index]
		maphash.WriteComparable(h, v.Strength)
		maphash.WriteComparable(h, v.OutOfPlay)
	default:
		writePanelPiece(h, &l.Panel, pc)
	}
}

// writePanelPiece writes to h the values piece pc of panel pn is drawn
// from.
func writePanelPiece(h *maphash.Hash, pn *Panel, pc piece) {
	switch pc.kind {
	case pieceStatusMark:
		maphash.WriteComparable(h, pn.StatusColour)
		maphash.WriteComparable(h, pn.StatusMark)
	case pieceLastMoveBand:
		maphash.WriteComparable(h, pn.LastMoveBand)
	case pieceText:
		maphash.WriteComparable(h, pc.index)
		maphash.WriteComparable(h, panelLines(pn)[pc.index])
	case pieceHeadings:
		for _, t := range pn.Headings {
			maphash.WriteComparable(h, t)
		}
	case pieceRow:
		maphash.WriteComparable(h, pn.Rows[pc.index])
	case pieceLegend:
		for _, it := range pn.Legend {
			maphash.WriteComparable(h, it)
		}
	}
}
