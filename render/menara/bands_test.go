package menara_test

import (
	"bytes"
	"image"
	"image/png"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/internal/racetest"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
)

// TestBandCuts checks the boards of a game as the bot writes them: each
// PNG decodes to the image drawn, and its bands begin anew at the plans'
// top, wherever the header and the temple put it.
func TestBandCuts(t *testing.T) {
	racetest.OneGoroutine(t)
	r := renderer(t)
	o := options(t)
	tops := map[int]bool{}
	skipped := r.PlansSkipped()
	n := 0
	play(t, opts(2, menara.Easy), 6, func(p *menara.Position, e *menara.Effects) bool {
		n++
		if n < 20 {
			return false
		}
		v := rmenara.ViewOf(p, e)
		l := rmenara.NewLayout(&v, o)
		cuts := r.BandCuts(&l)
		top := rmenara.PlansTop(&l)
		if top > l.Plans[0].Rect.Min.Y {
			t.Fatalf("the plans' bands begin at %d, under the first plan's top %d", top, l.Plans[0].Rect.Min.Y)
		}
		tops[top] = true
		if len(cuts) == 0 || cuts[0] != 0 || !slices.IsSorted(cuts) || !slices.Contains(cuts, top) || cuts[len(cuts)-1] >= l.Size.Y {
			t.Errorf("board after step %d: cuts %v, want from 0, increasing, one at the plans' top %d, all within %d rows", n, cuts, top, l.Size.Y)
		}
		var buf bytes.Buffer
		if err := r.WritePosition(&buf, p, e, o); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := img.(*image.Paletted), r.Image(&v, o); !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("board after step %d: the PNG decodes to other pixels than the image drawn", n)
		}
		return n >= 32
	})
	if len(tops) < 2 {
		t.Errorf("the plans' top at %d places in 13 boards, want the plans moved at least once", len(tops))
	}
	if r.PlansSkipped() == skipped {
		t.Error("every plan was drawn: none had all its bands found by name")
	}
}

// TestPlanBounds draws each plan of some boards alone, and their panels,
// and checks that a plan draws nothing outside the bounds its bands are
// named by and that the panel draws nothing where the plans' bands are.
func TestPlanBounds(t *testing.T) {
	racetest.OneGoroutine(t)
	r := renderer(t)
	o := options(t)
	n := 0
	play(t, opts(3, menara.Easy), 7, func(p *menara.Position, e *menara.Effects) bool {
		n++
		if n%4 != 0 {
			return false
		}
		v := rmenara.ViewOf(p, e)
		l := rmenara.NewLayout(&v, o)
		for i := -1; i < len(l.Plans); i++ {
			drawn, bounds := r.DrawnApart(&l, i)
			for _, d := range drawn {
				if !d.In(bounds) {
					t.Errorf("board after step %d, plan %d (-1: the panel): drew on %v, outside %v", n, i, d, bounds)
				}
			}
		}
		return n >= 60
	})
}
