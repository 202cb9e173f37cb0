package shangrila

import (
	"math/bits"
	"math/rand/v2"
)

// RandomMove returns a legal move of the player to move, chosen uniformly
// among all of LegalMoves with rng, without building the whole list (pairs
// of recruits alone can number in the hundreds). The same rng state gives
// the same move. A finished game returns a Pass of nobody.
func (p Position) RandomMove(rng *rand.Rand) Move {
	c := p.Turn()
	switch p.phase {
	case Over:
		return PassMove(NoColour)
	case SetupPhase:
		var o setupOptions
		p.setupOptions(c, &o)
		if o.n == 0 {
			return PassMove(c)
		}
		s := nth(&o.spaces, rng.IntN(o.n))
		return SetupMove(c, s.Village, s.Discipline)
	}
	var g generated
	p.generate(c, &g)
	k := g.neligible
	pairs := k * (k - 1) / 2
	twice := p.supply[c].atLeast(2)
	for d := Discipline(0); d < NumDisciplines; d++ {
		if twice&disciplineBit(d) == 0 {
			n := int(g.perDiscipline.at(d))
			pairs -= n * (n - 1) / 2 // two students of one discipline need two tiles
		}
	}
	total := g.nplaces + k + pairs + g.njourneys
	if total == 0 {
		return PassMove(c)
	}
	r := rng.IntN(total)
	if r < g.nplaces {
		s := nth(&g.place, r)
		return PlaceMove(c, s.Village, s.Discipline)
	}
	r -= g.nplaces
	if r < k {
		return RecruitMove(c, nth(&g.eligible, r))
	}
	r -= k
	if r < pairs {
		// Every legal pair is equally likely: draw pairs uniformly and
		// draw again when the supply does not allow the pair.
		for {
			i, j := rng.IntN(k), rng.IntN(k-1)
			if j >= i {
				j++
			}
			s, t := nth(&g.eligible, i), nth(&g.eligible, j)
			if s.Discipline != t.Discipline || twice&disciplineBit(s.Discipline) != 0 {
				return RecruitMove(c, s, t)
			}
		}
	}
	r -= pairs
	for v := Village(0); v < NumVillages; v++ {
		if g.journeyFrom&(1<<v) == 0 {
			continue
		}
		m := p.bridges & villageBridges[v]
		if n := bits.OnesCount32(m); r >= n {
			r -= n
			continue
		}
		for ; r > 0; r-- {
			m &= m - 1
		}
		w, _ := Bridge(bits.TrailingZeros32(m)).Other(v)
		return JourneyMove(c, v, w)
	}
	panic("shangrila: journey index out of range")
}
