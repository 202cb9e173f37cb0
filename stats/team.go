package stats

import (
	"slices"
	"time"
)

// Team is a team's results in a cooperative game.
type Team struct {
	// Record counts every game; ByLevel per difficulty and number of
	// players.
	Record
	ByLevel map[Level]TeamRecord
	// BestHeight is the highest the team built in any game.
	BestHeight int
	// Streak is the run of games won that the last game ends (0 after a
	// loss); BestStreak the longest run of games won.
	Streak, BestStreak int
}

// Level is a difficulty with a number of players.
type Level struct {
	Difficulty string
	Players    int
}

// TeamRecord is a team's record at one level, with its best height
// there.
type TeamRecord struct {
	Record
	BestHeight int
}

// Teams returns the results of the cooperative games among games (those
// with a TeamResult) that were not cancelled, taken in the order they
// ended: the caller picks the games of one team (a server's, a group of
// players').
func Teams(games []Game) Team {
	type result struct {
		ended time.Time
		level Level
		res   TeamResult
	}
	var rs []result
	for _, g := range games {
		if g.Team != nil && !g.Cancelled {
			rs = append(rs, result{g.Ended, Level{g.Team.Difficulty, len(g.Seats)}, *g.Team})
		}
	}
	slices.SortStableFunc(rs, func(a, b result) int { return a.ended.Compare(b.ended) })
	t := Team{ByLevel: map[Level]TeamRecord{}}
	for _, r := range rs {
		t.add(r.res.Won)
		rec := t.ByLevel[r.level]
		rec.add(r.res.Won)
		rec.BestHeight = max(rec.BestHeight, r.res.Height)
		t.ByLevel[r.level] = rec
		t.BestHeight = max(t.BestHeight, r.res.Height)
		if r.res.Won {
			t.Streak++
			t.BestStreak = max(t.BestStreak, t.Streak)
		} else {
			t.Streak = 0
		}
	}
	return t
}
