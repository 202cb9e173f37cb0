package stats

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/tablebot/tablebot/rating"
)

// fold adds games to fresh tallies, in order, as the store does.
func fold(t *testing.T, games []Game) map[Key]*Tally {
	t.Helper()
	tallies := map[Key]*Tally{}
	for i := range games {
		for _, k := range Keys(&games[i]) {
			if tallies[k] == nil {
				tallies[k] = &Tally{}
			}
		}
		AddGame(tallies, &games[i])
	}
	return tallies
}

func TestTalliesAgreeWithPlayers(t *testing.T) {
	games := series(t)
	slices.SortStableFunc(games, func(a, b Game) int { return a.Ended.Compare(b.Ended) })
	tallies := fold(t, games)
	for _, want := range Players(games) {
		t.Run(want.Player, func(t *testing.T) {
			got := tallies[Key{Everywhere, AllTime, want.Player}]
			if got.Record != want.Record || !reflect.DeepEqual(got.ByGame, want.ByGame) || !reflect.DeepEqual(got.ByTable, want.ByTable) ||
				got.Resigned != want.Resigned || got.HandedOver != want.HandedOver || got.Moves != want.Moves ||
				got.MedianMove() != want.MedianMove || got.SlowMove() != want.SlowMove {
				t.Errorf("got  %+v\nwant %+v", got, want)
			}
		})
	}
	t.Run("team", func(t *testing.T) {
		if got, want := tallies[Key{Everywhere, AllTime, "ana"}].Teams["menara"], Teams(games); !reflect.DeepEqual(*got, want) {
			t.Errorf("got  %+v\nwant %+v", *got, want)
		}
	})
	t.Run("totals", func(t *testing.T) {
		// Six games not cancelled: two of Shangri-La, four of Menara of
		// which three won; 13 moves by people (5, 5 and 3 in G1, G2, G4);
		// the month of January has them all.
		got := tallies[Key{Everywhere, AllTime, Totals}]
		if got.Record != (Record{6, 3}) || got.ByGame["shangrila"] != (Record{2, 0}) || got.Moves != 13 {
			t.Errorf("got %+v, want 6 games, 3 won, 2 of shangrila, 13 moves", got)
		}
		if m := tallies[Key{Everywhere, "2026-01", Totals}]; !reflect.DeepEqual(m, got) {
			t.Errorf("January %+v, want all time's %+v", m, got)
		}
	})
}

func TestTallyRoundTrip(t *testing.T) {
	tallies := fold(t, series(t))
	want := tallies[Key{Everywhere, AllTime, "ana"}]
	b, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var got Tally
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&got, want) {
		t.Errorf("got  %+v\nwant %+v", got, *want)
	}
}

func TestRecentBounded(t *testing.T) {
	var moves []Move
	for i := range RecentMoves + 50 {
		moves = append(moves, Move{Seat: 0, At: t0.Add(time.Duration(i+1) * time.Second * time.Duration(i+1))})
	}
	tallies := fold(t, []Game{{Kind: "shangrila", Started: t0, Ended: day(1), Seats: seats("ana"), Moves: moves}})
	got := tallies[Key{Everywhere, AllTime, "ana"}]
	if got.Moves != RecentMoves+50 || len(got.Recent) != RecentMoves {
		t.Errorf("%d moves, %d kept; want %d, %d", got.Moves, len(got.Recent), RecentMoves+50, RecentMoves)
	}
}

func TestRatings(t *testing.T) {
	m := rating.Default()
	g1 := Game{ID: "g1", Guild: "s1", Kind: "shangrila", Ended: day(0), Rated: true,
		Seats: []Seat{{Player: "ana", Rank: 2}, {Player: "bob", Rank: 1}, {Player: "computer:easy", Rank: 3}}}
	// Bob resigned, so he is last though his rank was 1; the easy
	// computer plays two seats.
	g2 := Game{ID: "g2", Guild: "s1", Kind: "shangrila", Ended: day(1), Rated: true,
		Seats: []Seat{{Player: "computer:easy", Rank: 2}, {Player: "bob", Rank: 1, Resigned: true}, {Player: "ana", Rank: 1}, {Player: "computer:easy", Rank: 3}}}
	tallies := fold(t, []Game{g1, g2})

	// By hand, with the model: game 1 ranks Bob, Ana, the computer.
	want := map[string]rating.Rating{}
	if _, err := m.RateFreeForAll(want, []string{"ana", "bob", "computer:easy"}, []int{2, 1, 3}); err != nil {
		t.Fatal(err)
	}
	// Game 2: Ana first, the computer's seats second and third, Bob (who
	// resigned) fourth; the computer's rating after is its seats' mean.
	before := []rating.Rating{want["computer:easy"], want["bob"], want["ana"], want["computer:easy"]}
	after, err := m.Rate([][]rating.Rating{{before[0]}, {before[1]}, {before[2]}, {before[3]}}, []int{2, 4, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	want["bob"], want["ana"] = after[1][0], after[2][0]
	want["computer:easy"] = rating.Rating{Mu: (after[0][0].Mu + after[3][0].Mu) / 2, Sigma: (after[0][0].Sigma + after[3][0].Sigma) / 2}

	for _, scope := range []string{Everywhere, "s1"} {
		for p, w := range want {
			got := tallies[Key{scope, AllTime, p}]
			if r := got.Ratings["shangrila"]; math.Abs(r.Mu-w.Mu) > 1e-12 || math.Abs(r.Sigma-w.Sigma) > 1e-12 {
				t.Errorf("%s in %q: got %+v, want %+v", p, scope, r, w)
			}
			if got.LastRated["shangrila"].Game != "g2" {
				t.Errorf("%s: last rated by %q, want g2", p, got.LastRated["shangrila"].Game)
			}
		}
	}
	if ch := AddGame(map[Key]*Tally{}, &Game{Cancelled: true}); ch != nil {
		t.Errorf("a cancelled game rated: %v", ch)
	}
}
