package menara

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestUnseen checks that Unseen lists exactly the unrevealed cards and the
// floors under the quarry's top, in deck and letter order, over random
// games.
func TestUnseen(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		p := mustPosition(t, testOptions(3, Medium), seed)
		rng := rand.New(rand.NewPCG(seed, 7))
		for p.Phase() != Over {
			u := p.Unseen()
			for pl := Pile(0); pl < NumPiles; pl++ {
				if len(u.Piles[pl]) != p.PileLeft(pl) {
					t.Fatalf("seed %d: %s pile: %d unseen, %d left", seed, pl, len(u.Piles[pl]), p.PileLeft(pl))
				}
				if !slices.IsSorted(u.Piles[pl]) {
					t.Fatalf("seed %d: %s pile not in deck order: %v", seed, pl, u.Piles[pl])
				}
				lo := int(pileStart[pl]) + int(p.revealed[pl])
				want := slices.Clone(p.order[lo:pileStart[pl+1]])
				slices.Sort(want)
				if !slices.Equal(u.Piles[pl], want) {
					t.Fatalf("seed %d: %s pile unseen %v, want %v", seed, pl, u.Piles[pl], want)
				}
				for _, c := range u.Piles[pl] {
					if deck[c].Pile != pl {
						t.Fatalf("card %d of pile %s listed under %s", c, deck[c].Pile, pl)
					}
				}
			}
			wantQ := max(0, p.Quarry()-1)
			if len(u.Quarry) != wantQ || !slices.IsSorted(u.Quarry) {
				t.Fatalf("seed %d: quarry unseen %v, want %d floors sorted", seed, u.Quarry, wantQ)
			}
			for _, f := range u.Quarry {
				if p.Placed(f) || f == p.NextFloor() {
					t.Fatalf("seed %d: floor %s is placed or on top, yet unseen", seed, f)
				}
			}
			next, _, err := p.Apply(p.RandomStep(rng))
			if err != nil {
				t.Fatal(err)
			}
			p = next
		}
	}
}

// TestRedeal checks that a redealt position differs from the original in
// nothing open, deals the given orders, draws from the new stream, and that
// orders of other cards or floors are refused.
func TestRedeal(t *testing.T) {
	p := mustPosition(t, testOptions(2, Easy), 5)
	// Play a few random steps so that some cards are revealed.
	rng := rand.New(rand.NewPCG(5, 5))
	for range 12 {
		next, _, err := p.Apply(p.RandomStep(rng))
		if err != nil {
			t.Fatal(err)
		}
		p = next
	}
	u := p.Unseen()
	for pl := range u.Piles {
		slices.Reverse(u.Piles[pl])
	}
	slices.Reverse(u.Quarry)
	q, err := p.Redeal(u, 99)
	if err != nil {
		t.Fatal(err)
	}
	open := func(x *Position) Position {
		y := *x
		y.order, y.rng = [NumCards]CardID{}, p.rng
		copy(y.quarry[y.drawn+1:], make([]FloorID, NumFloors))
		return y
	}
	if open(&q) != open(&p) {
		t.Errorf("a redealt position differs in what is open")
	}
	if q.NextFloor() != p.NextFloor() {
		t.Errorf("the quarry's top changed: %s, want %s", q.NextFloor(), p.NextFloor())
	}
	for pl := Pile(0); pl < NumPiles; pl++ {
		lo := int(pileStart[pl]) + int(p.revealed[pl])
		if got := q.order[lo:pileStart[pl+1]]; !slices.Equal(got, u.Piles[pl]) {
			t.Errorf("%s pile dealt %v, want %v", pl, got, u.Piles[pl])
		}
	}
	if got := q.quarry[q.drawn+1:]; !slices.Equal(got, u.Quarry) {
		t.Errorf("quarry dealt %v, want %v", got, u.Quarry)
	}
	var want rand.PCG
	want.Seed(99, streamMenara)
	if q.rng != want {
		t.Errorf("the stream is not the fresh one of seed 99")
	}
	// The same deal twice gives the same position.
	if q2, _ := p.Redeal(u, 99); q2 != q {
		t.Errorf("the same deal gives two positions")
	}

	bad := p.Unseen()
	if len(bad.Piles[RedPile]) > 0 {
		bad.Piles[RedPile][0] = 0 // a blue card in the red pile
		if _, err := p.Redeal(bad, 1); err == nil {
			t.Errorf("a blue card dealt into the red pile is accepted")
		}
	}
	bad = p.Unseen()
	bad.Quarry = append(bad.Quarry, p.NextFloor())
	if _, err := p.Redeal(bad, 1); err == nil {
		t.Errorf("the quarry's top dealt under it is accepted")
	}
	bad = p.Unseen()
	if len(bad.Quarry) > 1 {
		bad.Quarry[1] = bad.Quarry[0]
		if _, err := p.Redeal(bad, 1); err == nil {
			t.Errorf("a floor dealt twice is accepted")
		}
	}
}
