package etcd

import (
	"context"
	"encoding/binary"
	"strings"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/tablebot/tablebot/store"
)

// SetWake sets when the host is to look at the channel's current game
// gameID again, provided it is still at version (see store.DB.SetWake).
func (db *DB) SetWake(ctx context.Context, channel, gameID string, version uint64, at time.Time) error {
	return db.update(ctx, channel, func(t *chanTx) (error, error) {
		g := t.game
		if g != nil {
			g = g.Clone()
		}
		changed, verdict := store.ApplyWake(g, channel, gameID, version, at)
		if verdict != nil || !changed {
			if verdict == nil {
				return errUnchanged, nil
			}
			return verdict, nil
		}
		return nil, t.put(g)
	})
}

// Due returns, earliest first, at most limit live games whose Wake is not
// after until (limit <= 0: all of them), from the wake index.
func (db *DB) Due(ctx context.Context, until time.Time, limit int) ([]store.Due, error) {
	prefix := db.k.index(store.IndexWake)
	end := prefix + string(binary.BigEndian.AppendUint64(nil, uint64(max(until.UnixNano(), 0))+1))
	opts := []clientv3.OpOption{clientv3.WithRange(end)}
	if limit > 0 {
		opts = append(opts, clientv3.WithLimit(int64(limit)))
	}
	r, err := db.cli.Get(ctx, prefix, opts...)
	if err != nil {
		return nil, err
	}
	var out []store.Due
	for _, kv := range r.Kvs {
		if d, ok := store.ParseWakeKey(kv.Key[len(prefix):], kv.Value); ok {
			out = append(out, d)
		}
	}
	return out, nil
}

// NextWake returns the earliest Wake of the live games; false when none is
// set.
func (db *DB) NextWake(ctx context.Context) (time.Time, bool, error) {
	prefix := db.k.index(store.IndexWake)
	r, err := db.cli.Get(ctx, prefix, clientv3.WithPrefix(), clientv3.WithLimit(1))
	if err != nil || len(r.Kvs) == 0 {
		return time.Time{}, false, err
	}
	d, ok := store.ParseWakeKey(r.Kvs[0].Key[len(prefix):], r.Kvs[0].Value)
	return d.Wake, ok, nil
}

// LiveOf returns the channels where a person has a seat in a live game,
// with their servers, from the users index.
func (db *DB) LiveOf(ctx context.Context, user string) ([]store.LiveGame, error) {
	var out []store.LiveGame
	prefix := db.k.index(store.IndexUsers) + user + "\x00"
	err := db.scan(ctx, prefix, 0, func(kv kv) error {
		out = append(out, store.LiveGame{Channel: strings.TrimPrefix(kv.key, prefix), Guild: string(kv.value)})
		return nil
	})
	return out, err
}

// LiveIn returns the channels of a server that have a live game, from the
// guilds index.
func (db *DB) LiveIn(ctx context.Context, guild string) ([]string, error) {
	var out []string
	prefix := db.k.index(store.IndexGuilds) + guild + "\x00"
	err := db.scan(ctx, prefix, 0, func(kv kv) error {
		out = append(out, strings.TrimPrefix(kv.key, prefix))
		return nil
	})
	return out, err
}
