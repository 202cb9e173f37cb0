package stats

import (
	"encoding/json"
	"testing"
	"time"
)

// BenchmarkAddGame is what the end of a 4-player game of 140 moves adds to
// the transaction that ends it, tallies already full (RecentMoves kept):
// the 20 tallies decoded from JSON, the game added, and encoded again.
// bytes/tally is the size of the largest (the server's totals).
func BenchmarkAddGame(b *testing.B) {
	g := Game{ID: "c-1", Guild: "s", Kind: "shangrila", Started: t0, Ended: t0.Add(3 * 24 * time.Hour), Rated: true,
		Seats: []Seat{{Player: "111111111111111111", Rank: 1}, {Player: "222222222222222222", Rank: 2},
			{Player: "333333333333333333", Rank: 3}, {Player: Computer("hard"), Rank: 4}}}
	for i := range 140 {
		g.Moves = append(g.Moves, Move{Seat: i % 4, At: t0.Add(time.Duration(i) * 37 * time.Minute), ByComputer: i%4 == 3})
	}
	stored := map[Key][]byte{}
	tallies := map[Key]*Tally{}
	for _, k := range Keys(&g) {
		tallies[k] = &Tally{}
	}
	for range 3 {
		AddGame(tallies, &g)
	}
	largest := 0
	for k, t := range tallies {
		data, err := json.Marshal(t)
		if err != nil {
			b.Fatal(err)
		}
		stored[k] = data
		largest = max(largest, len(data))
	}
	b.ResetTimer()
	for range b.N {
		ts := make(map[Key]*Tally, len(stored))
		for k, data := range stored {
			t := &Tally{}
			if err := json.Unmarshal(data, t); err != nil {
				b.Fatal(err)
			}
			ts[k] = t
		}
		AddGame(ts, &g)
		for _, t := range ts {
			if _, err := json.Marshal(t); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(largest), "bytes/tally")
}
