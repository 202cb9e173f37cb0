package etcd

import (
	"context"
	"strings"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/tablebot/tablebot/stats"
	"github.com/tablebot/tablebot/store"
)

// The statistics' tallies are keys "t/<scope> 0 <period> 0 <subject>" of
// their own (see store.TallyGame). The move that ends a game reads those
// it touches with the channel, and its transaction commits only if none
// changed meanwhile (two games of one server ending at once): else it is
// tried again from the start, like any change of the channel.

// tallies is the prefix of every tally.
func (k keys) tallies() string { return k.prefix + "t/" }

// tally is a tally's key.
func (k keys) tally(key stats.Key) string { return k.tallies() + store.TallyKey(key) }

// tallyGame adds the result of g, which a move ended as c says, to the
// tallies, in t's transaction.
func (t *chanTx) tallyGame(ctx context.Context, g *store.Game, c store.Checked) error {
	if c.Finish != store.Over || c.Result == nil {
		return nil
	}
	k := t.db.k
	return store.TallyGame(g, c,
		func(key stats.Key) (*stats.Tally, error) {
			r, err := t.db.cli.Get(ctx, k.tally(key))
			if err != nil {
				return nil, err
			}
			rev, data := int64(0), []byte(nil)
			if len(r.Kvs) > 0 {
				rev, data = r.Kvs[0].ModRevision, r.Kvs[0].Value
			}
			t.cmps = append(t.cmps, clientv3.Compare(clientv3.ModRevision(k.tally(key)), "=", rev))
			return store.UnmarshalTally(data)
		},
		func(key stats.Key, tl *stats.Tally) error {
			data, err := store.MarshalTally(tl)
			if err != nil {
				return err
			}
			t.ops = append(t.ops, clientv3.OpPut(k.tally(key), string(data)))
			return nil
		})
}

// Tally returns a tally, empty when none is kept.
func (db *DB) Tally(ctx context.Context, key stats.Key) (*stats.Tally, error) {
	if err := store.CheckTallyKey(key); err != nil {
		return nil, err
	}
	r, err := db.cli.Get(ctx, db.k.tally(key))
	if err != nil {
		return nil, err
	}
	if len(r.Kvs) == 0 {
		return store.UnmarshalTally(nil)
	}
	return store.UnmarshalTally(r.Kvs[0].Value)
}

// Tallies returns the tallies of a scope and period by subject.
func (db *DB) Tallies(ctx context.Context, scope, period string) (map[string]*stats.Tally, error) {
	if err := store.CheckTallyKey(stats.Key{Scope: scope, Period: period}); err != nil {
		return nil, err
	}
	prefix := db.k.tallies() + store.TallyPrefix(scope, period)
	out := map[string]*stats.Tally{}
	err := db.scan(ctx, prefix, 0, func(e kv) error {
		tl, err := store.UnmarshalTally(e.value)
		if err != nil {
			return err
		}
		out[strings.TrimPrefix(e.key, prefix)] = tl
		return nil
	})
	return out, err
}

// tallyBatch is how many tallies ReplaceTallies puts in one transaction
// (etcd allows 128 operations in one).
const tallyBatch = 100

// ReplaceTallies replaces every tally by those given: the old ones are
// deleted, then the new ones put in transactions of tallyBatch. It is not
// atomic: run a rebuild while no game ends.
func (db *DB) ReplaceTallies(ctx context.Context, tallies map[stats.Key]*stats.Tally) error {
	for key := range tallies {
		if err := store.CheckTallyKey(key); err != nil {
			return err
		}
	}
	if _, err := db.cli.Delete(ctx, db.k.tallies(), clientv3.WithPrefix()); err != nil {
		return err
	}
	var ops []clientv3.Op
	flush := func() error {
		if len(ops) == 0 {
			return nil
		}
		_, err := db.cli.Txn(ctx).Then(ops...).Commit()
		ops = ops[:0]
		return err
	}
	for key, tl := range tallies {
		data, err := store.MarshalTally(tl)
		if err != nil {
			return err
		}
		ops = append(ops, clientv3.OpPut(db.k.tally(key), string(data)))
		if len(ops) == tallyBatch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}
