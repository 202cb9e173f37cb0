package menara

import "testing"

// TestWeakest: the weakest floor of a temple has the least slack over
// δ(L) of its standing floors with a margin, and what a step weakened
// most is the least slack left among the margins it lowered.
func TestWeakest(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		p := temple(t, seed, 2)
		f, m, ok := p.WeakestFloor()
		if !ok {
			t.Fatalf("seed %d: a temple of 2 floors has no weakest floor", seed)
		}
		if got, _ := p.Margin(f); got != m {
			t.Errorf("seed %d: floor %s margin %d, said %d", seed, f, got, m)
		}
		for _, g := range p.PlacedFloors() {
			if mg, has := p.Margin(g); has && !p.Fallen(g) && mg-Delta(p.Level(g)) < m-Delta(p.Level(f)) {
				t.Errorf("seed %d: floor %s is weaker than %s", seed, g, f)
			}
		}
		p.setCard(t, PlaceCard, 2, FreeRim, true)
		p.stage = Building
		lowered := 0
		for _, s := range p.LegalSteps(nil) {
			next, e, err := p.Preview(s)
			if err != nil {
				t.Fatal(err)
			}
			mc, ok := e.Weakened(&next)
			if !ok {
				continue
			}
			lowered++
			if !mc.HadBefore || !mc.HasAfter || mc.After >= mc.Before {
				t.Errorf("%s: %+v was not lowered", s, mc)
			}
			for _, o := range e.Margins() {
				if o.HadBefore && o.HasAfter && o.After < o.Before && o.After-Delta(next.Level(o.Floor)) < mc.After-Delta(next.Level(mc.Floor)) {
					t.Errorf("%s: %s is left weaker than %s", s, o.Floor, mc.Floor)
				}
			}
		}
		if lowered == 0 {
			t.Errorf("seed %d: no column lowered a margin", seed)
		}
	}
	if _, _, ok := (&Position{}).WeakestFloor(); ok {
		t.Error("an empty position has a weakest floor")
	}
}
