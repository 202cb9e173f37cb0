package menara

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules"
)

func TestExchange(t *testing.T) {
	p := mustPosition(t, testOptions(2, Medium), 3)
	seat := p.Turn()
	p.setHand(t, seat, Columns{2, 1, 0, 0, 0}) // YYR
	p.camp = Columns{}
	p.bag = ColumnPool
	p.bag.sub(p.hand[0])
	p.bag.sub(p.hand[1])
	p.camp = Columns{0, 0, 3, 2, 1} // KKKWWB
	p.bag.sub(p.camp)
	give, _ := ParseColumns("YY")
	take, _ := ParseColumns("KB")
	t.Run("errors", func(t *testing.T) {
		mustReject(t, p, ExchangeStep(seat, give, Columns{0, 0, 1}), rules.Illegal, "not 2 for 1")
		mustReject(t, p, ExchangeStep(seat, Columns{}, Columns{}), rules.Illegal, "at least one")
		mustReject(t, p, ExchangeStep(seat, Columns{0, 2}, take), rules.Illegal, "You hold YYR, so you cannot give RR")
		mustReject(t, p, ExchangeStep(seat, give, Columns{2}), rules.Illegal, "Giving and taking yellow changes nothing")
		mustReject(t, p, ExchangeStep(seat, give, Columns{0, 0, 0, 0, 2}), rules.Illegal, "The camp holds KKKWWB, so you cannot take BB")
		mustReject(t, p, ExchangeStep(1-seat, give, take), rules.NotYourTurn, "turn")
		empty := p
		empty.camp, empty.bag = Columns{}, ColumnPool
		empty.bag.sub(p.hand[0])
		empty.bag.sub(p.hand[1])
		if err := empty.CanExchange(); err == nil || !strings.Contains(err.Error(), "nothing to exchange") {
			t.Errorf("an empty camp: %v", err)
		}
		mustReject(t, empty, ExchangeStep(seat, give, take), rules.Illegal, "nothing to exchange")
	})
	if err := p.CanExchange(); err != nil {
		t.Fatalf("before the exchange: %v", err)
	}
	e := mustApply(t, &p, ExchangeStep(seat, give, take))
	if p.Hand(seat) != (Columns{0, 1, 1, 0, 1}) || p.Camp() != (Columns{2, 0, 2, 2, 0}) || e.Step.Kind != Exchange {
		t.Fatalf("hand %v camp %v", p.Hand(seat), p.Camp())
	}
	if totalColumns(&p) != ColumnPool {
		t.Fatalf("columns not conserved")
	}
	mustReject(t, p, ExchangeStep(seat, Columns{0, 1}, Columns{1}), rules.Illegal, "exchanged this turn already")
	if err := p.CanExchange(); rules.ErrorCode(err) != rules.Illegal {
		t.Errorf("after the exchange: %v", err)
	}
	mustApply(t, &p, RevealStep(seat, BluePile))
	mustReject(t, p, ExchangeStep(seat, Columns{0, 1}, Columns{1}), rules.Illegal, "only before revealing")
	if err := p.CanExchange(); err == nil || !strings.Contains(err.Error(), "only before revealing") {
		t.Errorf("after the reveal: %v", err)
	}
}

func TestReveal(t *testing.T) {
	p := mustPosition(t, testOptions(2, Medium), 5)
	seat := p.Turn()
	top := deck[p.order[pileStart[YellowPile]]]
	e := mustApply(t, &p, RevealStep(seat, YellowPile))
	if c, ok := p.Card(); !ok || c != top || e.Card != top || p.PileLeft(YellowPile) != 11 || p.Stage() != Building {
		t.Fatalf("revealed %v (%v), pile %d, stage %s; want %v", c, ok, p.PileLeft(YellowPile), p.Stage(), top)
	}
	mustReject(t, p, RevealStep(seat, RedPile), rules.Illegal, "revealed your card for this turn already")
	q := mustPosition(t, testOptions(2, Medium), 5)
	q.revealed[RedPile] = uint8(PileSize(RedPile))
	mustReject(t, q, RevealStep(q.Turn(), RedPile), rules.Illegal, "The red pile is empty")
	mustReject(t, q, RevealStep(q.Turn(), Pile(7)), rules.Invalid, "blue, yellow and red")
}

func TestStepsOutOfStage(t *testing.T) {
	p := mustPosition(t, testOptions(2, Medium), 5)
	seat := p.Turn()
	b := Base{p.quarry[0], 1}
	mustReject(t, p, ColumnStep(seat, Yellow, b), rules.Illegal, "Reveal a card first")
	mustReject(t, p, GiveUpStep(seat, false), rules.Illegal, "Reveal a card before giving it up")
	mustReject(t, p, DoneStep(seat, false), rules.Illegal, "done ends a turn whose card goes to the level row")
	mustReject(t, p, ExtendStep(seat, p.NextFloor(), Hex{9, 9}, 0, NoSide), rules.Illegal, "There is no new floor to place")
	mustReject(t, p, Step{Seat: uint8(seat), Kind: Kind(42)}, rules.Invalid, "not a step")
	mustReject(t, p, RevealStep(7, BluePile), rules.Invalid, "no player in seat 8")
	over := p
	over.phase = Over
	mustReject(t, over, RevealStep(seat, BluePile), rules.GameOver, "over")
}

// columnBase returns an empty base of colour c on a standing floor, not on
// floor not.
func columnBase(t *testing.T, p *Position, c Colour, not FloorID) Base {
	t.Helper()
	for _, f := range p.PlacedFloors() {
		if f == not || p.Fallen(f) {
			continue
		}
		for i, s := range p.FloorBases(f) {
			b := Base{f, uint8(i + 1)}
			if s.Colour == c && !p.Column(b) {
				return b
			}
		}
	}
	t.Fatalf("no empty %s base", c)
	return Base{}
}

// colourOf returns the colour of base b.
func colourOf(p *Position, b Base) Colour { c, _ := p.BaseColour(b); return c }

func TestPlaceCard(t *testing.T) {
	p := mustPosition(t, testOptions(3, Medium), 8)
	seat := p.Turn()
	p.setHand(t, seat, Columns{2, 2, 1, 0, 0})
	p.setCard(t, PlaceCard, 2, FreeRim, true)
	b1 := columnBase(t, &p, Yellow, NoFloor)
	b2 := columnBase(t, &p, Red, NoFloor)
	t.Run("errors", func(t *testing.T) {
		mustReject(t, p, ColumnStep(seat, Red, b1), rules.Illegal, "Base "+b1.String()+" is yellow, not red")
		for _, f := range p.PlacedFloors() {
			for i, sp := range p.FloorBases(f) {
				if p.Hand(seat)[sp.Colour] == 0 {
					mustReject(t, p, ColumnStep(seat, sp.Colour, Base{f, uint8(i + 1)}), rules.Illegal,
						"You have no "+sp.Colour.String()+" column")
				}
			}
		}
		mustReject(t, p, ColumnStep(seat, Yellow, Base{p.NextFloor(), 1}), rules.Illegal, "is not in the temple")
		mustReject(t, p, ColumnStep(seat, Yellow, Base{b1.Floor, 6}), rules.Illegal, "has no base")
		mustReject(t, p, MoveStep(seat, b1, b2), rules.Illegal, "it moves none")
	})
	e := mustApply(t, &p, ColumnStep(seat, Yellow, b1))
	if e.TurnOver || !p.Column(b1) || p.Hand(seat)[Yellow] != 1 || p.FromHand() != 1 {
		t.Fatalf("after one column: turn over %v, hand %v", e.TurnOver, p.Hand(seat))
	}
	mustReject(t, p, ColumnStep(seat, Yellow, b1), rules.Illegal, "Base "+b1.String()+" already holds a column")
	e = mustApply(t, &p, ColumnStep(seat, Red, b2))
	if !e.CardDone || !e.TurnOver || e.Drawn.Total() != 2 || e.Next != (seat+1)%3 || p.Turn() != e.Next {
		t.Fatalf("the card's last column: %+v", e)
	}
	if p.Hand(seat).Total() != 5 || p.Stage() != Exchanging || p.Required() != LevelCards(Medium) {
		t.Fatalf("hand %v after the refill, stage %s, required %d", p.Hand(seat), p.Stage(), p.Required())
	}
	if totalColumns(&p) != ColumnPool {
		t.Fatalf("columns not conserved")
	}
}

// TestFullBaseMessage: a taken base names the floor's empty bases of that
// colour, or says there is none.
func TestFullBaseMessage(t *testing.T) {
	p := mustPosition(t, testOptions(2, Medium), 8)
	seat := p.Turn()
	p.setHand(t, seat, Columns{1, 1, 1, 1, 1})
	p.setCard(t, PlaceCard, 4, FreeRim, true)
	for _, f := range p.PlacedFloors() {
		for i, s := range p.FloorBases(f) {
			b := Base{f, uint8(i + 1)}
			if len(p.emptyBases(f, s.Colour).Bases()) == 1 {
				p.testColumn(t, b)
				mustReject(t, p, ColumnStep(seat, s.Colour, b), rules.Illegal,
					"there is no empty "+s.Colour.String()+" base on floor "+f.String())
				return
			}
		}
	}
	t.Fatal("no floor with a lone base of a colour")
}

func TestOneFloorCard(t *testing.T) {
	p := mustPosition(t, testOptions(2, Medium), 11)
	seat := p.Turn()
	p.setHand(t, seat, Columns{3, 3, 2, 1, 1})
	p.setCard(t, OneFloorCard, 2, FreeRim, true)
	// The first column chooses the floor with the most bases.
	f := p.PlacedFloors()[0]
	for _, g := range p.PlacedFloors() {
		if NumBases(g, p.floors[g].side) > NumBases(f, p.floors[f].side) {
			f = g
		}
	}
	bs := p.FloorBases(f)
	mustApply(t, &p, ColumnStep(seat, bs[0].Colour, Base{f, 1}))
	if p.Chosen() != f {
		t.Fatalf("chosen %s, want %s", p.Chosen(), f)
	}
	other := Base{}
	for _, g := range p.PlacedFloors() {
		if g != f {
			other = Base{g, 1}
		}
	}
	mustReject(t, p, ColumnStep(seat, colourOf(&p, other), other), rules.Illegal, "your first column chose floor "+f.String())
	for _, s := range p.LegalSteps(nil) {
		if s.Kind == PlaceColumn && s.To.Floor != f {
			t.Fatalf("legal step %s leaves the chosen floor", s)
		}
	}
	e := mustApply(t, &p, ColumnStep(seat, bs[1].Colour, Base{f, 2}))
	if !e.CardDone || !e.TurnOver {
		t.Fatalf("two columns on one floor do not finish the card")
	}
}

// TestFillCard: filling a floor triggers the new floor; once it is placed
// the card is done.
func TestFillCard(t *testing.T) {
	p := mustPosition(t, testOptions(2, Medium), 13)
	seat := p.Turn()
	f := p.PlacedFloors()[0]
	var need Columns
	for _, s := range p.FloorBases(f) {
		need[s.Colour]++
	}
	p.setHand(t, seat, need)
	p.setCard(t, FillCard, 1, FreeRim, true)
	bs := p.FloorBases(f)
	for i, s := range bs {
		e := mustApply(t, &p, ColumnStep(seat, s.Colour, Base{f, uint8(i + 1)}))
		last := i == len(bs)-1
		if last != (e.Filled == f) || last != (e.NewFloor == p.NextFloor()) || e.CardDone {
			t.Fatalf("column %d: filled %s, new floor %s, card done %v", i+1, e.Filled, e.NewFloor, e.CardDone)
		}
	}
	if p.Stage() != NewFloor {
		t.Fatalf("stage %s, want new-floor", p.Stage())
	}
	mustReject(t, p, ColumnStep(seat, Yellow, Base{f, 1}), rules.Illegal, "Place the new floor "+p.NextFloor().String()+" first")
	// Placing it as a base extension finishes the card, and the card then
	// goes to the level row: the turn waits for done.
	ext := firstStep(t, &p, kindIs(Extend))
	e := mustApply(t, &p, ext)
	if !e.CardDone || e.TurnOver || p.Stage() != Closing || !p.ToLevelRow() {
		t.Fatalf("after the extension: %+v, stage %s", e, p.Stage())
	}
	if steps := p.LegalSteps(nil); len(steps) != 2 || steps[0] != DoneStep(seat, false) || steps[1] != DoneStep(seat, true) {
		t.Fatalf("closing steps %v", steps)
	}
	mustReject(t, p, GiveUpStep(seat, false), rules.Illegal, "already goes to the level row")
	camp, bag := p.Camp(), p.Bag()
	e = mustApply(t, &p, DoneStep(seat, true))
	if !e.ToLevelRow || !e.Renewed || e.OldCamp != camp || p.Required() != LevelCards(Medium)+1 {
		t.Fatalf("done renew: %+v, required %d", e, p.Required())
	}
	if e.Drawn.Total() != len(bs) || p.Hand(seat).Total() != len(bs) {
		t.Fatalf("refill of %d, hand %v", e.Drawn.Total(), p.Hand(seat))
	}
	// The bag gave 6 new and the refill, and took the old camp back.
	want := bag
	want.add(camp)
	want.sub(e.NewCamp)
	want.sub(e.Drawn)
	if p.Bag() != want || totalColumns(&p) != ColumnPool {
		t.Fatalf("bag %v, want %v", p.Bag(), want)
	}
}

// TestNewFloorOnColumns covers the new floor's checks on columns: the rim's
// side, at least three free columns, the columns named exactly, and a
// floor step without a position going where it is most stable.
func TestNewFloorOnColumns(t *testing.T) {
	p := fillToNewFloor(t, DarkRim)
	seat := p.Turn()
	f := p.NextFloor()
	placements := p.Placements(nil)
	var best Placement
	for _, pl := range placements {
		if !pl.Extension {
			best = pl
			break
		}
	}
	if best.Step.Kind != PlaceFloor || best.Collapse {
		t.Fatalf("no standing placement on columns: %v", placements[:3])
	}
	s := best.Step
	if s.Side != Dark {
		t.Fatalf("a dark rim gave a %s placement", s.Side)
	}
	t.Run("errors", func(t *testing.T) {
		light := s
		light.Side = Light
		mustReject(t, *p, light, rules.Illegal, "Your card's rim is dark: the new floor goes dark side up")
		two := s
		two.On = NewBaseSet(s.On.Bases()[:2]...)
		mustReject(t, *p, two, rules.Illegal, "Floor "+f.String()+" would rest on only 2 free columns")
		wrong := s
		wrong.Floor = (f + 1) % NumFloors
		mustReject(t, *p, wrong, rules.Illegal, "The new floor is "+f.String())
		moved := s
		moved.At = s.At.Add(Hex{40, 0})
		mustReject(t, *p, moved, rules.Illegal, "edge of the table")
		mustReject(t, *p, ColumnStep(seat, Yellow, Base{p.quarry[0], 1}), rules.Illegal, "Place the new floor")
	})
	// Without a position, the floor goes to the most stable place over
	// exactly those columns: the ranked best.
	over := FloorStepOver(seat, f, s.On, int(s.Turn), NoSide)
	next, e, err := p.Apply(over)
	if err != nil {
		t.Fatal(err)
	}
	if e.Step.At != s.At || e.Step.Side != Dark || !e.Step.HasAt {
		t.Fatalf("resolved to %s, want %s", e.Step, s)
	}
	if e.Floor != f || e.Level != best.Level || next.Level(f) != best.Level || next.Supports(f) != s.On {
		t.Fatalf("placed %s on level %d on %s", e.Floor, e.Level, next.Supports(f))
	}
	if m, ok := next.Margin(f); !ok || m != best.Margin {
		t.Fatalf("margin %d, ranked %d", m, best.Margin)
	}
	checkStructure(t, &next)
}

// fillToNewFloor returns a game where the player to act has just filled a
// floor under a card with the given rim, many free columns standing on the
// base, so that the new floor must be placed.
func fillToNewFloor(t *testing.T, rim Rim) *Position {
	t.Helper()
	for seed := uint64(1); seed < 100; seed++ {
		p := mustPosition(t, testOptions(2, Medium), seed)
		seat := p.Turn()
		p.fillBases(t, 0)
		// Free one base of the first floor again and fill it by the card.
		f := p.quarry[0]
		b := Base{f, 1}
		var dirty uint32
		p.takeColumn(b, &dirty)
		p.bag[colourOf(&p, b)]++
		p.settle(dirty)
		hand := Columns{}
		hand[colourOf(&p, b)] = 1
		p.setHand(t, seat, hand)
		p.setCard(t, PlaceCard, 1, rim, false)
		e := mustApply(t, &p, ColumnStep(seat, colourOf(&p, b), b))
		if e.NewFloor != p.NextFloor() || p.Stage() != NewFloor {
			t.Fatalf("filling %s: %+v", f, e)
		}
		if hasStep(&p, kindIs(PlaceFloor)) {
			return &p
		}
	}
	t.Fatal("no seed leaves room for a floor on columns")
	return nil
}

func TestExtendErrors(t *testing.T) {
	p := fillToNewFloor(t, FreeRim)
	seat, f := p.Turn(), p.NextFloor()
	ext := firstStep(t, p, kindIs(Extend))
	far := ext
	far.At = Hex{30, 0}
	mustReject(t, *p, far, rules.Illegal, "along 0 edges: a base extension shares at least 2")
	onTop := ExtendStep(seat, f, p.FloorCells(p.quarry[0])[0], 0, Light)
	mustReject(t, *p, onTop, rules.Illegal, "would overlap floor "+p.quarry[0].String())
	noAt := ext
	noAt.HasAt = false
	mustReject(t, *p, noAt, rules.Invalid, "Say where floor")
	// A free rim takes either side; no side means light.
	ext.Side = NoSide
	_, e, err := p.Apply(ext)
	if err != nil || e.Step.Side != Light {
		t.Fatalf("extend without a side: %v, side %s", err, e.Step.Side)
	}
}

// TestSeveralNewFloors: one turn can fill several floors, each bringing a
// new floor, and building goes on after each.
func TestSeveralNewFloors(t *testing.T) {
	p := mustPosition(t, testOptions(2, Easy), 21)
	seat := p.Turn()
	var hand Columns
	var last [2]Base
	for i, f := range p.PlacedFloors()[:2] {
		bs := p.FloorBases(f)
		for n := 2; n <= len(bs); n++ {
			p.testColumn(t, Base{f, uint8(n)})
		}
		hand[bs[0].Colour]++
		last[i] = Base{f, 1}
	}
	p.setHand(t, seat, hand)
	p.setCard(t, PlaceCard, 2, FreeRim, true)
	placed := 0
	for i, b := range last {
		e := mustApply(t, &p, ColumnStep(seat, colourOf(&p, b), b))
		if e.NewFloor == NoFloor {
			t.Fatalf("filling %s brought no new floor", b.Floor)
		}
		e = mustApply(t, &p, firstStep(t, &p, kindIs(Extend)))
		placed++
		if (i == 1) != e.CardDone {
			t.Fatalf("after new floor %d: card done %v", i+1, e.CardDone)
		}
	}
	if p.Quarry() != NumFloors-BaseFloors-2 || p.Stage() != Closing {
		t.Fatalf("quarry %d, stage %s", p.Quarry(), p.Stage())
	}
	e := mustApply(t, &p, DoneStep(seat, false))
	// One card, one place in the level row, however many extensions.
	if p.Required() != LevelCards(Easy)+1 || e.Renewed {
		t.Fatalf("required %d", p.Required())
	}
}

// TestGiveUp is the rulebook's example: an unfulfilled card goes to the
// level row and the temple must be one level higher; what was built stays,
// and the hand is refilled for the columns placed.
func TestGiveUp(t *testing.T) {
	p := mustPosition(t, testOptions(3, Easy), 4)
	seat := p.Turn()
	if p.Required() != 3 {
		t.Fatalf("easy starts with %d level cards", p.Required())
	}
	p.setHand(t, seat, Columns{1, 1, 1, 1, 1})
	p.setCard(t, PlaceCard, 4, FreeRim, true)
	b := columnBase(t, &p, Yellow, NoFloor)
	mustApply(t, &p, ColumnStep(seat, Yellow, b))
	camp := p.Camp()
	e := mustApply(t, &p, GiveUpStep(seat, true))
	if p.Required() != 4 || !e.ToLevelRow || e.CardDone || !e.Renewed || e.OldCamp != camp || p.Camp() != e.NewCamp {
		t.Fatalf("give up renew: required %d, %+v", p.Required(), e)
	}
	if !p.Column(b) || e.Drawn.Total() != 1 || p.Hand(seat).Total() != 5 || p.Turn() != (seat+1)%3 {
		t.Fatalf("column kept %v, drawn %v, hand %v", p.Column(b), e.Drawn, p.Hand(seat))
	}
	if totalColumns(&p) != ColumnPool {
		t.Fatalf("columns not conserved")
	}
	q := mustPosition(t, testOptions(3, Easy), 4)
	q.setCard(t, PlaceCard, 1, FreeRim, true)
	q.camp.add(q.bag)
	q.bag = Columns{0, 0, 0, 0, 5}
	q.camp.sub(q.bag)
	mustReject(t, q, GiveUpStep(q.Turn(), true), rules.Illegal, "The bag holds only 5 columns: the camp cannot be renewed")
	for _, s := range q.LegalSteps(nil) {
		if s.Renew {
			t.Fatalf("legal %s with 5 columns in the bag", s)
		}
	}
}

// TestCanonicalSteps: fields a step's kind does not use are ignored and
// reported as zero, so equal steps compare equal.
func TestCanonicalSteps(t *testing.T) {
	p := mustPosition(t, testOptions(2, Medium), 5)
	seat := p.Turn()
	s := RevealStep(seat, BluePile)
	s.Colour, s.Floor, s.On, s.Renew, s.At = Red, 3, NewBaseSet(Base{1, 1}), true, Hex{4, 4}
	_, e, err := p.Apply(s)
	if err != nil || e.Step != RevealStep(seat, BluePile) {
		t.Fatalf("got %+v, %v", e.Step, err)
	}
	found := false
	for _, l := range p.LegalSteps(nil) {
		found = found || l == s.Canonical()
	}
	if !found {
		t.Errorf("the canonical step is not among the legal steps")
	}
}
