package shangrila

import (
	"image"
	"math"
	"slices"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// layoutHighlights marks what the move e did on the board laid out in l: a
// placed master or recruited students ringed; a journey's arrow beside its
// broken bridge, its arrived travellers ringed, the masters they drove out
// and the students sent home as small tiles outside the village's rim,
// going back to their owners' supply; new stones ringed. Effects that do
// not fit the board (a village or discipline out of range) are left out
// rather than drawn wrong.
func layoutHighlights(l *Layout, e *shangrila.Effects) []Highlight {
	var hs []Highlight
	ring := func(s shangrila.Site) {
		r, c := l.topTile(s)
		if !c.Valid() {
			return
		}
		hs = append(hs, Highlight{Kind: Outline, Rect: r.Inset(-ringGrow), Colour: c})
	}
	m := e.Move
	switch m.Kind {
	case shangrila.Setup, shangrila.Place:
		if validSite(m.Sites[0]) {
			ring(m.Sites[0])
		}
	case shangrila.Recruit:
		for _, s := range m.Recruited() {
			if validSite(s) {
				ring(s)
			}
		}
	case shangrila.Journey:
		if !m.From.Valid() || !m.To.Valid() {
			break
		}
		if b, ok := shangrila.BridgeBetween(m.From, m.To); ok {
			from, via, to := journeyArrow(l, b, m.From, m.To)
			hs = append(hs, Highlight{Kind: Arrow, From: from, Via: via, To: to, Colour: m.Player})
		}
		for _, t := range e.Travellers() {
			if !t.Discipline.Valid() {
				continue
			}
			if t.Outcome == shangrila.SentHome {
				hs = append(hs, Highlight{Kind: SentHome, Rect: ghostRect(m.From, t.Discipline), Colour: t.Colour})
				continue
			}
			ring(shangrila.Site{Village: m.To, Discipline: t.Discipline})
			if !t.Displaced.Empty() {
				hs = append(hs, Highlight{Kind: DrivenOut, Rect: ghostRect(m.To, t.Discipline),
					Colour: t.Displaced.Master(), Student: t.Displaced.Student()})
			}
		}
	}
	for _, v := range e.Stones() {
		if v.Valid() && !l.Villages[v].Stone.Empty() {
			hs = append(hs, Highlight{Kind: StoneRing, Rect: l.Villages[v].Stone.Inset(-5), Colour: m.Player})
		}
	}
	return hs
}

// changeHighlights marks what the moves opts shows did: those of
// opts.Since, oldest first, or else opts.Last. A mark two moves make
// alike (the same tile ringed) is made once.
func changeHighlights(l *Layout, opts Options) []Highlight {
	moves := opts.Since
	if len(moves) == 0 && opts.Last != nil {
		moves = []*shangrila.Effects{opts.Last}
	}
	var hs []Highlight
	for _, e := range moves {
		if e == nil {
			continue
		}
		for _, h := range layoutHighlights(l, e) {
			if !slices.Contains(hs, h) {
				hs = append(hs, h)
			}
		}
	}
	return hs
}

// spaceAngle is the direction of a discipline's space from its village's
// centre (degrees, counter-clockwise from the right, as rimPoint takes
// them); the Firekeeper's, in the middle, points down, between the two
// spaces below.
func spaceAngle(d shangrila.Discipline) float32 {
	off := spaceOffset(d)
	if off.Len() < 1 {
		return 270
	}
	return float32(math.Atan2(float64(-off.Y), float64(off.X)) * 180 / math.Pi)
}

// ghostRect is where a small tile going back to the supply sits: just
// outside village v's rim, beside discipline d's space, kept inside the
// map.
func ghostRect(v shangrila.Village, d shangrila.Discipline) image.Rectangle {
	c := rimPoint(v, spaceAngle(d), ghostDistance).Image()
	const half = ghostSize / 2
	c.X = min(max(c.X, half+4), Width-half-4)
	c.Y = min(max(c.Y, half+4), mapHeight-half-4)
	return image.Rect(c.X-half, c.Y-half, c.X+half, c.Y+half)
}

// arrowSide is how far a journey's arrow runs beside its path: clear of
// the bridge in the middle.
const arrowSide = 40

// arrowClear is how far a journey's arrow keeps from the letters and
// badges of its villages: its head is 23 pixels wide either side.
const arrowClear = 24

// journeyArrow returns the start, the control point and the tip of the
// arrow of a journey from one village to the other over bridge b. It runs
// beside the path at arrowSide, from one plate's rim to the other's,
// shortened where a village's letter or badge is in the way, on the side
// that leaves it longer.
func journeyArrow(l *Layout, b shangrila.Bridge, from, to shangrila.Village) (image.Point, image.Point, image.Point) {
	path := pathCurve(b)
	if v, _ := b.Ends(); v != from {
		for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
			path[i], path[j] = path[j], path[i]
		}
	}
	var best [3]render.Pt
	bestLen := float32(-1)
	for _, k := range []float32{1, -1} {
		off := offsetCurve(path, k*arrowSide)
		i, j := 0, len(off)-1
		for i < j && !arrowFree(l, off[i], from) {
			i++
		}
		for j > i && !arrowFree(l, off[j], to) {
			j--
		}
		if j-i < 2 {
			continue
		}
		if n := off[j].Sub(off[i]).Len(); n > bestLen {
			m := off[(i+j)/2]
			ctrl := m.Mul(2).Sub(off[i].Add(off[j]).Mul(0.5))
			best, bestLen = [3]render.Pt{off[i], ctrl, off[j]}, n
		}
	}
	return best[0].Image(), best[1].Image(), best[2].Image()
}

// offsetCurve returns the points of a curve moved sideways by d, along
// each point's normal (to the right of the way the curve runs, for d > 0).
func offsetCurve(pts []render.Pt, d float32) []render.Pt {
	out := make([]render.Pt, len(pts))
	for i := range pts {
		a, c := pts[max(i-1, 0)], pts[min(i+1, len(pts)-1)]
		out[i] = pts[i].Add(c.Sub(a).Unit().Perp().Mul(d))
	}
	return out
}

// arrowFree reports whether an arrow may pass point q near village v: off
// its plate and clear of its letter and badges.
func arrowFree(l *Layout, q render.Pt, v shangrila.Village) bool {
	if q.Sub(villageCentre(v)).Len() < plateRadius+8 {
		return false
	}
	vl := &l.Villages[v]
	for _, r := range []image.Rectangle{vl.Letter.Rect, vl.Strength.Rect, vl.Stone} {
		if !r.Empty() && rectDistance(r, q) < arrowClear {
			return false
		}
	}
	return true
}

// arrowClearance is how far a curve stays from the two villages' letter
// badges and strength badges: the least distance from its points to their
// edges.
func arrowClearance(l *Layout, curve []render.Pt, vs ...shangrila.Village) float32 {
	clear := float32(math.Inf(1))
	for _, v := range vs {
		vl := &l.Villages[v]
		for _, r := range []image.Rectangle{vl.Letter.Rect, vl.Strength.Rect, vl.Stone} {
			if r.Empty() {
				continue
			}
			for _, q := range curve {
				clear = min(clear, rectDistance(r, q))
			}
		}
	}
	return clear
}

// rectDistance is the distance from point q to rectangle r (0 inside).
func rectDistance(r image.Rectangle, q render.Pt) float32 {
	dx := max(float32(r.Min.X)-q.X, 0, q.X-float32(r.Max.X))
	dy := max(float32(r.Min.Y)-q.Y, 0, q.Y-float32(r.Max.Y))
	return float32(math.Hypot(float64(dx), float64(dy)))
}

func validSite(s shangrila.Site) bool { return s.Village.Valid() && s.Discipline.Valid() }

// WordsOf spells out move e as Labels.LastMove gets it, name naming the
// players: for words about a move elsewhere (a post's recap).
func WordsOf(e *shangrila.Effects, lb Labels, name func(shangrila.Colour) string) MoveWords {
	return moveWords(e, lb, name)
}

// moveWords spells out move e for Labels.LastMove.
func moveWords(e *shangrila.Effects, lb Labels, name func(shangrila.Colour) string) MoveWords {
	m := e.Move
	w := MoveWords{Kind: m.Kind, Player: name(m.Player)}
	disc := func(d shangrila.Discipline) string {
		if d.Valid() {
			return lb.Disciplines[d]
		}
		return "?"
	}
	switch m.Kind {
	case shangrila.Setup, shangrila.Place:
		w.Village, w.Discipline = m.Sites[0].Village.String(), disc(m.Sites[0].Discipline)
	case shangrila.Recruit:
		for _, s := range m.Recruited() {
			w.Sites = append(w.Sites, SiteWords{Village: s.Village.String(), Discipline: disc(s.Discipline)})
		}
	case shangrila.Journey:
		w.From, w.To = m.From.String(), m.To.String()
		for _, t := range e.Travellers() {
			switch t.Outcome {
			case shangrila.Promoted:
				w.Promoted++
			case shangrila.Joined:
				w.Joined++
			case shangrila.SentHome:
				w.SentHome++
			}
			if !t.Displaced.Empty() {
				w.DrivenOut++
			}
		}
	}
	for _, v := range e.Stones() {
		w.Stones = append(w.Stones, v.String())
	}
	return w
}
