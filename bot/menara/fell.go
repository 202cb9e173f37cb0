package menara

import (
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// fellWords explains a floor that fell: which floor, on which columns,
// where its load centre was and by how much it missed; in a preview what
// would happen, for a lift not made what would have happened.
func fellWords(p *i18n.Printer, w rmenara.FallWords) string {
	args := []any{"floor", w.Floor, "supports", w.Supports, "distance", w.Distance, "need", w.Need}
	key := "menara.render.fell."
	switch {
	case w.Proposed:
		key = "menara.render.would-fall."
	case w.Lift:
		key = "menara.render.would-have-fallen."
	}
	switch {
	case w.Few:
		return p.T(key+"few", args...)
	case w.Outside:
		return p.T(key+"outside", args...)
	}
	return p.T(key+"inside", args...)
}

// fallMood is how a fall is told: as done, as what a step would do (a
// question before it), or as what a lift not made would have done.
type fallMood uint8

// The moods.
const (
	fell fallMood = iota
	wouldFall
	wouldHaveFallen
)

// fallSaid explains fall f in one sentence for a post or a question, in
// the words of the image's header, in mood m.
func fallSaid(p *i18n.Printer, f *mr.Fall, m fallMood) string {
	w := rmenara.FallWords{Floor: f.Floor.String(), Supports: mr.NewBaseSet(f.Supports...).String(),
		Few: !f.HasMargin, Columns: len(f.Supports), Minimum: mr.MinSupports,
		Proposed: m == wouldFall, Lift: m == wouldHaveFallen}
	if f.HasMargin {
		w.Outside = f.Outside()
		d := f.Margin
		if d < 0 {
			// Outside, the distance is rounded up, as the badge's negative
			// margin is rounded down: both say the same length.
			d = (-d + 99) / 100 * 100
		}
		mm := func(um int) string { return p.T("menara.render.margin", "mm", Millimetres(p, um)) }
		w.Distance, w.Need = mm(d), mm(f.Need)
	}
	return fellWords(p, w) + "."
}
