package store

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

func TestOpenCreatesDirectoryAndFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "tablebot.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v, want 0600", st.Mode().Perm())
	}
	// A second open finds the same, empty database.
	db, err = Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if all, err := db.List(context.Background()); err != nil || len(all) != 0 {
		t.Errorf("List of a new database = %v, %v", ids(all), err)
	}
}

// filledDB returns the path of a closed database holding a few games.
func filledDB(t *testing.T) string {
	t.Helper()
	db, path := openTemp(t)
	ctx := context.Background()
	for _, ch := range []string{"c1", "c2", "c3"} {
		setup, moves := randomRecord(t, 4, 9)
		g := startGame(t, db, ch, setup)
		for n, text := range moves[:30] {
			if _, err := db.AppendMove(ctx, ch, g.ID, Move{N: n, Text: text, By: "u1"}, shangrilaCheck); err != nil {
				t.Fatal(err)
			}
		}
	}
	db.Close()
	return path
}

func TestOpenRefusesBadFiles(t *testing.T) {
	good := filledDB(t)
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	garbage := make([]byte, 64<<10)
	for i := range garbage {
		garbage[i] = byte(rng.Uint32())
	}
	damagedMetas := append([]byte(nil), data...)
	for _, off := range []int{0, 4096} { // both meta pages, 4 KiB pages
		for i := off + 32; i < off+80; i++ { // after the magic and version
			damagedMetas[i] ^= 0xff
		}
	}
	foreign := filepath.Join(t.TempDir(), "foreign.db")
	bdb, err := bolt.Open(foreign, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := bdb.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte("widgets"))
		if err != nil {
			return err
		}
		return b.Put([]byte("a"), []byte("b"))
	}); err != nil {
		t.Fatal(err)
	}
	bdb.Close()
	foreignData, err := os.ReadFile(foreign)
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		data []byte
		want error
	}{
		{"an empty file", []byte{}, ErrCorrupt},
		{"garbage bytes", garbage, ErrNotTablebot},
		{"a text file", []byte("game shangrila\nplayers red blue yellow\n"), ErrNotTablebot},
		{"a truncated copy", data[:len(data)/2], ErrCorrupt},
		{"a copy cut after the meta pages", data[:8192], ErrCorrupt},
		{"both meta pages damaged", damagedMetas, ErrCorrupt},
		{"a bbolt file of another program", foreignData, ErrNotTablebot},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.db")
			if err := os.WriteFile(path, tt.data, 0o600); err != nil {
				t.Fatal(err)
			}
			for _, ro := range []bool{false, true} {
				db, err := Open(path, Options{ReadOnly: ro})
				if err == nil {
					db.Close()
					t.Fatalf("read-only %v: Open succeeded", ro)
				}
				if !errors.Is(err, tt.want) {
					t.Errorf("read-only %v: Open: %v, want %v", ro, err, tt.want)
				}
			}
			if err := Verify(path); !errors.Is(err, tt.want) {
				t.Errorf("Verify: %v, want %v", err, tt.want)
			}
			if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, tt.data) {
				t.Errorf("the refused file changed: %d bytes, was %d (%v)", len(got), len(tt.data), err)
			}
		})
	}
}

// TestOpenEmptyFile: an empty file is refused, read-only or not, with
// what it most likely is and what to do, and is left as it is.
func TestOpenEmptyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tablebot.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, ro := range []bool{false, true} {
		db, err := Open(path, Options{ReadOnly: ro})
		if err == nil {
			db.Close()
			t.Fatalf("read-only %v: Open succeeded", ro)
		}
		for _, want := range []string{path, "empty (0 bytes)", "cut short", "remove the file", "backup"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("read-only %v: %q lacks %q", ro, err, want)
			}
		}
		if st, err := os.Stat(path); err != nil || st.Size() != 0 {
			t.Fatalf("read-only %v: the file is now %d bytes (%v)", ro, st.Size(), err)
		}
	}
}

func TestReadOnly(t *testing.T) {
	path := filledDB(t)
	ctx := context.Background()
	a, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("a second reader: %v", err)
	}
	defer b.Close()
	all, err := b.List(ctx)
	if err != nil || len(all) != 3 {
		t.Fatalf("List = %v, %v", ids(all), err)
	}
	if err := a.Create(ctx, &Game{Channel: "c9", Kind: "shangrila"}); err == nil {
		t.Error("Create on a read-only database succeeded")
	}
	if _, err := Open(filepath.Join(t.TempDir(), "missing.db"), Options{ReadOnly: true}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("read-only Open of a missing file: %v", err)
	}
}
