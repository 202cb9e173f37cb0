package storetest

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// rulesCode is the code of a *rules.Error, "" for another error.
func rulesCode(err error) rules.Code {
	if err == nil {
		return ""
	}
	return rules.ErrorCode(err)
}

// testListings: the tools' listings see every game, live and archived,
// by channel and then oldest first, with counts and summaries that agree,
// and every channel's settings; Check reads it all.
func testListings(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 61)
	var want []string
	for _, ch := range []string{"c2", "c1", "c10"} {
		for i := range 2 {
			g := startGame(t, db, ch, setup)
			for n := range i + 1 {
				if _, err := db.AppendMove(ctx, ch, g.ID, store.Move{N: n, Text: moves[n], By: byOf(g, moves[n])}, shangrilaCheck); err != nil {
					t.Fatal(err)
				}
			}
			if i == 0 {
				if _, err := db.Finish(ctx, ch, g.ID, store.Over); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := db.SetChannelSetting(ctx, ch, "language", "es"); err != nil {
			t.Fatal(err)
		}
	}
	want = []string{"c1-1", "c1-2", "c10-1", "c10-2", "c2-1", "c2-2"}
	all, err := db.List(ctx)
	if err != nil || !slices.Equal(ids(all), want) {
		t.Errorf("List = %v, %v; want %v", ids(all), err, want)
	}
	var each []string
	if err := db.Each(ctx, func(g *store.Game) error {
		each = append(each, g.ID)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.Sort(each)
	if !slices.Equal(each, want) {
		t.Errorf("Each = %v", each)
	}
	var sums []string
	if err := db.EachSummary(ctx, func(s store.Summary) error {
		sums = append(sums, fmt.Sprintf("%s:%d:%s", s.Game.ID, s.Moves, s.Game.Status))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	slices.Sort(sums)
	wantSums := []string{"c1-1:1:over", "c1-2:2:playing", "c10-1:1:over", "c10-2:2:playing", "c2-1:1:over", "c2-2:2:playing"}
	if !slices.Equal(sums, wantSums) {
		t.Errorf("EachSummary = %v, want %v", sums, wantSums)
	}
	if live, archived, err := db.Count(ctx); live != 3 || archived != 3 || err != nil {
		t.Errorf("Count = %d live, %d archived, %v", live, archived, err)
	}
	var settings []string
	if err := db.EachChannelSetting(ctx, func(ch, k, v string) error {
		settings = append(settings, ch+":"+k+"="+v)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"c1:language=es", "c10:language=es", "c2:language=es"}; !slices.Equal(settings, want) {
		t.Errorf("EachChannelSetting = %v, want %v", settings, want)
	}
	seen := 0
	if err := db.Check(ctx, func(n int) { seen = n }); err != nil || seen != 6 {
		t.Errorf("Check: %v, %d games", err, seen)
	}
}
