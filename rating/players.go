package rating

import "fmt"

// Change is what one game did to a player's rating.
type Change struct {
	Player        string
	Before, After Rating
}

// Delta is the change of the rating shown (Ordinal).
func (c Change) Delta() float64 { return c.After.Ordinal() - c.Before.Ordinal() }

// RateFreeForAll rates a game of players each playing for themselves:
// player i (an identifier the caller chooses: a user, or a computer and
// its level) finished at ranks[i], as in Rate. ratings holds the players'
// ratings before the game, a player without one being a newcomer, and is
// updated with their ratings after it; the changes come back in the
// players' order. A player may sit only once in a game; an error changes
// nothing.
func (m Model) RateFreeForAll(ratings map[string]Rating, players []string, ranks []int) ([]Change, error) {
	teams := make([][]Rating, len(players))
	seen := make(map[string]bool, len(players))
	for i, p := range players {
		if seen[p] {
			return nil, fmt.Errorf("%w: %q sits twice", ErrBadGame, p)
		}
		seen[p] = true
		r, ok := ratings[p]
		if !ok {
			r = m.New()
		}
		teams[i] = []Rating{r}
	}
	after, err := m.Rate(teams, ranks)
	if err != nil {
		return nil, err
	}
	changes := make([]Change, len(players))
	for i, p := range players {
		changes[i] = Change{Player: p, Before: teams[i][0], After: after[i][0]}
		ratings[p] = after[i][0]
	}
	return changes, nil
}
