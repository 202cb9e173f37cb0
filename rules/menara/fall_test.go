package menara

import (
	"math"
	"testing"
)

// TestFallsExplainCollapse: after a collapse, Falls names each floor that
// did not hold by itself, its supports and hull, its load centre and the
// miss, consistent with the margin the statics gave it.
func TestFallsExplainCollapse(t *testing.T) {
	seen := 0
	for seed := uint64(1); seed < 60 && seen < 20; seed++ {
		p := temple(t, seed, 2)
		p.fillBases(t, 1)
		p.setCard(t, PlaceCard, 1, FreeRim, true)
		p.stage = NewFloor
		for _, pl := range p.Placements(nil) {
			if !pl.Collapse || pl.Extension {
				continue
			}
			q := *p
			e := mustApply(t, &q, pl.Step)
			checkFalls(t, &q, &e)
			seen++
			break
		}
	}
	if seen == 0 {
		t.Fatal("no collapse met")
	}
	fine := temple(t, 1, 2)
	if f := fine.Falls(); f != nil {
		t.Fatalf("a standing temple: falls %+v, want none", f)
	}
}

func checkFalls(t *testing.T, p *Position, e *Effects) {
	t.Helper()
	if !e.Collapse || len(e.Falls) == 0 {
		t.Fatalf("%s: collapse %v, falls %+v", e.Step, e.Collapse, e.Falls)
	}
	for _, f := range e.Falls {
		if !p.Fallen(f.Floor) || p.Holds(f.Floor) || f.Level != p.Level(f.Floor) || f.Need != Delta(f.Level) {
			t.Fatalf("%s: fall %+v does not match the temple", e.Step, f)
		}
		if got, want := NewBaseSet(f.Supports...), p.Supports(f.Floor); got != want {
			t.Fatalf("%s: supports %v, want %v", e.Step, got, want)
		}
		m, ok := p.Margin(f.Floor)
		if ok != f.HasMargin || ok && m != f.Margin {
			t.Fatalf("%s: fall margin %d (%v), the temple's %d (%v)", e.Step, f.Margin, f.HasMargin, m, ok)
		}
		if !f.HasMargin {
			continue
		}
		if f.Miss() <= 0 || len(f.Hull) < 3 || f.Outside() != (f.Margin < 0) {
			t.Fatalf("%s: fall %+v: miss %d, hull %v", e.Step, f, f.Miss(), f.Hull)
		}
		// The nearest point of the hull lies |margin| away from the centre.
		d := math.Hypot(f.CentreX-f.NearestX, f.CentreY-f.NearestY) * 1000
		if math.Abs(d-math.Abs(float64(f.Margin))) > 2 {
			t.Fatalf("%s: centre to hull %.1f µm, margin %d µm", e.Step, d, f.Margin)
		}
		if f.LoadG <= 0 {
			t.Fatalf("%s: load %g g", e.Step, f.LoadG)
		}
	}
}
