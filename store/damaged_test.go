//go:build !race

// The race detector builds with checkptr, which makes bbolt's reading of a
// damaged page (slices of nonsense lengths into the map) a fatal error
// instead of the panic that Open recovers from. So this test runs without
// -race only.

package store

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestOpenDamagedPages damages the data pages of a database in many ways
// (the meta pages stay valid): Open, or else the full check (Check, which
// `tablebot check` runs and every backup's copy goes through), must refuse
// each with an error, never panic or fault.
func TestOpenDamagedPages(t *testing.T) {
	data, err := os.ReadFile(filledDB(t))
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(24) {
		d := append([]byte(nil), data...)
		rng := rand.New(rand.NewPCG(seed, 9))
		for i := 8192; i < len(d); i++ {
			if rng.IntN(50) == 0 {
				d[i] = byte(rng.Uint32())
			}
		}
		path := filepath.Join(t.TempDir(), "damaged.db")
		if err := os.WriteFile(path, d, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := Open(path, Options{})
		if err == nil {
			err = db.Check(context.Background(), nil)
			db.Close()
			if err == nil {
				t.Errorf("seed %d: Open and Check succeeded", seed)
				continue
			}
		}
		// A damaged meta bucket may read as a newer schema: refused too.
		if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrNotTablebot) && !errors.Is(err, ErrSchemaTooNew) {
			t.Errorf("seed %d: %v, want a damaged or foreign file", seed, err)
		}
	}
}
