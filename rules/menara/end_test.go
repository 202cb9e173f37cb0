package menara

import (
	"math/rand/v2"
	"testing"
)

// endScene returns a game with a one-level temple where the player to act
// holds a yellow column and plays a place-1 card; a yellow base is free.
func endScene(t *testing.T) (*Position, Base) {
	t.Helper()
	p := temple(t, 1, 1)
	seat := p.Turn()
	p.setHand(t, seat, Columns{1})
	p.setCard(t, PlaceCard, 1, FreeRim, true)
	for _, f := range p.PlacedFloors() {
		for i, s := range p.FloorBases(f) {
			b := Base{f, uint8(i + 1)}
			if s.Colour == Yellow && !p.Column(b) && NumBases(f, p.floors[f].side) > 1 {
				// Keep it from filling its floor: leave another base empty.
				empty := 0
				for j := range p.FloorBases(f) {
					if !p.Column(Base{f, uint8(j + 1)}) {
						empty++
					}
				}
				if empty > 1 {
					return p, b
				}
			}
		}
	}
	t.Fatal("no yellow base")
	return nil, Base{}
}

func TestEndConditions(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(p *Position)
		want    Outcome
	}{
		{"goes on", func(p *Position) {}, Outcome{}},
		{"refill", func(p *Position) {
			// The bag is empty: the column placed cannot be replaced.
			p.hand[1-p.turn].add(p.bag)
			p.bag = Columns{}
		}, Outcome{false, Refill}},
		{"cards", func(p *Position) {
			p.revealed = [NumPiles]uint8{9, 12, 14}
		}, Outcome{false, CardsUsed}},
		{"floors", func(p *Position) {
			p.drawn = NumFloors // as if the last floor had been placed
			for _, f := range p.quarry[BaseFloors+1:] {
				p.floors[f] = floorState{at: Hex{30, 0}, level: 0, side: Light}
			}
		}, Outcome{false, FloorsUsed}},
		{"refill before cards", func(p *Position) {
			p.hand[1-p.turn].add(p.bag)
			p.bag = Columns{}
			p.revealed = [NumPiles]uint8{9, 12, 14}
		}, Outcome{false, Refill}},
		{"cards before floors", func(p *Position) {
			p.revealed = [NumPiles]uint8{9, 12, 14}
			p.drawn = NumFloors
			for _, f := range p.quarry[BaseFloors+1:] {
				p.floors[f] = floorState{at: Hex{30, 0}, level: 0, side: Light}
			}
		}, Outcome{false, CardsUsed}},
		{"won", func(p *Position) {
			p.revealed = [NumPiles]uint8{9, 12, 14}
			p.levelRow = 1 // the temple is one level high
		}, Outcome{true, CardsUsed}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, b := endScene(t)
			tt.prepare(p)
			e := mustApply(t, p, ColumnStep(p.Turn(), Yellow, b))
			if !e.TurnOver || e.GameOver != (tt.want.Reason != NotEnded) || e.Outcome != tt.want || p.Outcome() != tt.want {
				t.Fatalf("effects %+v, outcome %+v; want %+v", e, p.Outcome(), tt.want)
			}
			if tt.want.Reason == NotEnded {
				if p.Phase() != Playing || e.Next != p.Turn() {
					t.Fatalf("the game did not go on")
				}
				return
			}
			if p.Phase() != Over || p.Turn() != -1 || len(p.LegalSteps(nil)) != 0 || (p.RandomStep(newTestRand(1)) != Step{}) {
				t.Fatalf("a finished game still offers steps")
			}
		})
	}
}

// TestShakyHands: in the amber band a step fails with probability
// (δ_safe − m)/(δ_safe − δ(L)), drawn from the game's stream, for today's
// band (Shaky) and the first, wide one (ShakyWide). Over many random games
// the failures follow the risks, a failed step changes nothing but the
// card's fate, and replays fail the same way.
func TestShakyHands(t *testing.T) {
	for _, h := range []Hands{Shaky, ShakyWide} {
		t.Run(h.String(), func(t *testing.T) { shakyGames(t, h) })
	}
}

// shakyGames plays random games with hands h and checks their failures.
func shakyGames(t *testing.T, h Hands) {
	t.Helper()
	var risk, fails float64
	n := 0
	games := 400
	if testing.Short() {
		games = 100
	}
	for seed := uint64(0); seed < uint64(games); seed++ {
		o := testOptions(2, Easy)
		o.Hands = h
		p := mustPosition(t, o, seed)
		rng := rand.New(rand.NewPCG(seed, 5))
		for p.Phase() != Over {
			s := p.RandomStep(rng)
			_, pe, err := p.Preview(s)
			if err != nil {
				t.Fatal(err)
			}
			next, e, err := p.Apply(s)
			if err != nil {
				t.Fatal(err)
			}
			if e.Risk != pe.Risk {
				t.Fatalf("preview risk %v, applied %v", pe.Risk, e.Risk)
			}
			if e.Risk.Num > 0 {
				n++
				risk += float64(e.Risk.Num) / float64(e.Risk.Den)
				if e.Failed {
					fails++
					if next.Stage() != Closing || !next.ToLevelRow() || !next.Failed() ||
						next.columns != p.columns || next.hand != p.hand || next.drawn != p.drawn {
						t.Fatalf("a failed %s changed the temple or the hand", s)
					}
					if steps := next.LegalSteps(nil); steps[0].Kind != Done {
						t.Fatalf("after a failure: %v", steps)
					}
				}
			} else if e.Failed {
				t.Fatalf("%s failed without risk", s)
			}
			p = next
		}
	}
	if n < 5 {
		t.Fatalf("only %d risky steps", n)
	}
	// Failures are a sum of independent draws with these probabilities;
	// allow five standard deviations (at most √n/2).
	if d := fails - risk; d*d > 25*float64(n)/4 {
		t.Errorf("%d risky steps: %.0f failures, expected %.1f", n, fails, risk)
	}
	t.Logf("%d risky steps: %.0f failures, expected %.1f", n, fails, risk)
}

func TestRiskPercent(t *testing.T) {
	tests := []struct {
		r    Risk
		want int
	}{{Risk{}, 0}, {Risk{Num: 1, Den: 3}, 33}, {Risk{Num: 1, Den: 2}, 50}, {Risk{Num: 2, Den: 3}, 67}, {Risk{Num: 7, Den: 7}, 100}}
	for _, tt := range tests {
		if got := tt.r.Percent(); got != tt.want {
			t.Errorf("%v: %d%%, want %d%%", tt.r, got, tt.want)
		}
	}
}

// TestLastFloor plays the end by floors for real: every floor but one
// extends the base, then filling a floor brings the last one.
func TestLastFloor(t *testing.T) {
	p := mustPosition(t, testOptions(2, Easy), 2)
	var g grid
	for p.Quarry() > 1 {
		var c candidate
		p.extensions(&g, p.NextFloor(), []Side{Light}, func(x *candidate) bool { c = *x; return false })
		var dirty uint32
		p.setFloor(&c.pl, 0, BaseSet{}, &dirty)
		p.drawn++
	}
	seat := p.Turn()
	f := p.quarry[0]
	bs := p.FloorBases(f)
	for n := 2; n <= len(bs); n++ {
		p.testColumn(t, Base{f, uint8(n)})
	}
	var hand Columns
	hand[bs[0].Colour] = 1
	p.setHand(t, seat, hand)
	p.setCard(t, PlaceCard, 1, FreeRim, true)
	mustApply(t, &p, ColumnStep(seat, bs[0].Colour, Base{f, 1}))
	mustApply(t, &p, firstStep(t, &p, kindIs(Extend)))
	e := mustApply(t, &p, DoneStep(seat, false))
	if e.Outcome != (Outcome{false, FloorsUsed}) || p.Quarry() != 0 || p.NextFloor() != NoFloor {
		t.Fatalf("outcome %+v, quarry %d", e.Outcome, p.Quarry())
	}
	checkStructure(t, &p)
}
