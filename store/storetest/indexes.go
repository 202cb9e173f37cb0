package storetest

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
)

// far is a time after every wake of the tests.
var far = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)

// dueChannels returns the channels of the games due by far, earliest
// first, as "channel=game".
func dueChannels(t *testing.T, db store.Store) []string {
	t.Helper()
	due, err := db.Due(context.Background(), far, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range due {
		out = append(out, d.Channel+"="+d.Game)
	}
	return out
}

// testIndexes: the live games are found by server and seated person, and
// by when they are due, as the changes that made them left them; an ended
// game leaves every index with the change that ends it.
func testIndexes(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 31)
	g := startGame(t, db, "c1", setup)
	h := startGame(t, db, "c2", setup)
	wantUsers := func(name, user string, want ...store.LiveGame) {
		t.Helper()
		if got, err := db.LiveOf(ctx, user); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: LiveOf(%s) = %v, %v; want %v", name, user, got, err, want)
		}
	}
	wantUsers("two games", "u1", store.LiveGame{Channel: "c1", Guild: "guild"}, store.LiveGame{Channel: "c2", Guild: "guild"})
	if chs, _ := db.LiveIn(ctx, "guild"); !slices.Equal(chs, []string{"c1", "c2"}) {
		t.Errorf("LiveIn = %v", chs)
	}
	if chs, _ := db.LiveIn(ctx, "guil"); len(chs) != 0 {
		t.Errorf("LiveIn of a prefix of the server = %v", chs)
	}
	// Starting set the games due at once (a change of status).
	if due, _ := db.Due(ctx, time.Now().Add(time.Hour), 0); len(due) != 2 {
		t.Errorf("due after the start: %+v", due)
	}
	wake := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	check := func(g *store.Game, m store.Move) (store.Checked, error) {
		c, err := shangrilaCheck(g, m)
		c.Wake = wake
		return c, err
	}
	if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: 0, Text: moves[0], By: "u1"}, check); err != nil {
		t.Fatal(err)
	}
	if got := dueChannels(t, db); !slices.Equal(got, []string{"c2=" + h.ID, "c1=" + g.ID}) {
		t.Errorf("a move sets its wake: due %q", got)
	}
	if due, _ := db.Due(ctx, wake, 1); len(due) != 1 || due[0].Channel != "c2" {
		t.Errorf("due, one at most: %+v", due)
	}
	if due, _ := db.Due(ctx, wake, 0); len(due) != 2 || !due[1].Wake.Equal(wake) {
		t.Errorf("due until a wake, which is due: %+v", due)
	}
	if due, _ := db.Due(ctx, wake.Add(-time.Nanosecond), 0); len(due) != 1 {
		t.Errorf("due until just before a wake: %+v", due)
	}
	if at, ok, _ := db.NextWake(ctx); !ok || !at.Before(wake) {
		t.Errorf("next wake %v %v", at, ok)
	}
	// A seat handed to a computer leaves the person's index.
	cur, _ := db.Current(ctx, "c1")
	if _, err := db.Update(ctx, "c1", g.ID, func(g *store.Game) error {
		g.Players[1].UserID, g.Players[1].Computer = "", "hard"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	wantUsers("a hand-over", "u2", store.LiveGame{Channel: "c2", Guild: "guild"})
	if err := db.SetWake(ctx, "c1", g.ID, cur.Version, wake); err == nil {
		t.Error("SetWake for an older version changed the wake")
	}
	now, _ := db.Current(ctx, "c1")
	if err := db.SetWake(ctx, "c1", g.ID, now.Version, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := db.SetWake(ctx, "c1", g.ID, now.Version, time.Time{}); err != nil {
		t.Errorf("SetWake to the same wake: %v", err)
	}
	if got := dueChannels(t, db); !slices.Equal(got, []string{"c2=" + h.ID}) {
		t.Errorf("no wake: due %q", got)
	}
	wantUsers("a third person", "u3", store.LiveGame{Channel: "c1", Guild: "guild"}, store.LiveGame{Channel: "c2", Guild: "guild"})
	// A move of the guild changes the indexes' values.
	if _, err := db.Update(ctx, "c2", h.ID, func(g *store.Game) error {
		g.Guild = "guild2"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	wantUsers("another server", "u3", store.LiveGame{Channel: "c1", Guild: "guild"}, store.LiveGame{Channel: "c2", Guild: "guild2"})
	if _, err := db.Finish(ctx, "c2", h.ID, store.Cancelled); err != nil {
		t.Fatal(err)
	}
	wantUsers("an end", "u3", store.LiveGame{Channel: "c1", Guild: "guild"})
	if chs, _ := db.LiveIn(ctx, "guild2"); len(chs) != 0 {
		t.Errorf("LiveIn after the end = %v", chs)
	}
	if got := dueChannels(t, db); len(got) != 0 {
		t.Errorf("an end: due %q", got)
	}
	if _, ok, _ := db.NextWake(ctx); ok {
		t.Error("a next wake with no game due")
	}
}

// testArchive: an ended game leaves its channel for the archive and reads
// back exactly, with its record and its moves' times and authors.
func testArchive(t *testing.T, open Open) {
	ctx := context.Background()
	db := open(t, newClock().Now)
	setup, moves := randomRecord(t, 4, 41)
	g := startGame(t, db, "c1", setup)
	for n, text := range moves[:40] {
		if _, err := db.AppendMove(ctx, "c1", g.ID, store.Move{N: n, Text: text, By: byOf(g, text)}, shangrilaCheck); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := db.Current(ctx, "c1")
	if _, err := db.Finish(ctx, "c1", g.ID, store.Cancelled); err != nil {
		t.Fatal(err)
	}
	got, err := db.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != store.Cancelled || got.Record() != before.Record() || !reflect.DeepEqual(got.Moves, before.Moves) || got.Snapshot != nil {
		t.Errorf("the archived game differs:\n%s\nwant\n%s", got.Record(), before.Record())
	}
	var b, w strings.Builder
	_ = got.WriteRecord(&b, true)
	_ = before.WriteRecord(&w, true)
	if b.String() != w.String() {
		t.Errorf("the archived game's record with comments differs")
	}
	if all, _ := db.Archived(ctx, "c1"); len(all) != 1 || all[0].ID != g.ID {
		t.Errorf("Archived = %v", ids(all))
	}
	if all, _ := db.Archived(ctx, "c"); len(all) != 0 {
		t.Errorf("Archived of a prefix of the channel = %v", ids(all))
	}
	if _, err := db.Current(ctx, "c1"); rulesCode(err) != store.NotFound {
		t.Errorf("Current after the end: %v", err)
	}
}
