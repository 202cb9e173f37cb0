package menara

import (
	"image"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/menara"
)

// The header's lines, in pixels of the 1200 px image: a third of each
// size is what a phone shows. 36 px and up read at 400 px wide.
const (
	headerPad    = 24
	statusSize   = 46
	factsSize    = 36
	stepSize     = 33
	fallSize     = 33
	chipSize     = 35 // a floor chip's letter and margin
	chipHeight   = 50
	floorChipGap = 14
	chipLetterW  = 52
	chipMarginW  = 166
	chipIconSize = 22
)

// layoutHeader lays out the band at the top.
func layoutHeader(v *View, lb *Labels, names []string) Header {
	h := Header{}
	y := 10
	line := func(s string, size, minSize int, bold bool, col render.Hex) render.Text {
		if s == "" {
			return render.Text{}
		}
		t := render.Text{S: s, Rect: image.Rect(headerPad, y, Width-headerPad, y+size+10), Size: size, MinSize: minSize,
			Bold: bold, Colour: col.Colour()}
		y += size + 10
		return t
	}
	h.Status = line(headline(v, lb, names), statusSize, 30, true, colHeaderText)
	h.Facts = line(facts(v, lb), factsSize, 24, true, colAccent)
	if c := v.Change; c != nil {
		if v.Step != nil {
			c = v.Step
		}
		w := stepWords(v, c, lb, names)
		s := call1(lb.LastStep, w)
		if c.Proposed {
			s = call1(lb.Preview, w)
			h.Proposal = true
		}
		h.Step = line(s, stepSize, 22, false, colHeaderDim)
	}
	h.Fall = line(fallLine(v, lb), fallSize, 20, true, colFallenLight)
	y += 4
	h.Floors, y = floorChips(v, lb, y)
	if s := warning(v.Change, lb); s != "" {
		h.Warning = line(s, 30, 18, true, colAccent)
	}
	h.Rect = image.Rect(0, 0, Width, y+8)
	return h
}

// headline says whose turn it is, or how the game ended.
func headline(v *View, lb *Labels, names []string) string {
	switch {
	case v.Over && v.Outcome.Won:
		return call2(lb.Won, v.Height, v.Required)
	case v.Over:
		return call3(lb.Lost, v.Outcome.Reason, v.Height, v.Required)
	case v.Turn >= 0 && v.Turn < len(names):
		return call1(lb.ToPlay, names[v.Turn])
	}
	return ""
}

// facts says the card in play and what is left of it, and the height
// against the levels required: "Place 3 columns · 1 placed, 2 to go ·
// Height 2 of 5".
func facts(v *View, lb *Labels) string {
	var parts []string
	if v.HasCard && !v.Over {
		parts = append(parts, call1(lb.Card, v.Card), call2(lb.Progress, v.Card, v.Progress))
		if v.Stage == menara.NewFloor && v.NextFloor.Valid() {
			parts = append(parts, call1(lb.PlaceFloor, v.NextFloor.String()))
		}
	}
	parts = append(parts, call2(lb.Height, v.Height, v.Required))
	return joinParts(parts)
}

// joinParts joins the non-empty parts with a middle dot.
func joinParts(parts []string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " · ")
}

// warning is a proposal's warning: the temple would collapse, or the step
// may fail.
func warning(c *Change, lb *Labels) string {
	if c == nil || !c.Proposed {
		return ""
	}
	var parts []string
	if c.Collapse {
		parts = append(parts, lb.Collapse)
	}
	if c.Risk.Num > 0 {
		parts = append(parts, call1(lb.Risk, c.Risk.Percent()))
	}
	return joinParts(parts)
}

// fallLine explains the first floor that fell (or would fall).
func fallLine(v *View, lb *Labels) string {
	if len(v.Falls) == 0 || lb.Fell == nil {
		return ""
	}
	return lb.Fell(fallWords(v, &v.Falls[0], lb))
}

// fallWords puts fall f in words.
func fallWords(v *View, f *menara.Fall, lb *Labels) FallWords {
	w := FallWords{Floor: f.Floor.String(), Supports: menara.NewBaseSet(f.Supports...).String(),
		Few: !f.HasMargin, Columns: len(f.Supports), Minimum: menara.MinSupports,
		Proposed: v.Change != nil && v.Change.Proposed, Lift: v.Change != nil && v.Change.LiftFell}
	if f.HasMargin {
		w.Outside = f.Outside()
		// Outside, the distance is rounded up, as the badge's negative
		// margin is rounded down: both then say the same length.
		d := f.Margin
		if d < 0 {
			d = (-d + 99) / 100 * 100
		}
		w.Distance, w.Need = call1(lb.Margin, d), call1(lb.Margin, f.Need)
	}
	return w
}

// floorChips lays out a chip for every floor on columns, the highest
// level first, in rows from y; it returns them and the y under them.
func floorChips(v *View, lb *Labels, y int) ([]FloorChip, int) {
	var floors []*Floor
	for i := range v.Floors {
		if v.Floors[i].Level > 0 {
			floors = append(floors, &v.Floors[i])
		}
	}
	if len(floors) == 0 {
		return nil, y
	}
	slices.SortStableFunc(floors, func(a, b *Floor) int { return b.Level - a.Level })
	changed := changedFloors(v.Change)
	w := chipLetterW + chipMarginW
	perRow := max(1, (Width-2*headerPad+floorChipGap)/(w+floorChipGap))
	var out []FloorChip
	for i, f := range floors {
		x := headerPad + (i%perRow)*(w+floorChipGap)
		top := y + (i/perRow)*(chipHeight+10)
		r := image.Rect(x, top, x+w, top+chipHeight)
		st := stabilityOf(f, v.Model)
		if f.Fallen {
			st = Falls
		}
		c := FloorChip{Floor: f.ID, Level: f.Level, Stability: st, Rect: r, Changed: changed[f.ID]}
		lr := image.Rect(x, top, x+chipLetterW, top+chipHeight)
		c.Letter = render.Text{S: f.ID.String(), Rect: lr, Size: chipSize, MinSize: 20, Bold: true,
			Colour: colHeaderText.Colour(), Align: render.AlignCentre}
		s := lb.Falls
		if f.HasMargin {
			s = call1(lb.Margin, f.Margin)
		}
		mr := image.Rect(lr.Max.X+chipIconSize+10, top, r.Max.X-8, r.Max.Y)
		ink := colHeaderText
		if st == Shaky {
			ink = colInk
		}
		c.Margin = render.Text{S: s, Rect: mr, Size: chipSize - 2, MinSize: 18, Bold: true, Colour: ink.Colour(),
			Align: render.AlignCentre}
		out = append(out, c)
	}
	rows := (len(floors) + perRow - 1) / perRow
	return out, y + rows*(chipHeight+10)
}

// changedFloors returns the floors whose margin step c changed, and the
// floor it placed.
func changedFloors(c *Change) map[menara.FloorID]bool {
	out := map[menara.FloorID]bool{}
	if c == nil {
		return out
	}
	for _, m := range c.Margins {
		out[m.Floor] = true
	}
	for _, f := range c.Built {
		out[f] = true
	}
	if c.Floor.Valid() {
		out[c.Floor] = true
	}
	return out
}
