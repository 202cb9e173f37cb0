package etcd

import (
	"context"
	"encoding/hex"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/tablebot/tablebot/store"
)

// Import stores whole games, each as a game of its channel (see
// store.DB.Import). Unlike the bbolt engine it stores each game in a
// transaction of its own (a batch of games across channels would exceed
// etcd's operations a transaction): a failure leaves the games before it
// stored, and importing again stores only the others.
func (db *DB) Import(ctx context.Context, games []*store.Game) ([]store.Imported, error) {
	for _, g := range games {
		if err := store.CheckImport(g); err != nil {
			return nil, err
		}
	}
	now := db.now().UTC()
	out := make([]store.Imported, 0, len(games))
	for _, g := range games {
		r, err := db.importGame(ctx, g.Clone(), now)
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

// importGame stores one game, unless it was imported before.
func (db *DB) importGame(ctx context.Context, g *store.Game, now time.Time) (store.Imported, error) {
	sumKey := db.k.index(store.IndexImported) + hex.EncodeToString(store.ImportSum(g))
	var out store.Imported
	err := db.update(ctx, g.Channel, func(t *chanTx) (error, error) {
		r, err := db.cli.Get(ctx, sumKey)
		if err != nil {
			return nil, err
		}
		if len(r.Kvs) > 0 {
			out = store.Imported{ID: string(r.Kvs[0].Value), Again: true}
			return errUnchanged, nil
		}
		if g.Status.Live() && t.game != nil {
			out = store.Imported{Err: store.ErrGameExists(g.Channel)}
			return errUnchanged, nil
		}
		t.head.Games++
		s := g.Clone()
		store.PrepareImport(s, store.GameID(g.Channel, t.head.Games), now)
		if s.Status.Live() {
			t.head.Current = t.head.Games
		}
		t.cmps = append(t.cmps, clientv3.Compare(clientv3.Version(sumKey), "=", 0))
		t.ops = append(t.ops, clientv3.OpPut(sumKey, s.ID))
		out = store.Imported{ID: s.ID}
		return nil, t.put(s)
	})
	return out, err
}
