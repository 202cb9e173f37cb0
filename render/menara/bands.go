package menara

import (
	"hash/maphash"
	"image"
	"reflect"

	"github.com/tablebot/tablebot/render"
)

// The plans under the temple and the panel move down or up with them
// whenever the header or the temple changes height, which most steps do,
// while most plans stay as they were. The PNG encoder knows a band of rows
// met before by its pixels: so that a plan moved is such a band again,
// the bands of the image begin anew at the plans' top. And a band of the
// plans is what the plans that reach it make of the paper, wherever they
// are: the renderer names it by them, their places taken from the plans'
// top (render.BandName), and does not draw a plan all of whose bands the
// encoder has by name. TestBandCuts checks the images against the whole
// drawing; TestPlanBounds each plan's drawing against its bounds.

// planMargin widens a plan's box to the bounds of its drawing.
const planMargin = 4

// planBounds returns the bounds of plan pl's drawing.
func planBounds(pl *Plan) image.Rectangle { return pl.Rect.Inset(-planMargin) }

// plansTop returns the row of the plans' top; false without plans.
func plansTop(l *Layout) (int, bool) {
	if len(l.Plans) == 0 {
		return 0, false
	}
	top := planBounds(&l.Plans[0]).Min.Y
	for i := range l.Plans {
		top = min(top, planBounds(&l.Plans[i]).Min.Y)
	}
	return top, true
}

// bandCuts returns the rows where the bands of an image of l begin, bands
// of rows rows each: from the top, then from the plans' top again; nil
// when there are no plans.
func bandCuts(l *Layout, rows int) []int {
	top, ok := plansTop(l)
	if !ok || rows <= 0 {
		return nil
	}
	var cuts []int
	for y := 0; y < top; y += rows {
		cuts = append(cuts, y)
	}
	for y := top; y < l.Size.Y; y += rows {
		cuts = append(cuts, y)
	}
	return cuts
}

// bandNames names the bands of cuts of an image of l: those of the plans
// by the plans that reach them, their every field with their places taken
// from the plans' top; the others zero, known by their pixels.
func (r *Renderer) bandNames(l *Layout, cuts []int) []render.BandName {
	top, ok := plansTop(l)
	if !ok || cuts == nil {
		return nil
	}
	keys := make([][]byte, len(l.Plans))
	for i := range l.Plans {
		keys[i] = appendKey(nil, reflect.ValueOf(&l.Plans[i]).Elem(), top)
	}
	names := make([]render.BandName, len(cuts))
	for k, y := range cuts {
		if y < top {
			continue
		}
		rows := image.Rect(0, y, l.Size.X, render.BandEnd(cuts, k, l.Size.Y))
		var h [2]maphash.Hash
		for j := range h {
			h[j].SetSeed(r.seeds[j])
			maphash.WriteComparable(&h[j], [3]int{rows.Dx(), rows.Dy(), y - top})
			for i := range l.Plans {
				if planBounds(&l.Plans[i]).Overlaps(rows) {
					maphash.WriteComparable(&h[j], len(keys[i]))
					h[j].Write(keys[i])
				}
			}
		}
		names[k] = render.BandName{A: h[0].Sum64(), B: h[1].Sum64()}
	}
	return names
}

// plansSkipped says which plans of an image need no drawing: those whose
// every band the encoder found by name.
type plansSkipped struct {
	top    int
	cuts   []int
	height int
	plan   *render.BandPlan
}

// skipping returns what plans of l need no drawing with plan; nil when
// every plan must be drawn.
func (r *Renderer) skipping(l *Layout, plan *render.BandPlan, cuts []int) *plansSkipped {
	top, ok := plansTop(l)
	if !ok || plan == nil || cuts == nil {
		return nil
	}
	return &plansSkipped{top: top, cuts: cuts, height: l.Size.Y, plan: plan}
}

// skips reports whether plan pl needs no drawing.
func (s *plansSkipped) skips(pl *Plan) bool {
	b := planBounds(pl)
	for k, y := range s.cuts {
		if b.Overlaps(image.Rect(b.Min.X, y, b.Max.X, render.BandEnd(s.cuts, k, s.height))) && !s.plan.Found(k) {
			return false
		}
	}
	return true
}
