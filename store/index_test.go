package store

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// indexed returns the keys of an index, as "key=value" strings.
func indexed(t *testing.T, db *DB, bucket []byte) []string {
	t.Helper()
	var out []string
	err := db.view(context.Background(), func(tx *bolt.Tx) error {
		return tx.Bucket(bucket).ForEach(func(k, v []byte) error {
			if string(bucket) == "wake" {
				k = k[8:]
			}
			out = append(out, strings.ReplaceAll(string(k), "\x00", "/")+"="+string(v))
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestIndexes: the live games are indexed by channel, server and seated
// person, and by when they are due, in the transactions that change them;
// an ended game leaves every index in the transaction that ends it.
func TestIndexes(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	setup, moves := randomRecord(t, 4, 31)
	g := startGame(t, db, "c1", setup)
	h := startGame(t, db, "c2", setup)
	want := func(name string, bucket []byte, keys ...string) {
		t.Helper()
		if got := indexed(t, db, bucket); !slices.Equal(got, keys) {
			t.Errorf("%s: %s index %q, want %q", name, bucket, got, keys)
		}
	}
	want("two games", bucketLive, "c1=guild", "c2=guild")
	want("two games", bucketGuilds, "guild/c1=", "guild/c2=")
	want("two games", bucketUsers, "u1/c1=guild", "u1/c2=guild", "u2/c1=guild", "u2/c2=guild", "u3/c1=guild", "u3/c2=guild")
	// Starting set the games due at once (a change of status).
	if due, _ := db.Due(ctx, time.Now().Add(time.Hour), 0); len(due) != 2 {
		t.Errorf("due after the start: %+v", due)
	}
	wake := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	check := func(g *Game, m Move) (Checked, error) {
		c, err := shangrilaCheck(g, m)
		c.Wake = wake
		return c, err
	}
	if _, err := db.AppendMove(ctx, "c1", g.ID, Move{N: 0, Text: moves[0], By: "u1"}, check); err != nil {
		t.Fatal(err)
	}
	want("a move sets its wake", bucketWake, "c2="+h.ID, "c1="+g.ID)
	if due, _ := db.Due(ctx, wake, 1); len(due) != 1 || due[0].Channel != "c2" {
		t.Errorf("due, one at most: %+v", due)
	}
	if at, ok, _ := db.NextWake(ctx); !ok || !at.Before(wake) {
		t.Errorf("next wake %v %v", at, ok)
	}
	// A seat handed to a computer leaves the person's index.
	cur, _ := db.Current(ctx, "c1")
	if _, err := db.Update(ctx, "c1", g.ID, func(g *Game) error {
		g.Players[1].UserID, g.Players[1].Computer = "", "hard"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want("a hand-over", bucketUsers, "u1/c1=guild", "u1/c2=guild", "u2/c2=guild", "u3/c1=guild", "u3/c2=guild")
	if err := db.SetWake(ctx, "c1", g.ID, cur.Version, wake); err == nil {
		t.Error("SetWake for an older version changed the wake")
	}
	now, _ := db.Current(ctx, "c1")
	if err := db.SetWake(ctx, "c1", g.ID, now.Version, time.Time{}); err != nil {
		t.Fatal(err)
	}
	want("no wake", bucketWake, "c2="+h.ID)
	if users, _ := db.LiveOf(ctx, "u3"); !reflect.DeepEqual(users, []LiveGame{{"c1", "guild"}, {"c2", "guild"}}) {
		t.Errorf("LiveOf(u3) = %v", users)
	}
	if chs, _ := db.LiveIn(ctx, "guild"); !slices.Equal(chs, []string{"c1", "c2"}) {
		t.Errorf("LiveIn = %v", chs)
	}
	if _, err := db.Finish(ctx, "c2", h.ID, Cancelled); err != nil {
		t.Fatal(err)
	}
	want("an end", bucketLive, "c1=guild")
	want("an end", bucketGuilds, "guild/c1=")
	want("an end", bucketUsers, "u1/c1=guild", "u3/c1=guild")
	want("an end", bucketWake)
}

// TestArchive: an ended game is compacted into one value of the archive,
// leaves its channel's buckets, and reads back exactly; a game of some
// forty moves takes well under 2 KB.
func TestArchive(t *testing.T) {
	ctx := context.Background()
	db, _ := openTemp(t)
	setup, moves := randomRecord(t, 4, 41)
	g := startGame(t, db, "c1", setup)
	for n, text := range moves[:40] {
		if _, err := db.AppendMove(ctx, "c1", g.ID, Move{N: n, Text: text, By: byOf(g, text)}, shangrilaCheck); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := db.Current(ctx, "c1")
	if _, err := db.Finish(ctx, "c1", g.ID, Cancelled); err != nil {
		t.Fatal(err)
	}
	got, err := db.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != Cancelled || got.Record() != before.Record() || !reflect.DeepEqual(got.Moves, before.Moves) {
		t.Errorf("the archived game differs:\n%s\nwant\n%s", got.Record(), before.Record())
	}
	var b strings.Builder
	_ = got.WriteRecord(&b, true)
	var w strings.Builder
	_ = before.WriteRecord(&w, true)
	if b.String() != w.String() {
		t.Errorf("the archived game's record with comments differs")
	}
	size := 0
	err = db.view(ctx, func(tx *bolt.Tx) error {
		if gameBucket(channelBucket(tx, "c1"), 1) != nil || channelBucket(tx, "c1").Bucket(bucketGames) != nil {
			t.Error("the ended game's bucket stayed")
		}
		size = len(tx.Bucket(bucketArchive).Get(archiveKey("c1", 1)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a game of 40 moves archived in %d bytes", size)
	if size == 0 || size > 1500 {
		t.Errorf("archived in %d bytes", size)
	}
	if all, _ := db.Archived(ctx, "c1"); len(all) != 1 || all[0].ID != g.ID {
		t.Errorf("Archived = %v", ids(all))
	}
}

// TestMigrationIndexes: a file of schema 2 opened by this tablebot has its
// live games indexed (and due at once), its ended games archived and its
// owed posts' channels indexed.
func TestMigrationIndexes(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	db, err := Open(copyFixture(t, 2), Options{Now: func() time.Time { return at }})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := indexed(t, db, bucketLive); !slices.Equal(got, []string{"111=guild", "222="}) {
		t.Errorf("live index %q", got)
	}
	due, _ := db.Due(ctx, at, 0)
	if len(due) != 1 || due[0].Channel != "111" || !due[0].Wake.Equal(at) {
		t.Errorf("due after the migration: %+v", due)
	}
	if live, archived, _ := db.Count(ctx); live != 2 || archived != 2 {
		t.Errorf("%d live and %d archived games, want 2 and 2", live, archived)
	}
	if err := db.Check(ctx, nil); err != nil {
		t.Errorf("the migrated file does not check: %v", err)
	}
}
