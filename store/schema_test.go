package store

import (
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

var update = flag.Bool("update", false, "rewrite testdata/schema-vN.db for the current schema version N")

// fixture returns the name of the fixture file of a schema version.
func fixture(v uint32) string { return filepath.Join("testdata", fmt.Sprintf("schema-v%d.db", v)) }

// fillFixture stores the games the fixtures hold: a game being played, an
// ended game and a lobby in the same channel, and a cancelled game.
func fillFixture(t *testing.T, db *DB) {
	t.Helper()
	ctx := context.Background()
	setup, moves := randomRecord(t, 4, 11)
	g := startGame(t, db, "111", setup)
	for n, text := range moves[:20] {
		if _, err := db.AppendMove(ctx, "111", g.ID, Move{N: n, Text: text, By: byOf(g, text)}, shangrilaCheck); err != nil {
			t.Fatal(err)
		}
	}
	setup, moves = randomRecord(t, 4, 12)
	g = startGame(t, db, "222", setup)
	for n, text := range moves {
		if _, err := db.AppendMove(ctx, "222", g.ID, Move{N: n, Text: text, By: byOf(g, text)}, shangrilaCheck); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Create(ctx, &Game{Channel: "222", Kind: "shangrila", Creator: "u2", Setup: []string{"players red blue yellow"}}); err != nil {
		t.Fatal(err)
	}
	g = startGame(t, db, "333", []string{"players red blue yellow violet", "start suggested"})
	if _, err := db.Finish(ctx, "333", g.ID, Cancelled); err != nil {
		t.Fatal(err)
	}
}

// copyFixture copies a fixture into a temporary directory.
func copyFixture(t *testing.T, v uint32) string {
	t.Helper()
	data, err := os.ReadFile(fixture(v))
	if err != nil {
		t.Fatalf("%v (run go test ./store -run TestSchemaFixture -update to write it)", err)
	}
	path := filepath.Join(t.TempDir(), "tablebot.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSchemaFixture opens the fixture of every schema version this
// tablebot should read and finds the games it holds. With -update it
// rewrites the fixture of the current version.
func TestSchemaFixture(t *testing.T) {
	current := schemaVersion(schemaMigrations())
	if *update {
		path := filepath.Join(t.TempDir(), "fixture.db")
		db, err := Open(path, Options{Now: newClock().Now})
		if err != nil {
			t.Fatal(err)
		}
		fillFixture(t, db)
		db.Close()
		writeCompact(t, path, fixture(current))
	}
	fresh, _ := openTemp(t)
	fillFixture(t, fresh)
	want, err := fresh.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for v := uint32(1); v <= current; v++ {
		t.Run(fmt.Sprintf("v%d", v), func(t *testing.T) {
			db, err := Open(copyFixture(t, v), Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			got, err := db.List(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if v < 3 {
				// Versions begin with schema 3: older files count them
				// from their moves.
				got, want := unversioned(got), unversioned(want)
				if !reflect.DeepEqual(got, want) {
					t.Errorf("the fixture holds %v, want %v", ids(got), ids(want))
				}
			} else if !reflect.DeepEqual(unindexed(got), unindexed(want)) {
				t.Errorf("the fixture holds %v, want %v", ids(got), ids(want))
			}
			if v := readVersion(t, db); v != current {
				t.Errorf("schema version after opening: %d, want %d", v, current)
			}
		})
	}
}

// unversioned returns copies of games without their versions.
func unversioned(games []*Game) []*Game {
	var out []*Game
	for _, g := range games {
		c := g.Clone()
		c.Version, c.Position, c.Wake, c.indexed = 0, 0, time.Time{}, nil
		out = append(out, c)
	}
	return out
}

// unindexed returns copies of games without what they remember of the
// indexes as they were read.
func unindexed(games []*Game) []*Game {
	var out []*Game
	for _, g := range games {
		c := g.Clone()
		c.indexed = nil
		out = append(out, c)
	}
	return out
}

// writeCompact writes a compacted copy of a database, so that the
// fixture checked in is small.
func writeCompact(t *testing.T, from, to string) {
	t.Helper()
	src, err := bolt.Open(from, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	os.Remove(to)
	dst, err := bolt.Open(to, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := bolt.Compact(dst, src, 1<<20); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
}

func readVersion(t *testing.T, db *DB) uint32 {
	t.Helper()
	var v uint32
	if err := db.view(context.Background(), func(tx *bolt.Tx) error {
		var err error
		v, err = readSchema(tx)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestMigration proves the migration path with a test-only migration from
// the current version to the next: it runs once on open, in the same
// transaction as the new version number, and a second open does nothing; a
// tablebot that knows only the current version then refuses the file; a
// failing migration leaves the file as it was.
func TestMigration(t *testing.T) {
	ctx := context.Background()
	current := schemaVersion(schemaMigrations())
	next := current + 1
	keyRuns := []byte("test-migration-runs")
	toNext := func(_ *DB, tx *bolt.Tx, _ time.Time) error {
		meta := tx.Bucket(bucketMeta)
		runs := uint32(0)
		if b := meta.Get(keyRuns); b != nil {
			runs = binary.BigEndian.Uint32(b)
		}
		return meta.Put(keyRuns, binary.BigEndian.AppendUint32(nil, runs+1))
	}
	withNext := func() []migration { return append(schemaMigrations(), toNext) }
	runs := func(db *DB) uint32 {
		var n uint32
		db.view(ctx, func(tx *bolt.Tx) error {
			if b := tx.Bucket(bucketMeta).Get(keyRuns); b != nil {
				n = binary.BigEndian.Uint32(b)
			}
			return nil
		})
		return n
	}

	path := copyFixture(t, current)
	for open := 1; open <= 2; open++ {
		db, err := Open(path, Options{migrations: withNext})
		if err != nil {
			t.Fatal(err)
		}
		if v, n := readVersion(t, db), runs(db); v != next || n != 1 {
			t.Errorf("open %d: version %d after %d migration runs, want %d after 1", open, v, n, next)
		}
		if all, err := db.List(ctx); err != nil || len(all) != 4 {
			t.Errorf("open %d: games %v, %v", open, ids(all), err)
		}
		db.Close()
	}
	for _, ro := range []bool{false, true} {
		if _, err := Open(path, Options{ReadOnly: ro}); !errors.Is(err, ErrSchemaTooNew) {
			t.Errorf("read-only %v: a version %d tablebot opened a version %d file: %v", ro, current, next, err)
		}
	}

	path = copyFixture(t, current)
	broken := errors.New("broken migration")
	fail := func() []migration {
		return append(schemaMigrations(), func(db *DB, tx *bolt.Tx, now time.Time) error {
			if err := toNext(db, tx, now); err != nil {
				return err
			}
			return broken
		})
	}
	if _, err := Open(path, Options{migrations: fail}); !errors.Is(err, broken) {
		t.Fatalf("Open with a failing migration: %v", err)
	}
	if _, err := Open(path, Options{migrations: withNext, ReadOnly: true}); err == nil {
		t.Error("a read-only open migrated, or ignored the old version")
	}
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v, n := readVersion(t, db), runs(db); v != current || n != 0 {
		t.Errorf("after the failed migration: version %d, %d runs; want %d and 0", v, n, current)
	}
}
