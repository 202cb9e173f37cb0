package menara_test

import (
	"bytes"
	"testing"

	"github.com/tablebot/tablebot/internal/racetest"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
)

// TestPlansCached checks that the boards of a game drawn one after
// another, some of their plans written from the renderer's cache of
// plans, are each the whole drawing converted to the palette, and that
// the cache was used.
func TestPlansCached(t *testing.T) {
	racetest.OneGoroutine(t)
	r := renderer(t)
	o := options(t)
	before := r.PlansPasted()
	first, last := 20, 27
	n := 0
	play(t, opts(2, menara.Easy), 5, func(p *menara.Position, e *menara.Effects) bool {
		n++
		if n < first {
			return false
		}
		v := rmenara.ViewOf(p, e)
		want := r.Convert(r.Draw(rmenara.NewLayout(&v, o)))
		got := r.Image(&v, o)
		if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("board after step %d: %v, want %v, or pixels differ from the whole drawing converted", n, got.Rect, want.Rect)
		}
		return n >= last
	})
	if got := r.PlansPasted() - before; got == 0 {
		t.Errorf("%d plans written from the cache in %d boards, want some", got, last-first+1)
	}
}

// TestPlanDrawnOver checks that a board on which something is drawn over
// a plan written from the cache (which the canvas does not hold) is drawn
// again without it: its pixels are the whole drawing converted.
func TestPlanDrawnOver(t *testing.T) {
	racetest.OneGoroutine(t)
	r := renderer(t)
	v := scMid.viewOf(t)
	o := options(t)
	r.ImageOfLayout(rmenara.NewLayout(&v, o)) // keeps the plans
	layout := func() rmenara.Layout {
		l := rmenara.NewLayout(&v, o)
		if len(l.Plans) == 0 {
			t.Fatal("the board has no plans")
		}
		l.Panel.Boxes = append(l.Panel.Boxes, l.Plans[0].Rect.Inset(10))
		return l
	}
	before := r.PlansPasted()
	got := r.ImageOfLayout(layout())
	if r.PlansPasted() == before {
		t.Fatal("no plan was written from the cache")
	}
	want := r.Convert(r.Draw(layout()))
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Error("a plan drawn over: the pixels differ from the whole drawing converted")
	}
}
