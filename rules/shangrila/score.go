package shangrila

import "sort"

// Score is what counts at the end: the masters a player has on the board
// (students do not count; villages with a stone do), and as the tie-break
// the number of villages holding at least one of the player's masters.
type Score struct {
	Masters  int
	Villages int
}

// better reports whether s ranks above t.
func (s Score) better(t Score) bool {
	return s.Masters > t.Masters || s.Masters == t.Masters && s.Villages > t.Villages
}

// Score returns player c's current score.
func (p Position) Score(c Colour) Score {
	var s Score
	for _, r := range p.villages {
		if n := count(r.ownedBy(c)); n > 0 {
			s.Masters += n
			s.Villages++
		}
	}
	return s
}

// Placing is one line of the ranking.
type Placing struct {
	Colour   Colour
	Score    Score
	Rank     int  // 1 for the best; tied players share a rank
	Resigned bool // resigned players rank below all others
}

// Ranking returns the players from best to worst by the current score:
// masters, then villages; equal players share a rank and keep seat order.
// Players who resigned rank after everyone who did not.
func (p Position) Ranking() []Placing {
	out := make([]Placing, p.nseats)
	for i := range out {
		c := p.seats[i]
		out[i] = Placing{Colour: c, Score: p.Score(c), Resigned: p.resigned&(1<<i) != 0}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Resigned != out[j].Resigned {
			return !out[i].Resigned
		}
		return out[i].Score.better(out[j].Score)
	})
	for i := range out {
		switch {
		case i > 0 && out[i].Resigned == out[i-1].Resigned && out[i].Score == out[i-1].Score:
			out[i].Rank = out[i-1].Rank
		default:
			out[i].Rank = i + 1
		}
	}
	return out
}

// Winners returns the winners once the game is over, in seat order: the
// active players ranked first (several on a shared win). It returns nil
// while the game goes on.
func (p Position) Winners() []Colour {
	if p.phase != Over {
		return nil
	}
	var out []Colour
	for _, pl := range p.Ranking() {
		if pl.Rank == 1 && !pl.Resigned {
			out = append(out, pl.Colour)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		si, _ := p.Seat(out[i])
		sj, _ := p.Seat(out[j])
		return si < sj
	})
	return out
}
