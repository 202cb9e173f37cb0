package menara

import (
	"image"
	"math"
	"slices"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// The names on the temple view: a badge per floor, a tag per empty base
// and column that can be seen. They are placed after the temple, each
// beside what it names where it overlaps no other name, and only when
// what it names can be seen: the plans by level name everything else.

const (
	tagWidth         = 48
	badgeLetterWidth = 38 // the floor's letter, in a circle
	badgeMarginWidth = 116
	badgeIcon        = 16
	badgePill        = 30 // the height of the margin's pill
)

// occlusion answers whether a point of the temple view is hidden by what
// is painted after it.
type occlusion struct {
	// layers[l] holds the silhouettes of level l: its slabs' (tops and
	// faces together) and its columns' in painting order.
	slabs   [][]silhouette
	columns [][]silhouette
}

// silhouette is a polygon with its bounds, which most points asked about
// lie outside: a point outside them is outside the polygon, by inside's
// own arithmetic (a pixel of margin left and right for its rounding).
type silhouette struct {
	poly   render.Poly
	lo, hi render.Pt
}

// silhouetteOf returns polygon p with its bounds.
func silhouetteOf(p render.Poly) silhouette {
	s := silhouette{poly: p}
	if len(p) > 0 {
		s.lo, s.hi = p[0], p[0]
	}
	for _, q := range p {
		s.lo = render.Pt{X: min(s.lo.X, q.X), Y: min(s.lo.Y, q.Y)}
		s.hi = render.Pt{X: max(s.hi.X, q.X), Y: max(s.hi.Y, q.Y)}
	}
	return s
}

// holds reports whether pt lies inside the silhouette, as inside does.
func (s *silhouette) holds(pt render.Pt) bool {
	if pt.Y < s.lo.Y || pt.Y > s.hi.Y || pt.X < s.lo.X-1 || pt.X > s.hi.X+1 {
		return false
	}
	return inside(s.poly, pt)
}

// holdAny reports whether pt lies inside any of the silhouettes.
func holdAny(ss []silhouette, pt render.Pt) bool {
	for i := range ss {
		if ss[i].holds(pt) {
			return true
		}
	}
	return false
}

func newOcclusion(t *Temple) *occlusion {
	o := &occlusion{slabs: make([][]silhouette, len(t.Layers)), columns: make([][]silhouette, len(t.Layers))}
	for l, layer := range t.Layers {
		for _, s := range layer.Slabs {
			for _, polys := range [][]render.Poly{s.Top, s.Left, s.Right} {
				for _, p := range polys {
					o.slabs[l] = append(o.slabs[l], silhouetteOf(p))
				}
			}
		}
		for i := range layer.Columns {
			o.columns[l] = append(o.columns[l], silhouetteOf(layer.Columns[i].outlinePoly()))
		}
	}
	return o
}

// hidden reports whether point pt of level l is hidden: by a column of
// level l painted after the first `after` ones (after = -1 for a point on
// a slab's top, which every column of its level is painted over), or by
// anything of a higher level.
func (o *occlusion) hidden(l, after int, pt render.Pt) bool {
	for i := after + 1; i < len(o.columns[l]); i++ {
		if o.columns[l][i].holds(pt) {
			return true
		}
	}
	for h := l + 1; h < len(o.slabs); h++ {
		if holdAny(o.slabs[h], pt) || holdAny(o.columns[h], pt) {
			return true
		}
	}
	return false
}

// stabilityOf returns the badge of floor f under model m.
func stabilityOf(f *Floor, m Model) Stability {
	switch {
	case f.Level == 0:
		return NoMargin
	case !f.HasMargin || !f.Holds || f.Margin < m.Delta(f.Level):
		return Falls
	case f.Margin < m.Safe:
		return Shaky
	}
	return Safe
}

// placer places boxes so that none overlaps another: hard boxes (names
// placed) never, soft ones (marks of other bases) only when nothing else
// fits.
type placer struct {
	bounds image.Rectangle
	hard   []image.Rectangle
	soft   []image.Rectangle
}

func (p *placer) fits(r image.Rectangle, soft bool) bool {
	if !r.In(p.bounds) {
		return false
	}
	for _, h := range p.hard {
		if r.Overlaps(h) {
			return false
		}
	}
	if soft {
		for _, s := range p.soft {
			if r.Overlaps(s) {
				return false
			}
		}
	}
	return true
}

// place returns the first of the candidate boxes that fits, first
// avoiding the soft boxes too, and reserves it; false when none fits.
func (p *placer) place(cands []image.Rectangle) (image.Rectangle, int, bool) {
	for _, soft := range []bool{true, false} {
		for i, c := range cands {
			if p.fits(c, soft) {
				p.hard = append(p.hard, c)
				return c, i, true
			}
		}
	}
	return image.Rectangle{}, -1, false
}

// boxAt returns the w by h box with its centre at c.
func boxAt(c render.Pt, w, h int) image.Rectangle {
	x, y := int(math.Round(float64(c.X)))-w/2, int(math.Round(float64(c.Y)))-h/2
	return image.Rect(x, y, x+w, y+h)
}

// layoutBadges places each floor's badge on a part of its top that can be
// seen, as near its middle as can be.
func layoutBadges(pr projection, v *View, t *Temple, occ *occlusion, lb *Labels) []Badge {
	pl := &placer{bounds: t.Rect.Inset(4)}
	// The marks of the step stay clear; the bases' and columns' letters too
	// where the badge can go elsewhere.
	for _, r := range t.Rings {
		pl.hard = append(pl.hard, boxAt(r.Centre, int(2*r.RX), int(2*r.RY)))
	}
	avoidMarks(pl, t.Layers)
	changed := map[menara.FloorID]bool{}
	if v.Change != nil {
		for _, m := range v.Change.Margins {
			changed[m.Floor] = true
		}
		for _, f := range v.Change.Built {
			changed[f] = true
		}
		if v.Change.Floor.Valid() {
			changed[v.Change.Floor] = true
		}
	}
	var out []Badge
	// Higher floors first: they are seen whole and badge the picture's top.
	order := make([]int, len(v.Floors))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return v.Floors[b].Level - v.Floors[a].Level })
	for _, i := range order {
		f := &v.Floors[i]
		z := levelTop(f.Level)
		mid := mean(f.Cells)
		pr := pr
		if f.Fallen {
			pr = pr.falling(f)
		}
		// The visible cell centre nearest the floor's middle.
		anchor, best := pr.at(mid, z), float32(-1)
		for _, c := range f.Cells {
			p := pr.at(centre(c), z)
			if occ.hidden(f.Level, -1, p) {
				continue
			}
			d := centre(c)
			dist := (d.X-mid.X)*(d.X-mid.X) + (d.Y-mid.Y)*(d.Y-mid.Y)
			if best < 0 || dist < best {
				anchor, best = p, dist
			}
		}
		st := stabilityOf(f, v.Model)
		// The margin is written on the temple only for the floors the
		// step changed (the header's chips give every floor's): a tall
		// temple does not become a tangle of badges.
		written := st != NoMargin && (changed[f.ID] || f.Fallen)
		w := badgeLetterWidth
		if written {
			w += badgeMarginWidth
		}
		var cands []image.Rectangle
		for _, d := range []render.Pt{{}, {Y: -badgeHeight}, {Y: badgeHeight}, {X: -float32(w) / 2}, {X: float32(w) / 2},
			{Y: -2 * badgeHeight}, {Y: 2 * badgeHeight}, {X: -float32(w) / 2, Y: -badgeHeight}, {X: float32(w) / 2, Y: -badgeHeight}} {
			cands = append(cands, boxAt(anchor.Add(d), w, badgeHeight))
		}
		r, _, ok := pl.place(cands)
		if !ok {
			r = cands[0]
		}
		b := Badge{Floor: f.ID, Stability: st, Rect: r, Changed: changed[f.ID], Anchor: anchor}
		lr := image.Rect(r.Min.X, r.Min.Y, r.Min.X+badgeLetterWidth, r.Max.Y)
		b.Letter = render.Text{S: f.ID.String(), Rect: lr, Size: badgeLetter, MinSize: badgeLetter, Bold: true,
			Colour: colHeaderText.Colour(), Align: render.AlignCentre}
		if written {
			mr := image.Rect(lr.Max.X+badgeIcon+6, r.Min.Y, r.Max.X-8, r.Max.Y)
			s := lb.Falls
			if f.HasMargin {
				s = call1(lb.Margin, f.Margin)
			}
			b.Margin = render.Text{S: s, Rect: mr, Size: badgeMargin, MinSize: 14, Bold: true,
				Colour: colHeaderText.Colour(), Align: render.AlignCentre}
		}
		out = append(out, b)
	}
	return out
}

// layoutTags names the empty bases and the free or movable columns that
// can be seen, higher levels first; the columns the step placed or moved
// come before all, and are named even when hidden (their ring shows where).
func layoutTags(t *Temple, occ *occlusion) []Tag {
	pl := &placer{bounds: t.Rect.Inset(2)}
	for _, b := range t.Badges {
		pl.hard = append(pl.hard, b.Rect)
	}
	avoidMarks(pl, t.Layers)
	tg := tagger{pl: pl, occ: occ, named: map[menara.Base]bool{}}
	for l := range t.Layers {
		tg.stepColumns(l, &t.Layers[l])
	}
	for l := len(t.Layers) - 1; l >= 0; l-- {
		tg.discs(l, &t.Layers[l])
		tg.columns(l, &t.Layers[l])
	}
	return tg.out
}

// avoidMarks adds to pl the marks of the temple view a name should not
// cover when it can go elsewhere: the empty bases and the columns'
// letters.
func avoidMarks(pl *placer, layers []Layer) {
	for _, layer := range layers {
		for _, s := range layer.Slabs {
			for _, d := range s.Discs {
				pl.soft = append(pl.soft, boxAt(d.Centre, int(2*d.RX), int(2*d.RY)))
			}
		}
		for _, c := range layer.Columns {
			pl.soft = append(pl.soft, c.Letter.Rect)
		}
	}
}

// tagger names the bases and columns of the temple view. out holds the
// tags placed, in order; named the step's columns among them, which the
// pass over the free and movable columns leaves out.
type tagger struct {
	pl    *placer
	occ   *occlusion
	named map[menara.Base]bool
	out   []Tag
}

// add adds the tag when it was placed.
func (tg *tagger) add(t Tag, ok bool) bool {
	if ok {
		tg.out = append(tg.out, t)
	}
	return ok
}

// stepColumns names the columns of layer l the step placed or moved: at
// the lowest point of the shaft that can be seen, or its middle when
// hidden, a little further out than the others (the ring is around it).
func (tg *tagger) stepColumns(l int, layer *Layer) {
	for i := range layer.Columns {
		c := &layer.Columns[i]
		if c.Style != Last && c.Style != Proposed {
			continue
		}
		at, ok := visibleShaft(tg.occ, l, i, c)
		if !ok {
			at = c.Foot.Lerp(c.Head, 0.5)
		}
		if tg.add(placeTag(tg.pl, c.Base, true, at, c.Radius+8, 0)) {
			tg.named[c.Base] = true
		}
	}
}

// discs names the empty bases of layer l that can be seen, but not on
// the floors that fell.
func (tg *tagger) discs(l int, layer *Layer) {
	for _, s := range layer.Slabs {
		if s.Style == Fell {
			continue
		}
		for _, d := range s.Discs {
			if !tg.occ.hidden(l, -1, d.Centre) {
				tg.add(placeTag(tg.pl, d.Base, false, d.Centre, d.RX, d.RY))
			}
		}
	}
}

// columns names the free and movable columns of layer l not yet named,
// where they can be seen; not those that fell.
func (tg *tagger) columns(l int, layer *Layer) {
	for i := range layer.Columns {
		c := &layer.Columns[i]
		if c.Style == Fell || !c.Free && !c.Movable || tg.named[c.Base] {
			continue
		}
		if at, ok := visibleShaft(tg.occ, l, i, c); ok {
			tg.add(placeTag(tg.pl, c.Base, true, at, c.Radius, 0))
		}
	}
}

// visibleShaft returns the lowest point of column i of level l's shaft
// that can be seen, from the foot up: a tag there reads as the
// column's. It is false when none of the points tried shows.
func visibleShaft(occ *occlusion, l, i int, c *Column) (render.Pt, bool) {
	for _, k := range []float32{0.2, 0.45, 0.7, 0.9} {
		if p := c.Foot.Lerp(c.Head, k); !occ.hidden(l, i, p) {
			return p, true
		}
	}
	return render.Pt{}, false
}

// placeTag places the name of base b beside point at, outside a mark of
// radii rx, ry around it.
func placeTag(pl *placer, b menara.Base, column bool, at render.Pt, rx, ry float32) (Tag, bool) {
	w, h := tagWidth, tagHeight
	gap := float32(4)
	right := at.Add(render.Pt{X: rx + gap + float32(w)/2})
	left := at.Add(render.Pt{X: -rx - gap - float32(w)/2})
	up := at.Add(render.Pt{Y: -ry - gap - float32(h)/2})
	down := at.Add(render.Pt{Y: ry + gap + float32(h)/2})
	near := []render.Pt{right, left, up, down,
		right.Add(render.Pt{Y: -float32(h) / 2}), left.Add(render.Pt{Y: -float32(h) / 2}),
		right.Add(render.Pt{Y: float32(h) / 2}), left.Add(render.Pt{Y: float32(h) / 2})}
	far := []render.Pt{right.Add(render.Pt{X: 18}), left.Add(render.Pt{X: -18}), up.Add(render.Pt{Y: -16}), down.Add(render.Pt{Y: 16}),
		right.Add(render.Pt{X: 14, Y: -float32(h)}), left.Add(render.Pt{X: -14, Y: -float32(h)}),
		right.Add(render.Pt{X: 14, Y: float32(h)}), left.Add(render.Pt{X: -14, Y: float32(h)})}
	var cands []image.Rectangle
	for _, c := range append(near, far...) {
		cands = append(cands, boxAt(c, w, h))
	}
	r, i, ok := pl.place(cands)
	if !ok {
		return Tag{}, false
	}
	return Tag{Base: b, Column: column, Rect: r, Anchor: at, Leader: i >= len(near) || i < 0,
		Text: render.Text{S: b.String(), Rect: r, Size: tagSize, MinSize: 16, Bold: true, Colour: colTagText.Colour(), Align: render.AlignCentre}}, true
}
