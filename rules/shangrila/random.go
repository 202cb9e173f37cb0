package shangrila

import "math/rand/v2"

// RandomMove returns a legal move of the player to move, chosen uniformly
// among all of LegalMoves with rng, without building the whole list (pairs
// of recruits alone can number in the hundreds). The same rng state gives
// the same move. A finished game returns a Pass of nobody.
func (p *Position) RandomMove(rng *rand.Rand) Move {
	c := p.Turn()
	switch p.phase {
	case Over:
		return PassMove(NoColour)
	case SetupPhase:
		var buf [NumVillages * NumDisciplines]Move
		moves := p.appendSetupMoves(buf[:0], c)
		if len(moves) == 0 {
			return PassMove(c)
		}
		return moves[rng.IntN(len(moves))]
	}
	var g generated
	p.generate(c, &g)
	k := g.neligible
	pairs := k * (k - 1) / 2
	for d, n := range g.byDiscipline {
		if p.supply[c][d] < 2 {
			pairs -= n * (n - 1) / 2 // two students of one discipline need two tiles
		}
	}
	total := g.nplaces + k + pairs + g.njourneys
	if total == 0 {
		return PassMove(c)
	}
	r := rng.IntN(total)
	if r < g.nplaces {
		s := g.places[r]
		return PlaceMove(c, s.Village, s.Discipline)
	}
	r -= g.nplaces
	if r < k {
		return RecruitMove(c, g.eligible[r])
	}
	r -= k
	if r < pairs {
		// Every legal pair is equally likely: draw pairs uniformly and
		// redraw the ones the supply does not allow.
		for {
			i, j := rng.IntN(k), rng.IntN(k-1)
			if j >= i {
				j++
			}
			s, t := g.eligible[i], g.eligible[j]
			if s.Discipline != t.Discipline || p.supply[c][s.Discipline] >= 2 {
				return RecruitMove(c, s, t)
			}
		}
	}
	j := g.journeys[r-pairs]
	return JourneyMove(c, j[0], j[1])
}
