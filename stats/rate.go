package stats

import (
	"slices"

	"github.com/tablebot/tablebot/rating"
)

// rate updates the ratings of a rated game's players, whose tallies
// players holds, and returns the changes in seat order (nil for a game
// not rated). A seat that resigned finishes below every seat that did
// not. A subject in several seats (a computer level playing two seats, a
// person playing two at one screen) is rated once: its rating after is
// the mean of its seats'.
func rate(players map[string]*Tally, g *Game) []Rated {
	if !g.Rated || g.Team != nil || len(g.Seats) < 2 {
		return nil
	}
	m := rating.Default()
	teams := make([][]rating.Rating, len(g.Seats))
	for i, s := range g.Seats {
		teams[i] = []rating.Rating{players[s.Player].Rating(g.Kind)}
	}
	after, err := m.Rate(teams, rateRanks(g))
	if err != nil {
		return nil // ranks the model refuses: the game is counted, not rated
	}
	sum := map[string]rating.Rating{}
	n := map[string]float64{}
	for i, s := range g.Seats {
		a := sum[s.Player]
		a.Mu += after[i][0].Mu
		a.Sigma += after[i][0].Sigma
		sum[s.Player] = a
		n[s.Player]++
	}
	out := make([]Rated, len(g.Seats))
	for i, s := range g.Seats {
		t := players[s.Player]
		r := Rated{Game: g.ID, Before: teams[i][0], After: rating.Rating{Mu: sum[s.Player].Mu / n[s.Player], Sigma: sum[s.Player].Sigma / n[s.Player]}}
		if t.Ratings == nil {
			t.Ratings, t.LastRated = map[string]rating.Rating{}, map[string]Rated{}
		}
		t.Ratings[g.Kind] = r.After
		t.LastRated[g.Kind] = r
		out[i] = r
	}
	return out
}

// rateRanks are the ranks the rating goes by: the seats' own, those who
// resigned below all others.
func rateRanks(g *Game) []int {
	worst := 0
	for _, s := range g.Seats {
		worst = max(worst, s.Rank)
	}
	ranks := make([]int, len(g.Seats))
	for i, s := range g.Seats {
		ranks[i] = s.Rank
		if s.Resigned {
			ranks[i] = worst + 1
		}
	}
	if slices.Contains(ranks, 0) {
		return nil
	}
	return ranks
}
