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
		t.Add(r.level.Players, r.res)
	}
	return t
}

// Add counts one more game of players, which ended after those counted.
func (t *Team) Add(players int, res TeamResult) {
	if t.ByLevel == nil {
		t.ByLevel = map[Level]TeamRecord{}
	}
	t.add(res.Won)
	level := Level{res.Difficulty, players}
	rec := t.ByLevel[level]
	rec.add(res.Won)
	rec.BestHeight = max(rec.BestHeight, res.Height)
	t.ByLevel[level] = rec
	t.BestHeight = max(t.BestHeight, res.Height)
	if res.Won {
		t.Streak++
		t.BestStreak = max(t.BestStreak, t.Streak)
	} else {
		t.Streak = 0
	}
}
