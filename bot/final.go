package bot

import (
	"slices"
	"time"

	"github.com/tablebot/tablebot/stats"
	"github.com/tablebot/tablebot/store"
)

// A finished game is counted in the statistics (stats, kept by the store
// in the transaction that ends it) when its Game says how it ended: a
// Finisher. A cancelled game counts for nobody; a seat that resigned has
// lost; a seat a computer played after its person left is the person's,
// marked as handed over, and the computer's moves are not theirs.

// Finisher is what a Game implements, besides Game, for its finished
// games to count in the statistics.
type Finisher interface {
	// Final says how the finished game st ended.
	Final(st State) Final
}

// Final is how a finished game ended.
type Final struct {
	// Ranks are the seats' places (1 the best; ties share one) in a game
	// each plays for themselves; Rated rates its players by them.
	Ranks []int
	Rated bool
	// Team is a cooperative game's result, for the whole table.
	Team *stats.TeamResult
}

// Result returns finished game g, whose state is st, as the statistics
// count it; nil when game is no Finisher. It is what the move that ends a
// game stores (Checked.Result) and what a rebuild of the statistics reads
// from every stored game (tablebot stats --rebuild).
func Result(game Game, g *store.Game, st State) *stats.Game {
	f, ok := game.(Finisher)
	if !ok || st == nil || !st.Over() {
		return nil
	}
	final := f.Final(st)
	r := &stats.Game{ID: g.ID, Guild: g.Guild, Kind: g.Kind, Started: started(g), Rated: final.Rated, Team: final.Team}
	for i, p := range g.Players {
		s := stats.Seat{Player: subject(p), Name: p.Name, Resigned: st.Out(i), HandedOver: p.HandedBy != "" || p.Away != ""}
		if i < len(final.Ranks) {
			s.Rank = final.Ranks[i]
		}
		r.Seats = append(r.Seats, s)
	}
	for _, m := range g.Moves {
		mv := stats.Move{Seat: -1, At: m.At, ByComputer: m.By == store.Computer}
		if !mv.ByComputer {
			mv.Seat = slices.IndexFunc(g.Players, func(p store.Player) bool {
				return p.UserID == m.By && m.By != "" || p.HandedBy == m.By && m.By != ""
			})
		}
		r.Moves = append(r.Moves, mv)
	}
	if n := len(g.Moves); n > 0 {
		r.Ended = g.Moves[n-1].At
	} else {
		r.Ended = g.Updated
	}
	return r
}

// subject is who a seat counts for in the statistics: its person, also
// after they handed it to a computer; else its computer's level.
func subject(p store.Player) string {
	switch {
	case p.HandedBy != "":
		return p.HandedBy
	case p.Computer != "":
		return stats.Computer(p.Computer)
	}
	return p.UserID
}

// started is when game g began: when its lobby started it, else when it
// was made.
func started(g *store.Game) time.Time {
	if t, err := time.Parse(time.RFC3339Nano, g.Settings[settingStarted]); err == nil {
		return t
	}
	return g.Created
}
