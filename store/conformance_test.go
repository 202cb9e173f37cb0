package store_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/storetest"
)

// TestConformance runs the conformance suite of store.Store against the
// bbolt engine, each test on a file of its own.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T, now func() time.Time) store.Store {
		db, err := store.Open(filepath.Join(t.TempDir(), "tablebot.db"), store.Options{Now: now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}

// BenchmarkAppendMove measures durable appends on a bbolt file (see
// storetest.BenchAppendMove).
func BenchmarkAppendMove(b *testing.B) {
	storetest.BenchAppendMove(b, func(b *testing.B) store.Store {
		db, err := store.Open(filepath.Join(b.TempDir(), "bench.db"), store.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		return db
	})
}
