package menara

import (
	"math/rand/v2"
	"testing"
)

// checkInvariants checks everything a position must always satisfy.
func checkInvariants(t *testing.T, p *Position) {
	t.Helper()
	if got := totalColumns(p); got != ColumnPool {
		t.Fatalf("columns by colour %v, want the pool %v", got, ColumnPool)
	}
	if p.Camp().Total() != CampSize {
		t.Fatalf("camp of %d", p.Camp().Total())
	}
	placed := 0
	for f := FloorID(0); f < NumFloors; f++ {
		if p.Placed(f) {
			placed++
		}
	}
	if placed+p.Quarry() != NumFloors || placed != len(p.PlacedFloors()) {
		t.Fatalf("%d floors placed and %d in the quarry", placed, p.Quarry())
	}
	for _, b := range p.Columns().Bases() {
		if !p.isBase(b) {
			t.Fatalf("column on %s, which is not a base", b)
		}
	}
	if p.Phase() == Playing {
		if p.collapsed() || p.fallen != 0 || !p.fallenColumns.Empty() {
			t.Fatalf("the game goes on after a collapse")
		}
		if p.Stage() == Exchanging && (p.card != NoCard || p.FromHand() != 0) {
			t.Fatalf("a turn starts with a card in play")
		}
		if p.Hand(p.Turn()).Total() > HandSize(p.Difficulty(), p.NumPlayers()) {
			t.Fatalf("hand of %d", p.Hand(p.Turn()).Total())
		}
	} else if (p.Outcome().Reason == Collapse) != (p.fallen != 0) {
		t.Fatalf("outcome %+v with fallen floors %b", p.Outcome(), p.fallen)
	}
	if p.Phase() == Over && p.Outcome().Won != (p.Outcome().Reason != Collapse && p.Height() >= p.Required()) {
		t.Fatalf("outcome %+v with height %d of %d", p.Outcome(), p.Height(), p.Required())
	}
	used := NumCards - p.CardsLeft()
	if p.card != NoCard {
		used--
	}
	if p.Required() < LevelCards(p.Difficulty()) || p.Required() > LevelCards(p.Difficulty())+used {
		t.Fatalf("%d cards in the level row after %d cards used", p.Required(), used)
	}
	checkStructure(t, p)
}

// playRandom plays a whole game of uniformly random legal steps, checking
// every step against LegalSteps (now and then) and the invariants.
func playRandom(t *testing.T, o Options, seed uint64, check func(*Position)) (Position, []Step) {
	t.Helper()
	p := mustPosition(t, o, seed)
	rng := rand.New(rand.NewPCG(seed, 77))
	var steps []Step
	for i := 0; p.Phase() != Over; i++ {
		s := p.RandomStep(rng)
		if i%7 == 0 {
			legal := p.LegalSteps(nil)
			found := false
			for _, l := range legal {
				found = found || l == s
			}
			n := 0
			p.visit(false, func(*Step, *candidate) bool { n++; return true })
			if !found || n != len(legal) {
				t.Fatalf("seed %d: random step %s is not among %d legal steps (%d counted)", seed, s, len(legal), n)
			}
		}
		next, e, err := p.Apply(s)
		if err != nil {
			t.Fatalf("seed %d: random step %s: %v", seed, s, err)
		}
		if e.Step.Kind != s.Kind {
			t.Fatalf("effects of another step")
		}
		p = next
		steps = append(steps, e.Step)
		if check != nil {
			check(&p)
		}
		if len(steps) > 5000 {
			t.Fatalf("seed %d: a game of more than 5000 steps", seed)
		}
	}
	return p, steps
}

// TestRandomGames plays thousands of random games over every player count,
// difficulty and hand mode, checking the invariants after every step and
// that each replays exactly.
func TestRandomGames(t *testing.T) {
	games := 2400
	if testing.Short() {
		games = 240
	}
	reasons := map[EndReason]int{}
	won := 0
	for i := range games {
		o := testOptions(1+i%4, Difficulty(i/4%3))
		if i%5 == 0 {
			o.Hands = Shaky
		}
		if i%7 == 0 {
			o.Side = Dark
		}
		seed := uint64(i)
		every := i%50 == 0
		end, steps := playRandom(t, o, seed, func(p *Position) {
			if every {
				checkInvariants(t, p)
			}
		})
		checkInvariants(t, &end)
		reasons[end.Outcome().Reason]++
		if end.Outcome().Won {
			won++
		}
		if i%10 == 0 {
			start := mustPosition(t, o, seed)
			again, err := Replay(start, steps)
			if err != nil || again != end {
				t.Fatalf("game %d does not replay: %v", i, err)
			}
		}
	}
	t.Logf("%d games: ends %v, %d won", games, reasons, won)
	// Random teams give up too often to use up the floors or the bag;
	// TestLastFloor and TestEndConditions cover those ends.
	for _, r := range []EndReason{Collapse, CardsUsed} {
		if reasons[r] == 0 {
			t.Errorf("no random game ended by %s", r)
		}
	}
}

func TestGameUndo(t *testing.T) {
	g, err := NewGame(testOptions(2, Medium), 9)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	var positions []Position
	for range 60 {
		p := g.Position()
		if p.Phase() == Over {
			break
		}
		positions = append(positions, p)
		if _, err := g.Play(p.RandomStep(rng)); err != nil {
			t.Fatal(err)
		}
	}
	for i := len(positions) - 1; i >= 0; i-- {
		if _, ok := g.Undo(); !ok || g.Position() != positions[i] {
			t.Fatalf("undo %d does not restore the position", i)
		}
	}
	if _, ok := g.Undo(); ok || g.NumSteps() != 0 || g.Position() != g.Start() {
		t.Fatalf("undo past the start")
	}
	if _, err := g.Play(DoneStep(0, false)); err == nil || g.NumSteps() != 0 {
		t.Fatalf("an illegal step was played")
	}
}
