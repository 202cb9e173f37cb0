package menara

import (
	"testing"
)

// TestLevelCount is the rulebook's example: three floors on level 1, three
// on level 2 and two on level 3 over a base of three make a temple three
// levels high; the base does not count.
func TestLevelCount(t *testing.T) {
	p := temple(t, 1, 3, 3, 2)
	perLevel := map[int]int{}
	for _, f := range p.PlacedFloors() {
		perLevel[p.Level(f)]++
	}
	if perLevel[0] != 3 || perLevel[1] != 3 || perLevel[2] != 3 || perLevel[3] != 2 {
		t.Fatalf("floors per level %v", perLevel)
	}
	if got := p.Height(); got != 3 {
		t.Errorf("height %d, want 3", got)
	}
	checkStructure(t, p)
}

// checkStructure checks the temple's invariants: levels, supports, no
// overlap within a level, every free column under a floor of the next
// level is its support, and the statics as computed from scratch.
func checkStructure(t *testing.T, p *Position) {
	t.Helper()
	carrying := p.carrying()
	for _, f := range p.PlacedFloors() {
		level := p.Level(f)
		sup := p.Supports(f)
		if level == 0 && !sup.Empty() {
			t.Fatalf("floor %s on the table rests on %s", f, sup)
		}
		for _, b := range sup.Bases() {
			if !p.Column(b) || p.Level(b.Floor) != level-1 {
				t.Fatalf("floor %s (level %d) rests on %s (level %d)", f, level, b, p.Level(b.Floor))
			}
			if c, _ := p.BaseCell(b); !contains(p.FloorCells(f), c) {
				t.Fatalf("floor %s rests on %s, not under it", f, b)
			}
		}
		if level > 0 && sup.Len() < MinSupports && !p.Fallen(f) {
			t.Fatalf("floor %s stands on %d columns", f, sup.Len())
		}
		for _, g := range p.PlacedFloors() {
			if g != f && p.Level(g) == level && !p.Fallen(g) && !p.Fallen(f) {
				for _, c := range p.FloorCells(f) {
					if contains(p.FloorCells(g), c) {
						t.Fatalf("floors %s and %s overlap on level %d", f, g, level)
					}
				}
			}
		}
		// Every free column of level-1 under f would be a support.
		if level > 0 && !p.Fallen(f) {
			for _, b := range p.Columns().Bases() {
				c, _ := p.BaseCell(b)
				if p.Level(b.Floor) == level-1 && !carrying.Has(b) && contains(p.FloorCells(f), c) {
					t.Fatalf("free column %s stands under floor %s", b, f)
				}
			}
		}
	}
	// From scratch, every placed floor: after a collapse the statics are
	// those of the temple as it stood, fallen floors included (a floor
	// above the one that failed may still have held and passed its load
	// down when the temple fell).
	q := *p
	var all uint32
	for _, f := range q.PlacedFloors() {
		all |= 1 << f
	}
	for i := range q.carried {
		q.carried[i] = 0
	}
	q.settle(all)
	if q.margins != p.margins || q.holds != p.holds || q.hasMargin != p.hasMargin || q.carried != p.carried {
		t.Fatalf("the statics differ from a computation from scratch")
	}
}

// TestPushedIn: a column placed on a base under a floor of the next level
// becomes one of its supports and carries part of its load.
func TestPushedIn(t *testing.T) {
	for seed := uint64(1); seed < 200; seed++ {
		p := mustPosition(t, testOptions(2, Easy), seed)
		p.fillBases(t, 0)
		if !p.layFloor(t, 1) {
			continue
		}
		f := p.quarry[p.drawn-1]
		// Take a support away (back to the bag) if the floor keeps 3, then
		// push it back in.
		sup := p.Supports(f)
		if sup.Len() < 4 {
			continue
		}
		b := sup.Bases()[0]
		var dirty uint32
		p.takeColumn(b, &dirty)
		p.bag[p.baseSpot(b).Colour]++
		p.settle(dirty)
		if p.collapsed() || p.Supports(f).Has(b) {
			continue
		}
		before := p.Supports(f)
		p.setHand(t, int(p.turn), Columns{})
		hand := Columns{}
		hand[p.baseSpot(b).Colour] = 1
		p.setHand(t, int(p.turn), hand)
		p.setCard(t, PlaceCard, 1, FreeRim, true)
		e := mustApply(t, &p, ColumnStep(int(e0(&p)), p.baseSpot(b).Colour, b))
		if e.PushedUnder != f {
			t.Fatalf("pushed under %s, want %s", e.PushedUnder, f)
		}
		after := p.Supports(f)
		if after.Len() != before.Len()+1 || !after.Has(b) || p.Carried(b) == 0 {
			t.Fatalf("supports %s then %s, %s carries %d", before, after, b, p.Carried(b))
		}
		checkStructure(t, &p)
		return
	}
	t.Fatal("no seed gives a floor on 4 columns")
}

// e0 returns the seat that acts.
func e0(p *Position) int { return p.Turn() }
