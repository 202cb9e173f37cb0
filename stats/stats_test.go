package stats

import (
	"reflect"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)

// at is t0 plus a duration given as text ("3m10s").
func at(t *testing.T, d string) time.Time {
	t.Helper()
	dd, err := time.ParseDuration(d)
	if err != nil {
		t.Fatal(err)
	}
	return t0.Add(dd)
}

func day(n int) time.Time { return t0.AddDate(0, 0, n) }

func seats(names ...string) []Seat {
	s := make([]Seat, len(names))
	for i, n := range names {
		s[i] = Seat{Player: n}
	}
	return s
}

// series is the scripted series of games the tests count by hand.
func series(t *testing.T) []Game {
	t.Helper()
	mv := func(seat int, d string) Move { return Move{Seat: seat, At: at(t, d)} }
	g4 := Game{Kind: "menara", Started: t0, Ended: day(1), Seats: seats("ana", "bob", "cara"),
		Team:  &TeamResult{Difficulty: "easy", Won: true, Height: 5},
		Moves: []Move{mv(0, "1m"), mv(1, "2m"), {Seat: 0, At: at(t, "2m5s"), ByComputer: true}, mv(2, "4m")}}
	g4.Seats[0].HandedOver = true
	return []Game{
		// G1: Ana wins against Bob and the hard computer.
		{Kind: "shangrila", Started: t0, Ended: day(0), Seats: []Seat{{Player: "ana", Rank: 1}, {Player: "bob", Rank: 2}, {Player: "computer:hard", Rank: 3}},
			Moves: []Move{mv(0, "1m"), mv(1, "3m"), mv(2, "3m10s"), mv(0, "7m"), mv(1, "8m")}},
		// G2: Bob and Cara share the win; Dan resigned.
		{Kind: "shangrila", Started: t0, Ended: day(0), Seats: []Seat{{Player: "ana", Rank: 2}, {Player: "bob", Rank: 1}, {Player: "cara", Rank: 1}, {Player: "dan", Rank: 4, Resigned: true}},
			Moves: []Move{mv(0, "2m"), mv(1, "2m30s"), mv(2, "5m30s"), mv(3, "6m"), mv(0, "16m")}},
		// G3: cancelled, counts for nobody.
		{Kind: "shangrila", Started: t0, Ended: day(0), Cancelled: true, Seats: []Seat{{Player: "ana", Rank: 1}, {Player: "bob", Rank: 2}, {Player: "eve", Rank: 3}},
			Moves: []Move{mv(0, "1h"), mv(1, "2h")}},
		g4,
		{Kind: "menara", Ended: day(2), Seats: seats("ana", "bob", "cara"), Team: &TeamResult{Difficulty: "easy", Height: 7}},
		// G7 before G6 in the list, after it in time.
		{Kind: "menara", Ended: day(4), Seats: seats("ana", "bob", "cara"), Team: &TeamResult{Difficulty: "easy", Won: true, Height: 6}},
		{Kind: "menara", Ended: day(3), Seats: seats("ana", "bob"), Team: &TeamResult{Difficulty: "hard", Won: true, Height: 4}},
		// A cancelled cooperative game is no loss.
		{Kind: "menara", Ended: day(5), Cancelled: true, Seats: seats("ana", "bob"), Team: &TeamResult{Difficulty: "hard", Height: 9}},
	}
}

func dur(t *testing.T, s string) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestPlayers(t *testing.T) {
	sh3, sh4, me2, me3 := Table{"shangrila", 3}, Table{"shangrila", 4}, Table{"menara", 2}, Table{"menara", 3}
	// Times by hand, each from the move before: Ana took 1m and 3m50s in
	// G1 (the computer moved at 3m10s), 2m and 10m in G2, 1m in G4 (her
	// computer's move not counted): 1m, 1m, 2m, 3m50s, 10m, whose median
	// is 2m and whose 90th percentile lies 0.6 of the way from 3m50s to
	// 10m (rank 0.9·4 = 3.6): 230s + 0.6·370s = 7m32s. Bob: 2m, 1m, 30s, 1m: median 1m,
	// 90th 1m + 0.7·1m. Cara: 3m and 1m55s: median their mean, 90th
	// 1m55s + 0.9·65s.
	want := []Player{
		{Player: "ana", Record: Record{6, 4}, ByGame: map[string]Record{"shangrila": {2, 1}, "menara": {4, 3}},
			ByTable: map[Table]Record{sh3: {1, 1}, sh4: {1, 0}, me3: {3, 2}, me2: {1, 1}}, HandedOver: 1,
			Moves: 5, MedianMove: dur(t, "2m"), SlowMove: dur(t, "7m32s")},
		{Player: "bob", Record: Record{6, 4}, ByGame: map[string]Record{"shangrila": {2, 1}, "menara": {4, 3}},
			ByTable: map[Table]Record{sh3: {1, 0}, sh4: {1, 1}, me3: {3, 2}, me2: {1, 1}},
			Moves:   4, MedianMove: dur(t, "1m"), SlowMove: dur(t, "1m42s")},
		{Player: "cara", Record: Record{4, 3}, ByGame: map[string]Record{"shangrila": {1, 1}, "menara": {3, 2}},
			ByTable: map[Table]Record{sh4: {1, 1}, me3: {3, 2}},
			Moves:   2, MedianMove: dur(t, "2m27.5s"), SlowMove: dur(t, "2m53.5s")},
		{Player: "computer:hard", Record: Record{1, 0}, ByGame: map[string]Record{"shangrila": {1, 0}},
			ByTable: map[Table]Record{sh3: {1, 0}}, Moves: 1, MedianMove: dur(t, "10s"), SlowMove: dur(t, "10s")},
		{Player: "dan", Record: Record{1, 0}, ByGame: map[string]Record{"shangrila": {1, 0}},
			ByTable: map[Table]Record{sh4: {1, 0}}, Resigned: 1, Moves: 1, MedianMove: dur(t, "30s"), SlowMove: dur(t, "30s")},
	}
	got := Players(series(t))
	if len(got) != len(want) {
		t.Fatalf("got %d players, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		t.Run(want[i].Player, func(t *testing.T) {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("got  %+v\nwant %+v", got[i], want[i])
			}
		})
	}
}

func TestPlayersOneSeatEach(t *testing.T) {
	// The same person in two seats of one game (at one screen) played it
	// once, and won it.
	got := Players([]Game{{Kind: "shangrila", Seats: []Seat{{Player: "ana", Rank: 2}, {Player: "ana", Rank: 1}, {Player: "bob", Rank: 3}}}})
	if got[0].Player != "ana" || got[0].Record != (Record{1, 1}) {
		t.Errorf("got %+v, want ana with 1 game, 1 won", got[0])
	}
}

func TestTeams(t *testing.T) {
	// By hand, in the order the games ended: G4 won (easy, 3, height 5),
	// G5 lost (easy, 3, height 7), G6 won (hard, 2, height 4), G7 won
	// (easy, 3, height 6); the cancelled game's height 9 is not counted.
	want := Team{
		Record: Record{4, 3},
		ByLevel: map[Level]TeamRecord{
			{"easy", 3}: {Record{3, 2}, 7},
			{"hard", 2}: {Record{1, 1}, 4},
		},
		BestHeight: 7, Streak: 2, BestStreak: 2,
	}
	if got := Teams(series(t)); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestTeamsStreakBroken(t *testing.T) {
	var games []Game
	for i, won := range []bool{true, true, true, false, true} {
		games = append(games, Game{Kind: "menara", Ended: day(i), Seats: seats("ana"), Team: &TeamResult{Won: won}})
	}
	got := Teams(games)
	if got.Streak != 1 || got.BestStreak != 3 {
		t.Errorf("streak %d, best %d; want 1, 3", got.Streak, got.BestStreak)
	}
}

func TestPercentile(t *testing.T) {
	s := func(ds ...int) []time.Duration {
		out := make([]time.Duration, len(ds))
		for i, d := range ds {
			out[i] = time.Duration(d) * time.Second
		}
		return out
	}
	tests := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"none", nil, 0.5, 0},
		{"one", s(7), 0.9, 7 * time.Second},
		{"median of odd", s(1, 2, 9), 0.5, 2 * time.Second},
		{"median of even", s(1, 2, 4, 9), 0.5, 3 * time.Second},
		{"90th of ten", s(1, 2, 3, 4, 5, 6, 7, 8, 9, 20), 0.9, 10100 * time.Millisecond},
		{"lowest", s(3, 5), 0, 3 * time.Second},
		{"highest", s(3, 5), 1, 5 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Percentile(tt.sorted, tt.p); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestWinRate(t *testing.T) {
	tests := []struct {
		r    Record
		want float64
	}{{Record{}, 0}, {Record{4, 3}, 0.75}, {Record{3, 0}, 0}}
	for _, tt := range tests {
		if got := tt.r.WinRate(); got != tt.want {
			t.Errorf("%+v.WinRate() = %v, want %v", tt.r, got, tt.want)
		}
	}
}
