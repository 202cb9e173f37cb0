package shangrila

import (
	"hash/maphash"
	"image"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// The map's changing parts are few pieces (bridges, stones, tiles, the
// last move's marks, the villages' badges), each drawn from a few values
// of the layout at a place it fixes. A band of the map's rows is what the
// static layer and the pieces that reach it, in their order, make of it:
// the renderer names the band by those values (render.BandName) and, when
// the encoder has a band of that name already, draws none of the pieces
// that reach only such bands. A move changes a few of the map's forty
// bands; the others are neither drawn, converted nor read again.
// TestBandNames checks the images against the whole drawing and
// TestPieceBounds each piece's drawing against its bounds.

// pieceKind says which part of the layout a piece is.
type pieceKind uint8

const (
	pieceBridge pieceKind = iota
	pieceStone
	pieceTile
	pieceHighlight
	pieceBadges
)

// piece is one changing part of the map: the layout's item of kind at
// index (of Bridges, Villages, Tiles or Highlights) and the bounds of
// what drawing it may change, in whole tiles of render.Dirty.
type piece struct {
	kind   pieceKind
	index  int
	bounds image.Rectangle
}

// pieceMargin widens the bounds of a piece drawn as shapes or text, whose
// edges the rasterizer may blend a pixel beyond.
const pieceMargin = 2

// pieces returns the map's pieces of l in their drawing order (that of
// painter.dynamic), appended to buf.
func (r *Renderer) pieces(l *Layout, buf []piece) []piece {
	sp := r.sprites
	add := func(k pieceKind, i int, b image.Rectangle) {
		if !b.Empty() {
			buf = append(buf, piece{kind: k, index: i, bounds: b})
		}
	}
	for i, b := range l.Bridges {
		if s := r.bridge(l, b); s != nil {
			add(pieceBridge, i, s.Bounds(image.Point{}))
		}
	}
	for i := range l.Villages {
		if v := &l.Villages[i]; !v.Stone.Empty() {
			add(pieceStone, i, sp.stone.Bounds(v.Stone.Min))
		}
	}
	for i, t := range l.Tiles {
		if t.Colour.Valid() && t.Site.Discipline.Valid() {
			add(pieceTile, i, sp.tiles[t.Colour][t.Site.Discipline].Bounds(t.Rect.Min))
		}
	}
	for i, h := range l.Highlights {
		add(pieceHighlight, i, r.highlightBounds(h))
	}
	for i := range l.Villages {
		add(pieceBadges, i, r.badgeBounds(&l.Villages[i]))
	}
	return buf
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
	}
}

// bandNames names the bands of rows of an image of l, of rows rows each,
// by the pieces that reach them (see pieces): zero for the bands that
// reach the panel, which are known by their pixels.
func (r *Renderer) bandNames(l *Layout, pcs []piece, rows int) []render.BandName {
	n := (l.Size.Y + rows - 1) / rows
	mapBands := min(l.Panel.Rect.Min.Y/rows, n)
	hs := make([][2]maphash.Hash, mapBands)
	for i := range hs {
		for k := range hs[i] {
			hs[i][k].SetSeed(r.seeds[k])
			maphash.WriteComparable(&hs[i][k], [5]int{l.Size.X, l.Size.Y, r.staticIndex(l.Players), rows, i})
		}
	}
	for _, pc := range pcs {
		for i := max(pc.bounds.Min.Y/rows, 0); i < mapBands && i*rows < pc.bounds.Max.Y; i++ {
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
	}
}
