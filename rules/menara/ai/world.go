package ai

import (
	"math/rand/v2"

	"github.com/tablebot/tablebot/rules/menara"
)

// Looking ahead without peeking: the computer never reads the real order
// of the piles, the quarry under its top or the bag's future draws. It
// deals them afresh from what is open (menara.Position.Unseen and Redeal),
// from a sample drawn from its seed and the open state of the turn, so the
// same open position always gives the same sample, and every step of one
// turn looks at the same redealt world.

// mix returns h combined with x (splitmix64's finaliser).
func mix(h, x uint64) uint64 {
	h ^= x + 0x9e3779b97f4a7c15 + h<<6 + h>>2
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

func mixColumns(h uint64, c menara.Columns) uint64 {
	for _, n := range c {
		h = mix(h, uint64(n))
	}
	return h
}

// turnsPlayed returns how many turns have ended: the plan cards revealed
// before the card in play.
func turnsPlayed(p *menara.Position) int {
	n := menara.NumCards - p.CardsLeft()
	if _, ok := p.Card(); ok {
		n--
	}
	return n
}

// turnKey returns a number that names the turn of p from what is open and
// stays the same through the turn's steps (until a draw): the seat, the
// cards used, the level row, the bag.
func turnKey(p *menara.Position) uint64 {
	h := mix(uint64(p.Turn()+1), uint64(turnsPlayed(p)))
	h = mix(h, uint64(p.Required()))
	return mixColumns(h, p.Bag())
}

// sampleKey returns the seed of the sample for p: the turn, plus what the
// hidden order is made of now (the piles' and quarry's sizes, and the top
// floor), which changes when a card is revealed or a floor placed.
func sampleKey(seed uint64, p *menara.Position) uint64 {
	h := mix(seed, turnKey(p))
	for pl := menara.Pile(0); pl < menara.NumPiles; pl++ {
		h = mix(h, uint64(p.PileLeft(pl)))
	}
	h = mix(h, uint64(p.Quarry()))
	return mix(h, uint64(p.NextFloor()))
}

// sample is one redeal of the hidden order.
type sample struct {
	unseen menara.Unseen
	stream uint64
}

// newSample shuffles what is unseen in p with a generator seeded by seed
// and p's open state.
func newSample(seed uint64, p *menara.Position) sample {
	rng := rand.New(rand.NewPCG(sampleKey(seed, p), 0x6d61))
	u := p.Unseen()
	for pl := range u.Piles {
		rng.Shuffle(len(u.Piles[pl]), func(i, j int) { u.Piles[pl][i], u.Piles[pl][j] = u.Piles[pl][j], u.Piles[pl][i] })
	}
	rng.Shuffle(len(u.Quarry), func(i, j int) { u.Quarry[i], u.Quarry[j] = u.Quarry[j], u.Quarry[i] })
	return sample{u, rng.Uint64()}
}

// world returns p redealt with the sample.
func (s *sample) world(p *menara.Position) menara.Position {
	w, err := p.Redeal(s.unseen, s.stream)
	if err != nil {
		panic("ai: a sample of the unseen order does not redeal: " + err.Error())
	}
	return w
}

// cardKind is what makes two plan cards play alike.
type cardKind struct {
	typ menara.CardType
	n   uint8
	rim menara.Rim
}

func kindOf(c menara.CardID) cardKind {
	card := menara.Deck()[c]
	return cardKind{card.Type, card.N, card.Rim}
}

// kinds returns the kinds of card in a pile of the sample, each with how
// many of its cards the pile holds, in the order they first come.
func (s *sample) kinds(pl menara.Pile) ([]cardKind, []int) {
	var ks []cardKind
	var ns []int
	for _, c := range s.unseen.Piles[pl] {
		k := kindOf(c)
		found := false
		for i := range ks {
			if ks[i] == k {
				ns[i]++
				found = true
			}
		}
		if !found {
			ks = append(ks, k)
			ns = append(ns, 1)
		}
	}
	return ks, ns
}

// withTop returns p redealt with the sample, but with the first card of
// kind k moved to the top of pile pl: the world in which the reveal shows
// such a card.
func (s *sample) withTop(p *menara.Position, pl menara.Pile, k cardKind) menara.Position {
	u := s.unseen
	cards := append([]menara.CardID(nil), u.Piles[pl]...)
	for i, c := range cards {
		if kindOf(c) == k {
			copy(cards[1:i+1], cards[:i])
			cards[0] = c
			break
		}
	}
	u.Piles[pl] = cards
	w, err := p.Redeal(u, s.stream)
	if err != nil {
		panic("ai: a sample of the unseen order does not redeal: " + err.Error())
	}
	return w
}
