package menara

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules"
)

var testNames = []string{"ana", "bob", "cy", "dee"}

func testOptions(players int, d Difficulty) Options {
	return Options{Players: testNames[:players], Difficulty: d}
}

func mustPosition(t testing.TB, o Options, seed uint64) Position {
	t.Helper()
	p, err := NewPosition(o, seed)
	if err != nil {
		t.Fatalf("NewPosition: %v", err)
	}
	return p
}

// baseWith returns a two-player game whose base does not use floor f and
// whose quarry has f on top.
func baseWith(t testing.TB, f FloorID, seed uint64) *Position {
	t.Helper()
	for ; ; seed++ {
		p := mustPosition(t, testOptions(2, Medium), seed)
		at := -1
		for i, g := range p.quarry {
			if g == f {
				at = i
			}
		}
		if at < BaseFloors {
			continue
		}
		p.quarry[at], p.quarry[p.drawn] = p.quarry[p.drawn], p.quarry[at]
		return &p
	}
}

// fromBag takes a column of colour c out of the bag for a test setup, so
// that every column stays accounted for.
func (p *Position) fromBag(t testing.TB, c Colour) {
	t.Helper()
	if p.bag[c] == 0 {
		t.Fatalf("no %s column left in the bag", c)
	}
	p.bag[c]--
}

// testColumn stands a column from the bag on base b and settles. A column
// that would collapse the temple is not stood: testColumn then reports
// false.
func (p *Position) testColumn(t testing.TB, b Base) bool {
	t.Helper()
	if !p.isBase(b) || p.columns.Has(b) {
		t.Fatalf("cannot stand a column on %s", b)
	}
	before := *p
	p.fromBag(t, p.baseSpot(b).Colour)
	var dirty uint32
	p.putColumn(b, &dirty)
	p.settle(dirty)
	if p.collapsed() {
		*p = before
		return false
	}
	return true
}

// fillBases stands a column from the bag on every empty base of the
// standing floors of a level, while the bag has its colour and the temple
// stands.
func (p *Position) fillBases(t testing.TB, level int) {
	t.Helper()
	for _, f := range p.quarry[:p.drawn] {
		if int(p.floors[f].level) != level {
			continue
		}
		for n := 1; n <= NumBases(f, p.floors[f].side); n++ {
			if b := (Base{f, uint8(n)}); !p.columns.Has(b) && p.bag[p.baseSpot(b).Colour] > 0 {
				p.testColumn(t, b)
			}
		}
	}
}

// setHand gives the player in seat i exactly the columns want, through the
// bag.
func (p *Position) setHand(t testing.TB, i int, want Columns) {
	t.Helper()
	p.bag.add(p.hand[i])
	if !p.bag.Covers(want) {
		t.Fatalf("the bag %v cannot give %v", p.bag, want)
	}
	p.bag.sub(want)
	p.hand[i] = want
}

// setCard makes a card of the given type and N (and rim, unless anyRim)
// the top of its pile and reveals it for the player to act.
func (p *Position) setCard(t testing.TB, typ CardType, n uint8, rim Rim, anyRim bool) {
	t.Helper()
	for pl := Pile(0); pl < NumPiles; pl++ {
		top := int(pileStart[pl]) + int(p.revealed[pl])
		for i := top; i < int(pileStart[pl+1]); i++ {
			c := deck[p.order[i]]
			if c.Type == typ && c.N == n && (anyRim || c.Rim == rim) {
				p.order[i], p.order[top] = p.order[top], p.order[i]
				mustApply(t, p, RevealStep(int(p.turn), pl))
				return
			}
		}
	}
	t.Fatalf("no %s card with N %d and rim %s left", typ, n, rim)
}

func mustApply(t testing.TB, p *Position, s Step) Effects {
	t.Helper()
	next, e, err := p.Apply(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	*p = next
	return e
}

// mustReject checks that s is rejected with code and a message containing
// want, and that the position is unchanged.
func mustReject(t testing.TB, p Position, s Step, code rules.Code, want string) {
	t.Helper()
	next, _, err := p.Apply(s)
	var re *rules.Error
	if !errors.As(err, &re) {
		t.Fatalf("%s: got %v, want a rules.Error", s, err)
	}
	if re.Code != code || !strings.Contains(re.Message, want) {
		t.Errorf("%s: got %s %q, want %s containing %q", s, re.Code, re.Message, code, want)
	}
	if next != p {
		t.Errorf("%s: a rejected step changed the position", s)
	}
}

// firstStep returns the first legal step that ok accepts.
func firstStep(t testing.TB, p *Position, ok func(Step) bool) Step {
	t.Helper()
	for _, s := range p.LegalSteps(nil) {
		if ok(s) {
			return s
		}
	}
	t.Fatalf("no legal step fits")
	return Step{}
}

func hasStep(p *Position, ok func(Step) bool) bool {
	for _, s := range p.LegalSteps(nil) {
		if ok(s) {
			return true
		}
	}
	return false
}

func kindIs(k Kind) func(Step) bool { return func(s Step) bool { return s.Kind == k } }

// totalColumns counts every column by colour: bag, camp, hands, temple.
func totalColumns(p *Position) Columns {
	c := p.bag
	c.add(p.camp)
	for i := range int(p.nplayers) {
		c.add(p.hand[i])
	}
	for i := p.columns.next(0); i >= 0; i = p.columns.next(i + 1) {
		c[p.baseSpot(baseOfSlot(i)).Colour]++
	}
	return c
}

// layFloor puts the quarry's top floor on free columns of level level-1,
// where it holds, choosing the position with the fewest supports (to leave
// columns for others), then the most stable; false when there is none.
func (p *Position) layFloor(t testing.TB, level int) bool {
	t.Helper()
	f := p.NextFloor()
	var g grid
	var best candidate
	var bestS Stability
	found := false
	p.onColumns(&g, f, []Side{Light, Dark}, NoFloor, 0, true, func(c *candidate) bool {
		if c.level != level {
			return true
		}
		s := p.tryPlace(c, NoFloor)
		if s.Collapse || s.Worst < 3000 {
			return true
		}
		if !found || c.votes < best.votes || c.votes == best.votes && s.better(bestS) {
			best, bestS, found = *c, s, true
		}
		return true
	})
	if !found {
		return false
	}
	var dirty uint32
	p.setFloor(&best.pl, best.level, best.support, &dirty)
	p.drawn++
	p.settle(dirty)
	if p.collapsed() {
		t.Fatalf("laying %s collapsed the temple", f)
	}
	return true
}

// temple returns a two-player game with floors laid on levels: levels[i]
// floors on level i+1, each level's floors on columns of the level below
// (every base of which holds a column). It tries seeds from seed on.
func temple(t testing.TB, seed uint64, levels ...int) *Position {
	t.Helper()
	for ; seed < 1000; seed++ {
		p := mustPosition(t, testOptions(2, Easy), seed)
		ok := true
		for i, n := range levels {
			p.fillBases(t, i)
			for range n {
				if ok = p.layFloor(t, i+1); !ok {
					break
				}
			}
			if !ok {
				break
			}
		}
		if ok {
			return &p
		}
	}
	t.Fatalf("no seed builds a temple of %v", levels)
	return nil
}
