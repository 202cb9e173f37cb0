package menara

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules"
)

// moveScene returns a temple with a floor on level 1 whose supports number
// exactly three, one of them (sup) of a colour that has an empty base on
// that floor (to), with a move card of n columns in play.
func moveScene(t *testing.T, n uint8) (p *Position, f FloorID, sup, to Base) {
	t.Helper()
	for seed := uint64(1); seed < 300; seed++ {
		p = temple(t, seed, 1)
		f = p.quarry[p.drawn-1]
		if p.Supports(f).Len() != 3 {
			continue
		}
		for _, b := range p.Supports(f).Bases() {
			for i, s := range p.FloorBases(f) {
				if s.Colour == colourOf(p, b) {
					p.setCard(t, MoveCard, n, FreeRim, true)
					return p, f, b, Base{f, uint8(i + 1)}
				}
			}
		}
	}
	t.Fatal("no scene")
	return
}

// TestMoveCollapse moves a supporting column away from a floor resting on
// three: the floor falls and the game is lost at once.
func TestMoveCollapse(t *testing.T) {
	p, f, sup, to := moveScene(t, 1)
	seat := p.Turn()
	_, pe, err := p.Preview(MoveStep(seat, sup, to))
	if err != nil || !pe.Collapse {
		t.Fatalf("preview: %v, collapse %v", err, pe.Collapse)
	}
	e := mustApply(t, p, MoveStep(seat, sup, to))
	if !e.Collapse || e.Unsupported != f || !e.GameOver || e.Outcome != (Outcome{false, Collapse}) {
		t.Fatalf("effects %+v", e)
	}
	if !p.Fallen(f) || p.Phase() != Over || p.Height() != 0 || p.Turn() != -1 {
		t.Fatalf("fallen %v, phase %s, height %d", p.Fallen(f), p.Phase(), p.Height())
	}
	if _, ok := p.Margin(f); ok {
		t.Fatalf("a floor on two columns has a margin")
	}
	for _, b := range p.Columns().Bases() {
		if b.Floor == f && !p.ColumnFallen(b) {
			t.Fatalf("column %s on the fallen floor stands", b)
		}
	}
	if len(e.Fallen) != 1 || e.Fallen[0] != f || len(p.LegalSteps(nil)) != 0 {
		t.Fatalf("fallen %v", e.Fallen)
	}
	if totalColumns(p) != ColumnPool {
		t.Fatalf("columns not conserved")
	}
	mustReject(t, *p, GiveUpStep(seat, false), rules.GameOver, "over")
}

// TestMoveRules: a moved column goes to an empty base of its colour on a
// strictly higher level, and moves once a turn.
func TestMoveRules(t *testing.T) {
	p, f, _, _ := moveScene(t, 2)
	seat := p.Turn()
	// A free column on level 0 and an empty base of its colour on f.
	var from, to Base
	for _, b := range p.Columns().Bases() {
		if p.Level(b.Floor) != 0 || p.Carrier(b) != NoFloor {
			continue
		}
		for i, s := range p.FloorBases(f) {
			if s.Colour == colourOf(p, b) && !p.Column(Base{f, uint8(i + 1)}) {
				from, to = b, Base{f, uint8(i + 1)}
			}
		}
	}
	if !from.Valid() {
		t.Skip("no free column matches a base of the floor above")
	}
	// Another column of level 0, of from's colour when there is one (a
	// column of another colour is refused for its colour first).
	var same Base
	for _, b := range p.Columns().Bases() {
		if b != from && p.Level(b.Floor) == 0 && (!same.Valid() || colourOf(p, b) == colourOf(p, from)) {
			same = b
		}
	}
	if colourOf(p, same) == colourOf(p, from) {
		mustReject(t, *p, MoveStep(seat, same, from), rules.Illegal, "already holds a column")
	} else {
		mustReject(t, *p, MoveStep(seat, same, from), rules.Illegal, "a column stands on a base of its colour")
	}
	p2 := *p
	var dirty uint32
	p2.takeColumn(from, &dirty)
	p2.bag[colourOf(&p2, from)]++
	p2.settle(dirty)
	if !p2.collapsed() && colourOf(&p2, same) == colourOf(&p2, from) {
		mustReject(t, p2, MoveStep(seat, same, from), rules.Illegal, "a column moves up")
	}
	mustReject(t, *p, MoveStep(seat, Base{f, 1}, to), rules.Illegal, "There is no column on")
	mustReject(t, *p, ColumnStep(seat, Yellow, to), rules.Illegal, "move one instead of placing one")
	e := mustApply(t, p, MoveStep(seat, from, to))
	if e.From != from || e.To != to || e.TurnOver || !p.Column(to) || p.Column(from) || !p.Moved(to) || p.FromHand() != 0 {
		t.Fatalf("move: %+v", e)
	}
	for _, s := range p.LegalSteps(nil) {
		if s.Kind == MoveColumn && s.From == to {
			t.Fatalf("legal step %s moves a column twice", s)
		}
	}
	// A second level above f would let it move again; the rule says no.
	p.floors[f].level = 1
	mustRejectMoved(t, p, to)
	checkStructure(t, p)
}

func mustRejectMoved(t *testing.T, p *Position, b Base) {
	t.Helper()
	_, err := p.resolve(MoveStep(p.Turn(), b, Base{p.quarry[0], 1}))
	if err == nil || !strings.Contains(err.Error(), "has moved this turn already") {
		t.Fatalf("moving %s again: %v", b, err)
	}
}

// TestLift moves a floor with its columns to another level; its old
// supports become free.
func TestLift(t *testing.T) {
	for seed := uint64(1); seed < 300; seed++ {
		p := temple(t, seed, 2)
		p.fillBases(t, 1)
		p.setCard(t, LiftCard, 1, LightRim, true)
		seat := p.Turn()
		mustReject(t, *p, LiftStep(seat, p.quarry[0], BaseSet{}, 0, Hex{}), rules.Illegal, "part of the base")
		pls := p.Placements(nil)
		if len(pls) == 0 || pls[0].Collapse {
			continue
		}
		s := pls[0].Step
		f := s.Floor
		old := p.Supports(f)
		cols := p.Columns().and(floorSlots(f, MaxBases))
		e := mustApply(t, p, s)
		if e.Floor != f || e.FromLevel != 1 || e.Level != 2 || p.Level(f) != 2 || e.Freed != old || p.Supports(f) != s.On {
			t.Fatalf("lift %s: %+v", s, e)
		}
		if p.Columns().and(floorSlots(f, MaxBases)) != cols {
			t.Fatalf("the floor's columns did not move with it")
		}
		for _, b := range old.Bases() {
			if p.Carrier(b) != NoFloor {
				t.Fatalf("old support %s still carries %s", b, p.Carrier(b))
			}
		}
		if !e.CardDone || !e.TurnOver {
			t.Fatalf("the lift did not finish the card")
		}
		checkStructure(t, p)
		return
	}
	t.Fatal("no seed allows a lift")
}

func TestLiftErrors(t *testing.T) {
	p := temple(t, 1, 1, 1)
	p.setCard(t, LiftCard, 1, LightRim, true)
	seat := p.Turn()
	low := p.quarry[BaseFloors]    // level 1, carrying the level-2 floor
	high := p.quarry[BaseFloors+1] // level 2
	mustReject(t, *p, LiftStep(seat, low, BaseSet{}, 0, Hex{}), rules.Illegal, "carries floor "+high.String())
	sup := p.Supports(high)
	mustReject(t, *p, LiftStepOver(seat, high, sup, 0), rules.Illegal, "is on level 2 already")
	mustReject(t, *p, LiftStepOver(seat, high, NewBaseSet(sup.Bases()[:2]...), 0), rules.Illegal, "only 2 free columns")
	own := NewBaseSet(append(sup.Bases()[:2], Base{high, 1})...)
	if p.Column(Base{high, 1}) {
		mustReject(t, *p, LiftStepOver(seat, high, own, 0), rules.Illegal, "stands on floor "+high.String()+" itself")
	}
	mustReject(t, *p, ColumnStep(seat, Yellow, Base{high, 1}), rules.Illegal, "lift a floor instead")
}

// TestNewFloorSupports: a new floor rests on free columns of one level.
func TestNewFloorSupports(t *testing.T) {
	p := temple(t, 1, 1)
	p.fillBases(t, 1)
	p.setCard(t, PlaceCard, 1, FreeRim, true)
	p.stage = NewFloor
	seat, f := p.Turn(), p.NextFloor()
	var low, high, carrying []Base
	for _, b := range p.Columns().Bases() {
		switch {
		case p.Carrier(b) != NoFloor:
			carrying = append(carrying, b)
		case p.Level(b.Floor) == 0:
			low = append(low, b)
		default:
			high = append(high, b)
		}
	}
	if len(low) < 2 || len(high) < 1 || len(carrying) < 1 {
		t.Fatalf("columns: %v free on level 0, %v on level 1, %v carrying", low, high, carrying)
	}
	mixed := NewBaseSet(low[0], low[1], high[0])
	mustReject(t, *p, FloorStepOver(seat, f, mixed, 0, NoSide), rules.Illegal, "a floor rests on columns of one level")
	loaded := NewBaseSet(low[0], low[1], carrying[0])
	mustReject(t, *p, FloorStepOver(seat, f, loaded, 0, NoSide), rules.Illegal,
		"The column on "+carrying[0].String()+" already carries floor "+p.Carrier(carrying[0]).String())
}
