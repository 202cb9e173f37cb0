package stats

// Record counts games played and won.
type Record struct {
	Played, Won int
}

// WinRate is the share of games won, from 0 to 1; 0 for no games.
func (r Record) WinRate() float64 {
	if r.Played == 0 {
		return 0
	}
	return float64(r.Won) / float64(r.Played)
}

func (r *Record) add(won bool) {
	r.Played++
	if won {
		r.Won++
	}
}

// Table is a kind of game with a number of players, for records per
// number of players.
type Table struct {
	Kind    string
	Players int
}
