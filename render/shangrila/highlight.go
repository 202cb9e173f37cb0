package shangrila

import (
	"image"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// layoutHighlights marks what the move e did on the board laid out in l: a
// placed master or recruited students outlined; a journey's arrow over its
// broken bridge, its arrived travellers outlined, the masters they drove out
// and the students sent home shown as small tiles; new stones ringed.
// Effects that do not fit the board (a village or discipline out of range)
// are left out rather than drawn wrong.
func layoutHighlights(l *Layout, e *shangrila.Effects) []Highlight {
	var hs []Highlight
	ring := func(r image.Rectangle) {
		hs = append(hs, Highlight{Kind: Outline, Rect: r.Inset(-ringPad), Colour: e.Move.Player})
	}
	m := e.Move
	switch m.Kind {
	case shangrila.Setup, shangrila.Place:
		if validSite(m.Sites[0]) {
			ring(l.topTile(m.Sites[0]))
		}
	case shangrila.Recruit:
		for _, s := range m.Recruited() {
			if validSite(s) {
				ring(l.topTile(s))
			}
		}
	case shangrila.Journey:
		if !m.From.Valid() || !m.To.Valid() {
			break
		}
		if b, ok := shangrila.BridgeBetween(m.From, m.To); ok {
			from, to, via := villageCentre(m.From), villageCentre(m.To), pathControl(b)
			hs = append(hs, Highlight{Kind: Arrow,
				From:   from.Add(via.Sub(from).Unit().Mul(plateRadius - 6)).Image(),
				Via:    via.Image(),
				To:     to.Add(via.Sub(to).Unit().Mul(plateRadius + 2)).Image(),
				Colour: m.Player})
		}
		for _, t := range e.Travellers() {
			if !t.Discipline.Valid() {
				continue
			}
			dest := shangrila.Site{Village: m.To, Discipline: t.Discipline}
			if t.Outcome == shangrila.SentHome {
				src := l.Villages[m.From].Spaces[t.Discipline]
				hs = append(hs, Highlight{Kind: SentHome, Rect: ghostRect(src), Colour: t.Colour})
				continue
			}
			ring(l.topTile(dest))
			if !t.Displaced.Empty() {
				hs = append(hs, Highlight{Kind: DrivenOut, Rect: ghostRect(l.Villages[m.To].Spaces[t.Discipline]),
					Colour: t.Displaced.Master(), Student: t.Displaced.Student()})
			}
		}
	}
	for _, v := range e.Stones() {
		if v.Valid() && !l.Villages[v].Stone.Empty() {
			hs = append(hs, Highlight{Kind: StoneRing, Rect: l.Villages[v].Stone.Inset(-ringPad), Colour: m.Player})
		}
	}
	return hs
}

// ghostRect is where a small tile sits on a space: over its lower right
// corner, so that the tile beneath still shows its colour and icon.
func ghostRect(space image.Rectangle) image.Rectangle {
	c := space.Max.Sub(image.Pt(6, 6))
	return image.Rect(c.X-ghostSize/2, c.Y-ghostSize/2, c.X+ghostSize/2, c.Y+ghostSize/2)
}

func validSite(s shangrila.Site) bool { return s.Village.Valid() && s.Discipline.Valid() }

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
