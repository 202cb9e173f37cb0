package main

import (
	"context"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rating"
	"github.com/tablebot/tablebot/stats"
	"github.com/tablebot/tablebot/store"
)

// TestStatsRebuild: the two finished games of the test database (stored
// without a result, as an older bot or an import leaves them) are counted
// by a rebuild: everyone played two; the easy computer is rated too.
func TestStatsRebuild(t *testing.T) {
	path, _ := testDB(t)
	if code, _, stderr := run(t, "", "stats", "--db", path); code != 2 || !strings.Contains(stderr, "--rebuild") {
		t.Errorf("without --rebuild: %d %q", code, stderr)
	}
	code, stdout, stderr := run(t, "", "stats", "--rebuild", "--db", path)
	if code != 0 || !strings.Contains(stdout, "rebuilt from 2 finished games") {
		t.Fatalf("stats --rebuild: %d %q %q", code, stdout, stderr)
	}
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	all, err := db.Tallies(context.Background(), "g", stats.AllTime)
	if err != nil {
		t.Fatal(err)
	}
	for _, who := range []string{"u1", "u2", "u3", stats.Computer("easy"), stats.Totals} {
		if got := all[who]; got == nil || got.Played != 2 {
			t.Errorf("%s: %+v, want 2 games played", who, got)
		}
	}
	if got := all[stats.Computer("easy")].Ratings["shangrila"]; got.Sigma == 0 || got.Sigma >= rating.DefaultSigma {
		t.Errorf("the computer's rating %+v: not rated", got)
	}
}
