package menara

import (
	"math"
	"slices"
	"testing"
)

// TestOutlooks: every legal step's outlook agrees with its preview, and the
// list is sorted steadiest first with the falling steps last (lifts that
// fall, then collapses).
func TestOutlooks(t *testing.T) {
	cases := []struct {
		name  string
		card  CardType
		n     uint8
		stage Stage
	}{
		{"place 2", PlaceCard, 2, Building},
		{"move 2", MoveCard, 2, Building},
		{"lift", LiftCard, 1, Building},
		{"new floor", PlaceCard, 1, NewFloor},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			falling := 0
			for seed := uint64(1); seed < 40 && falling == 0; seed++ {
				p := temple(t, seed, 2)
				p.setCard(t, c.card, c.n, FreeRim, true)
				p.stage = c.stage
				got := p.Outlooks(p.LegalSteps(nil))
				falling += checkOutlooks(t, p, got)
			}
			if falling == 0 && c.card != PlaceCard {
				t.Logf("no falling step met")
			}
		})
	}
}

func checkOutlooks(t *testing.T, p *Position, got []Outlook) int {
	t.Helper()
	falling, group := 0, 0
	for i := range got {
		o := &got[i]
		_, e, err := p.Preview(o.Step)
		if err != nil {
			t.Fatalf("%s: %v", o.Step, err)
		}
		if o.Collapse != e.Collapse || o.LiftFalls != e.LiftFell {
			t.Fatalf("%s: outlook collapse %v lift falls %v, preview %v %v", o.Step, o.Collapse, o.LiftFalls, e.Collapse, e.LiftFell)
		}
		if o.Falling() != (o.Floor != NoFloor && o.Slack < 0) && o.Floor != NoFloor {
			t.Fatalf("%s: falling %v but slack %d on floor %s", o.Step, o.Falling(), o.Slack, o.Floor)
		}
		g := 0
		switch {
		case o.Collapse:
			g = 2
		case o.LiftFalls:
			g = 1
		}
		if g < group {
			t.Fatalf("%s (group %d) after a step of group %d", o.Step, g, group)
		}
		if g > 0 {
			falling++
		}
		if i > 0 && g == group && g == 0 && o.Risk == got[i-1].Risk && o.Worst > got[i-1].Worst && o.Worst != math.MaxInt32 {
			t.Fatalf("%s (least slack %d) after %s (%d)", o.Step, o.Worst, got[i-1].Step, got[i-1].Worst)
		}
		group = g
	}
	return falling
}

// TestSteadiest: a list of choices keeps each legal step as given, drops
// the illegal ones, and puts the steps that make nothing fall first, then
// those that cost a level, the lifts that fall, the collapses.
func TestSteadiest(t *testing.T) {
	p := temple(t, 1, 2)
	p.setCard(t, PlaceCard, 1, FreeRim, true)
	p.stage = NewFloor
	steps := append(p.LegalSteps(nil), Step{Kind: Lift, Floor: NoFloor})
	got := p.Steadiest(steps)
	if len(got) != len(steps)-1 {
		t.Fatalf("%d steps of %d legal", len(got), len(steps)-1)
	}
	given := map[Step]bool{}
	for _, s := range steps {
		given[s] = true
	}
	prev := 0
	for _, s := range got {
		o, err := p.Outlook(s)
		if err != nil || !given[s] {
			t.Fatalf("%v: not a legal step as given (%v)", s, err)
		}
		o.Step = s
		if g := choiceGroup(&o); g < prev {
			t.Errorf("%v (group %d) after a step of group %d", s, g, prev)
		} else {
			prev = g
		}
	}
}

// TestSteadiestOf: the legal steps of one kind, every one of them, in the
// order Steadiest gives the legal steps.
func TestSteadiestOf(t *testing.T) {
	p := temple(t, 1, 2)
	p.setCard(t, PlaceCard, 2, FreeRim, true)
	p.stage = Building
	for _, kind := range []Kind{PlaceColumn, MoveColumn, GiveUp} {
		var want []Step
		for _, s := range p.Steadiest(p.LegalSteps(nil)) {
			if s.Kind == kind {
				want = append(want, s)
			}
		}
		got := p.SteadiestOf(kind)
		if !slices.Equal(got, want) {
			t.Errorf("%v: got %v, want %v", kind, got, want)
		}
		if kind == PlaceColumn && len(got) == 0 {
			t.Errorf("no column to place in a position building a place card")
		}
	}
}
