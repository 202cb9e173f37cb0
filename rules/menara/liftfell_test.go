package menara

import "testing"

// TestLiftThatFalls: the move-a-floor card as printed. A lift under which
// the lifted floor alone would fall is not made: nothing changes, the card
// goes to the level row and the turn waits for done; Effects explain the
// fall. A lift that would bring another floor down still collapses the
// temple and ends the game.
func TestLiftThatFalls(t *testing.T) {
	var fell, collapsed bool
	for seed := uint64(1); seed < 300 && !(fell && collapsed); seed++ {
		p := temple(t, seed, 2)
		p.fillBases(t, 1)
		p.setCard(t, LiftCard, 1, LightRim, true)
		for _, pl := range p.Placements(nil) {
			if !pl.Collapse {
				continue
			}
			q := *p
			e := mustApply(t, &q, pl.Step)
			if pl.LiftFalls != e.LiftFell {
				t.Fatalf("seed %d: %s: Placement.LiftFalls %v, Effects.LiftFell %v", seed, pl.Step, pl.LiftFalls, e.LiftFell)
			}
			switch {
			case e.LiftFell:
				checkLiftFell(t, p, &q, &e)
				fell = true
			case e.Collapse:
				checkLiftCollapsed(t, &q, &e)
				collapsed = true
			default:
				t.Fatalf("seed %d: %s: a collapsing placement neither fell nor collapsed: %+v", seed, pl.Step, e)
			}
		}
	}
	if !fell {
		t.Fatal("no seed gives a lift whose floor would fall")
	}
	if !collapsed {
		t.Log("no seed gives a lift that brings another floor down")
	}
}

func checkLiftFell(t *testing.T, before, after *Position, e *Effects) {
	t.Helper()
	f := e.Step.Floor
	if after.phase != Playing || after.stage != Closing || !after.toRow || after.Fallen(f) {
		t.Fatalf("%s: phase %v stage %v to row %v fallen %v, want the lift not made, card to the level row",
			e.Step, after.phase, after.stage, after.toRow, after.Fallen(f))
	}
	if after.Level(f) != before.Level(f) || after.Supports(f) != before.Supports(f) || after.Columns() != before.Columns() {
		t.Fatalf("%s: the temple changed", e.Step)
	}
	if e.Collapse || e.GameOver || len(e.Margins()) != 0 || e.Floor != NoFloor {
		t.Fatalf("%s: effects %+v, want no collapse and no change", e.Step, e)
	}
	if len(e.Falls) == 0 || e.Falls[0].Floor != f {
		t.Fatalf("%s: falls %+v, want floor %s explained", e.Step, e.Falls, f)
	}
	q := *after
	d := mustApply(t, &q, DoneStep(after.Turn(), false))
	if !d.ToLevelRow || q.Required() != after.Required()+1 {
		t.Fatalf("done after the fallen lift: %+v, required %d", d, q.Required())
	}
}

func checkLiftCollapsed(t *testing.T, after *Position, e *Effects) {
	t.Helper()
	if after.phase != Over || !e.GameOver || e.Outcome.Reason != Collapse || len(e.Falls) == 0 {
		t.Fatalf("%s: %+v, want the temple collapsed", e.Step, e)
	}
	other := false
	for _, fl := range e.Falls {
		other = other || fl.Floor != e.Step.Floor
	}
	if !other {
		t.Fatalf("%s: only the lifted floor fell, yet the temple collapsed", e.Step)
	}
}
