package menara

import (
	"fmt"
	"slices"
)

// Unseen is what the players of a game cannot see: the cards not yet
// revealed from each pile and the floors under the top of the quarry (the
// top floor is open, see NextFloor). What is drawn from the bag later is
// unseen too, but the bag's contents are open (Bag), so only the order of
// the draws is hidden, and that lives in the game's stream.
//
// Position.Unseen lists them in a fixed order (cards in deck order, floors
// in letter order) that tells nothing of the real order; a computer player
// shuffles them and deals them back with Redeal to look ahead without
// peeking (determinization).
type Unseen struct {
	// Piles holds the cards left in each pile; for Redeal, top first.
	Piles [NumPiles][]CardID
	// Quarry holds the floors under the top of the quarry; for Redeal, the
	// next under the top first.
	Quarry []FloorID
}

// Unseen returns the cards left in each pile, in deck order, and the floors
// under the top of the quarry, in letter order: what the players know of
// the hidden order, which is only what it is made of.
func (p *Position) Unseen() Unseen {
	var u Unseen
	for pl := Pile(0); pl < NumPiles; pl++ {
		lo := int(pileStart[pl]) + int(p.revealed[pl])
		u.Piles[pl] = append([]CardID(nil), p.order[lo:pileStart[pl+1]]...)
		slices.Sort(u.Piles[pl])
	}
	if int(p.drawn) < NumFloors {
		u.Quarry = append([]FloorID(nil), p.quarry[p.drawn+1:]...)
		slices.Sort(u.Quarry)
	}
	return u
}

// Redeal returns a position the players cannot tell from p: everything
// open is the same, but the cards left in each pile lie in the order
// u.Piles gives (top first), the floors under the top of the quarry in the
// order u.Quarry gives, and every later draw (refills, renewals, shaky
// rolls) comes from a fresh stream seeded with stream. It returns an error,
// and p unchanged, when u is not an order of exactly the unseen cards and
// floors (see Unseen). The game's seed (Seed) stays that of p: a redealt
// position is a what-if for looking ahead, not a game to record.
func (p *Position) Redeal(u Unseen, stream uint64) (Position, error) {
	now := p.Unseen()
	for pl := Pile(0); pl < NumPiles; pl++ {
		if !sameElements(u.Piles[pl], now.Piles[pl]) {
			return *p, fmt.Errorf("menara: redeal: the %s pile holds %v, not %v", pl, now.Piles[pl], u.Piles[pl])
		}
	}
	if !sameElements(u.Quarry, now.Quarry) {
		return *p, fmt.Errorf("menara: redeal: the quarry under its top holds %v, not %v", now.Quarry, u.Quarry)
	}
	q := *p
	for pl := Pile(0); pl < NumPiles; pl++ {
		copy(q.order[int(pileStart[pl])+int(p.revealed[pl]):pileStart[pl+1]], u.Piles[pl])
	}
	if int(p.drawn) < NumFloors {
		copy(q.quarry[p.drawn+1:], u.Quarry)
	}
	q.rng.Seed(stream, streamMenara)
	return q, nil
}

// sameElements reports whether a and b hold the same elements, counted
// with multiplicity; want is sorted.
func sameElements[T CardID | FloorID](got, want []T) bool {
	if len(got) != len(want) {
		return false
	}
	s := slices.Clone(got)
	slices.Sort(s)
	return slices.Equal(s, want)
}
