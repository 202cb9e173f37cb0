package store

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"

	"github.com/tablebot/tablebot/stats"
)

// The statistics (stats.Tally) are kept beside the games: the move that
// ends a game with a Checked.Result adds it to the tallies it touches, in
// the same transaction (a few keys: its players' and the totals, of its
// server and everywhere, all time and its month; never a scan of the
// games). bbolt keeps them in bucket "tallies", made with the first, so
// older files need no migration: <scope> 0 <period> 0 <subject> maps to
// the tally's JSON.

var bucketTallies = []byte("tallies")

// TallyKey is a tally's key in an engine: its scope, period and subject
// joined by NUL.
func TallyKey(k stats.Key) string { return TallyPrefix(k.Scope, k.Period) + k.Subject }

// TallyPrefix is the prefix of the keys of a scope's tallies of a period.
func TallyPrefix(scope, period string) string { return scope + "\x00" + period + "\x00" }

// CheckTallyKey refuses a key with a NUL in a part, or without a period.
func CheckTallyKey(k stats.Key) error {
	if k.Period == "" || strings.ContainsRune(k.Scope+k.Period+k.Subject, 0) {
		return fmt.Errorf("store: a tally's key needs a period, and no NUL: %q", k)
	}
	return nil
}

// MarshalTally encodes a tally as stored.
func MarshalTally(t *stats.Tally) ([]byte, error) { return json.Marshal(t) }

// UnmarshalTally decodes a stored tally; no data is an empty tally.
func UnmarshalTally(data []byte) (*stats.Tally, error) {
	t := &stats.Tally{}
	if data == nil {
		return t, nil
	}
	if err := json.Unmarshal(data, t); err != nil {
		return nil, fmt.Errorf("%w: a tally: %v", ErrCorrupt, err)
	}
	return t, nil
}

// TallyGame adds the result of g, which a move ended as c says, to the
// tallies: get reads those it touches (absent: an empty one) and put
// writes them back. It does nothing unless c finished the game as Over
// with a Result.
func TallyGame(g *Game, c Checked, get func(stats.Key) (*stats.Tally, error), put func(stats.Key, *stats.Tally) error) error {
	if c.Finish != Over || c.Result == nil || g.Status != Over {
		return nil
	}
	res := *c.Result
	res.ID, res.Guild = g.ID, g.Guild
	keys := stats.Keys(&res)
	tallies := make(map[stats.Key]*stats.Tally, len(keys))
	for _, k := range keys {
		if err := CheckTallyKey(k); err != nil {
			return err
		}
		t, err := get(k)
		if err != nil {
			return err
		}
		tallies[k] = t
	}
	stats.AddGame(tallies, &res)
	for _, k := range keys {
		if err := put(k, tallies[k]); err != nil {
			return err
		}
	}
	return nil
}

// tallyGame is TallyGame in a bbolt transaction.
func tallyGame(tx *bolt.Tx, g *Game, c Checked) error {
	if c.Finish != Over || c.Result == nil {
		return nil
	}
	b, err := tx.CreateBucketIfNotExists(bucketTallies)
	if err != nil {
		return err
	}
	return TallyGame(g, c,
		func(k stats.Key) (*stats.Tally, error) { return UnmarshalTally(b.Get([]byte(TallyKey(k)))) },
		func(k stats.Key, t *stats.Tally) error {
			data, err := MarshalTally(t)
			if err != nil {
				return err
			}
			return b.Put([]byte(TallyKey(k)), data)
		})
}

// Tally returns a tally, empty when none is kept.
func (db *DB) Tally(ctx context.Context, k stats.Key) (*stats.Tally, error) {
	if err := CheckTallyKey(k); err != nil {
		return nil, err
	}
	var data []byte
	err := db.view(ctx, func(tx *bolt.Tx) error {
		if b := tx.Bucket(bucketTallies); b != nil {
			data = bytes.Clone(b.Get([]byte(TallyKey(k))))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return UnmarshalTally(data)
}

// Tallies returns the tallies of a scope and period by subject: its
// players' and its totals (subject stats.Totals).
func (db *DB) Tallies(ctx context.Context, scope, period string) (map[string]*stats.Tally, error) {
	if err := CheckTallyKey(stats.Key{Scope: scope, Period: period}); err != nil {
		return nil, err
	}
	out := map[string]*stats.Tally{}
	err := db.view(ctx, func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketTallies)
		if b == nil {
			return nil
		}
		prefix := []byte(TallyPrefix(scope, period))
		c := b.Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			t, err := UnmarshalTally(v)
			if err != nil {
				return err
			}
			out[string(k[len(prefix):])] = t
		}
		return nil
	})
	return out, err
}

// ReplaceTallies replaces every tally by those given, in one transaction
// (tablebot stats --rebuild).
func (db *DB) ReplaceTallies(ctx context.Context, tallies map[stats.Key]*stats.Tally) error {
	for k := range tallies {
		if err := CheckTallyKey(k); err != nil {
			return err
		}
	}
	return db.write(ctx, func(tx *bolt.Tx) (error, error) {
		if tx.Bucket(bucketTallies) != nil {
			if err := tx.DeleteBucket(bucketTallies); err != nil {
				return nil, err
			}
		}
		b, err := tx.CreateBucket(bucketTallies)
		if err != nil {
			return nil, err
		}
		for k, t := range tallies {
			data, err := MarshalTally(t)
			if err != nil {
				return nil, err
			}
			if err := b.Put([]byte(TallyKey(k)), data); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
}
