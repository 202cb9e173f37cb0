package menara

import "github.com/tablebot/tablebot/rules/menara"

// SinceOf returns the view of position p after the steps whose effects
// are es, oldest first (the steps since a player last played, say): every
// change they made highlighted together as a timelapse's turn is (the
// columns placed or moved that still stand, the floors placed, extended
// or moved, the margins changed), the header's last step saying the last
// of them. With fewer than two steps, or none that built, it is
// ViewOf(p, the last).
func SinceOf(p *menara.Position, es []*menara.Effects) View {
	var last *menara.Effects
	if len(es) > 0 {
		last = es[len(es)-1]
	}
	v := ViewOf(p, last)
	if len(es) < 2 {
		return v
	}
	var t turnBuilder
	for _, e := range es {
		t.add(p, e, &Labels{}, nil)
	}
	if c := t.change(p); c != nil {
		v.Step, v.Change = v.Change, c
	}
	return v
}

// TurnsOf puts the turns of the steps whose effects are es in words, as
// a timelapse's captions do (Labels.Turn gets them), oldest first; p is
// the position after them, names the players' display names. A turn ends
// with the step that ends it or the game; the steps after the last turn
// that ended make a turn of their own.
func TurnsOf(p *menara.Position, es []*menara.Effects, lb *Labels, names []string) []TurnWords {
	var out []TurnWords
	var t turnBuilder
	for _, e := range es {
		t.add(p, e, lb, names)
		if e.TurnOver || e.GameOver {
			out = append(out, t.words)
			t = turnBuilder{}
		}
	}
	if t.steps > 0 {
		out = append(out, t.words)
	}
	return out
}
