package storetest

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/stats"
	"github.com/tablebot/tablebot/store"
)

// endWith returns a Check that accepts any move and ends the game with
// result at the move numbered last.
func endWith(last int, result *stats.Game) store.Check {
	return func(g *store.Game, m store.Move) (store.Checked, error) {
		if m.N < last {
			return store.Checked{}, nil
		}
		return store.Checked{Finish: store.Over, Result: result}, nil
	}
}

func testTallies(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 3)
	ended := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	result := func() *stats.Game {
		return &stats.Game{Kind: "shangrila", Ended: ended, Rated: true,
			Seats: []stats.Seat{{Player: "u1", Rank: 1}, {Player: "u2", Rank: 2}, {Player: "u3", Rank: 3}, {Player: "computer:easy", Rank: 4}}}
	}
	play := func(t *testing.T, channel string, check store.Check, n int) {
		t.Helper()
		g := startGame(t, db, channel, setup)
		for i := range n {
			if _, err := db.AppendMove(ctx, channel, g.ID, store.Move{N: i, Text: moves[i], By: "u1"}, check); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Two games end with a result; a third is cancelled; a fourth ends
	// without one (a game the statistics do not count).
	play(t, "c1", endWith(1, result()), 2)
	play(t, "c2", endWith(0, result()), 1)
	g := startGame(t, db, "c3", setup)
	if _, err := db.Finish(ctx, "c3", g.ID, store.Cancelled); err != nil {
		t.Fatal(err)
	}
	play(t, "c4", endWith(0, nil), 1)

	// By hand: u1 won both games, u2 lost both; the totals count two games.
	want := map[stats.Key]stats.Record{
		{Scope: "guild", Period: stats.AllTime, Subject: "u1"}:              {Played: 2, Won: 2},
		{Scope: stats.Everywhere, Period: "2026-11", Subject: "u2"}:         {Played: 2, Won: 0},
		{Scope: "guild", Period: "2026-11", Subject: stats.Totals}:          {Played: 2, Won: 0},
		{Scope: "guild", Period: stats.AllTime, Subject: "computer:easy"}:   {Played: 2, Won: 0},
		{Scope: "another", Period: stats.AllTime, Subject: "u1"}:            {},
		{Scope: stats.Everywhere, Period: "2026-10", Subject: stats.Totals}: {},
	}
	for k, w := range want {
		t.Run(k.Scope+"/"+k.Period+"/"+k.Subject, func(t *testing.T) {
			got, err := db.Tally(ctx, k)
			if err != nil || got.Record != w {
				t.Errorf("Tally = %+v, %v; want %+v", got, err, w)
			}
		})
	}
	t.Run("ratings", func(t *testing.T) {
		u1, err := db.Tally(ctx, stats.Key{Scope: "guild", Period: stats.AllTime, Subject: "u1"})
		if err != nil {
			t.Fatal(err)
		}
		if last := u1.LastRated["shangrila"]; last.Game != "c2-1" || last.Delta() <= 0 {
			t.Errorf("u1's last rated game %+v, want c2-1 and a rise", last)
		}
	})
	t.Run("by subject", func(t *testing.T) {
		all, err := db.Tallies(ctx, "guild", stats.AllTime)
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != 5 || all["u3"].Played != 2 || all[stats.Totals].Played != 2 {
			t.Errorf("got %d tallies (%v), want u1, u2, u3, the computer and the totals", len(all), all)
		}
	})
	t.Run("replaced", func(t *testing.T) {
		k := stats.Key{Scope: "guild", Period: stats.AllTime, Subject: "u9"}
		repl := map[stats.Key]*stats.Tally{k: {Record: stats.Record{Played: 1, Won: 1}}}
		if err := db.ReplaceTallies(ctx, repl); err != nil {
			t.Fatal(err)
		}
		all, err := db.Tallies(ctx, "guild", stats.AllTime)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string]*stats.Tally{"u9": repl[k]}; !reflect.DeepEqual(all, want) {
			t.Errorf("got %v, want only u9's", all)
		}
	})
	t.Run("refused", func(t *testing.T) {
		for _, k := range []stats.Key{{Scope: "guild"}, {Scope: "g\x00", Period: stats.AllTime}} {
			if _, err := db.Tally(ctx, k); err == nil {
				t.Errorf("Tally(%q) = nil error", k)
			}
		}
	})
}

// testTalliesConcurrent ends games of one server in several channels at
// once: they add to the same tallies, and none is lost.
func testTalliesConcurrent(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 3)
	const games = 6
	ids := make([]string, games)
	for i := range games {
		ids[i] = startGame(t, db, fmt.Sprintf("c%d", i), setup).ID
	}
	result := &stats.Game{Kind: "shangrila", Ended: time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC), Rated: true,
		Seats: []stats.Seat{{Player: "u1", Rank: 1}, {Player: "u2", Rank: 2}, {Player: "u3", Rank: 2}, {Player: "computer:easy", Rank: 4}}}
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := db.AppendMove(ctx, fmt.Sprintf("c%d", i), ids[i], store.Move{N: 0, Text: moves[0], By: "u1"}, endWith(0, result))
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, who := range []string{"u1", stats.Totals} {
		got, err := db.Tally(ctx, stats.Key{Scope: "guild", Period: stats.AllTime, Subject: who})
		if err != nil || got.Played != games {
			t.Errorf("%q: %+v, %v; want %d games", who, got, err, games)
		}
	}
}
