package menara

import (
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// fellWords explains a floor that fell: which floor, on which columns,
// where its load centre was and by how much it missed.
func fellWords(p *i18n.Printer, w rmenara.FallWords) string {
	args := []any{"floor", w.Floor, "supports", w.Supports, "distance", w.Distance, "need", w.Need}
	switch {
	case w.Few:
		return p.T("menara.render.fell.few", args...)
	case w.Outside:
		return p.T("menara.render.fell.outside", args...)
	}
	return p.T("menara.render.fell.inside", args...)
}

// fallSaid explains fall f in one sentence for a post, in the words of
// the image's header.
func fallSaid(p *i18n.Printer, f *mr.Fall) string {
	w := rmenara.FallWords{Floor: f.Floor.String(), Supports: mr.NewBaseSet(f.Supports...).String(),
		Few: !f.HasMargin, Columns: len(f.Supports), Minimum: mr.MinSupports}
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
