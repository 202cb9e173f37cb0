package etcd

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/tablebot/tablebot/store"
)

// Create stores g as the channel's new current game (see store.DB.Create).
func (db *DB) Create(ctx context.Context, g *store.Game) error {
	n, err := store.PrepareNew(g, db.now().UTC())
	if err != nil {
		return err
	}
	var id string
	err = db.update(ctx, n.Channel, func(t *chanTx) (error, error) {
		if t.game != nil {
			return store.ErrGameExists(n.Channel), nil
		}
		t.head.Games++
		t.head.Current = t.head.Games
		s := n.Clone()
		s.ID = store.GameID(n.Channel, t.head.Games)
		id = s.ID
		return nil, t.put(s)
	})
	if err != nil {
		return err
	}
	g.ID, g.Created, g.Updated, g.Status = id, n.Created, n.Updated, n.Status
	g.Version, g.Position = 1, 0
	return nil
}

// Current returns the channel's live game, or a NotFound error.
func (db *DB) Current(ctx context.Context, channel string) (*store.Game, error) {
	t, err := db.load(ctx, channel)
	if err != nil {
		return nil, err
	}
	if t.game == nil {
		return nil, store.ErrNoGame(channel)
	}
	return t.game, nil
}

// Game returns the game with the given id, live or archived, or a
// NotFound error.
func (db *DB) Game(ctx context.Context, id string) (*store.Game, error) {
	channel, seq, ok := store.ParseGameID(id)
	if !ok {
		return nil, store.ErrNoSuchGame(id)
	}
	t, err := db.load(ctx, channel)
	if err != nil {
		return nil, err
	}
	if t.game != nil && t.head.Current == seq {
		return t.game, nil
	}
	r, err := db.cli.Get(ctx, db.k.archived(channel, seq))
	if err != nil {
		return nil, err
	}
	if len(r.Kvs) == 0 {
		return nil, store.ErrNoSuchGame(id)
	}
	return db.codec.Unpack(channel, seq, r.Kvs[0].Value)
}

// Archived returns the channel's ended games, oldest first.
func (db *DB) Archived(ctx context.Context, channel string) ([]*store.Game, error) {
	var out []*store.Game
	err := db.eachArchived(ctx, channel, 0, func(g *store.Game) error {
		out = append(out, g)
		return nil
	})
	return out, err
}

// List returns every stored game, by channel and then oldest first.
func (db *DB) List(ctx context.Context) ([]*store.Game, error) {
	var out []*store.Game
	err := db.Each(ctx, func(g *store.Game) error {
		out = append(out, g)
		return nil
	})
	slices.SortStableFunc(out, func(a, b *store.Game) int {
		if c := strings.Compare(a.Channel, b.Channel); c != 0 {
			return c
		}
		_, sa, _ := store.ParseGameID(a.ID)
		_, sb, _ := store.ParseGameID(b.ID)
		return cmp.Compare(sa, sb)
	})
	return out, err
}

// Each calls f with every stored game, the live ones and then the
// archived, as they were at one revision of the cluster.
func (db *DB) Each(ctx context.Context, f func(*store.Game) error) error {
	rev, err := db.eachLive(ctx, f)
	if err != nil {
		return err
	}
	return db.eachArchived(ctx, "", rev, f)
}

// EachSummary calls f with a summary of every stored game; an archived
// game's moves are not unpacked.
func (db *DB) EachSummary(ctx context.Context, f func(store.Summary) error) error {
	rev, err := db.eachLive(ctx, func(g *store.Game) error {
		return f(store.Summary{Game: g, Moves: len(g.Moves), LastActivity: g.LastActivity()})
	})
	if err != nil {
		return err
	}
	return db.scan(ctx, db.k.archive(""), rev, func(kv kv) error {
		ch, seq, ok := db.k.parseArchived(kv.key)
		if !ok {
			return fmt.Errorf("%w: archive key %q", store.ErrCorrupt, kv.key)
		}
		g, n, err := db.codec.Head(ch, seq, kv.value)
		if err != nil {
			return err
		}
		return f(store.Summary{Game: g, Moves: n, LastActivity: g.Updated})
	})
}

// eachLive calls f with every live game, by channel, from the live
// index; it returns the revision it read the index at.
func (db *DB) eachLive(ctx context.Context, f func(*store.Game) error) (int64, error) {
	var channels []string
	prefix := db.k.index(store.IndexLive)
	rev, err := db.scanRev(ctx, prefix, 0, func(kv kv) error {
		channels = append(channels, strings.TrimPrefix(kv.key, prefix))
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, ch := range channels {
		r, err := db.cli.Get(ctx, db.k.channel(ch), clientv3.WithPrefix(), clientv3.WithRev(rev))
		if err != nil {
			return 0, err
		}
		t := &chanTx{db: db, channel: ch, read: map[string][]byte{}, settings: map[string]string{}}
		for _, kv := range r.Kvs {
			t.read[string(kv.Key)] = kv.Value
		}
		if err := t.decode(); err != nil {
			return 0, err
		}
		if t.game == nil {
			return 0, fmt.Errorf("%w: channel %s is indexed as live without a game", store.ErrCorrupt, ch)
		}
		if err := f(t.game); err != nil {
			return 0, err
		}
	}
	return rev, nil
}

// eachArchived calls f with each archived game of a channel ("" for every
// channel), oldest first within a channel, at revision rev (0: now).
func (db *DB) eachArchived(ctx context.Context, channel string, rev int64, f func(*store.Game) error) error {
	return db.scan(ctx, db.k.archive(channel), rev, func(kv kv) error {
		ch, seq, ok := db.k.parseArchived(kv.key)
		if !ok {
			return fmt.Errorf("%w: archive key %q", store.ErrCorrupt, kv.key)
		}
		g, err := db.codec.Unpack(ch, seq, kv.value)
		if err != nil {
			return err
		}
		return f(g)
	})
}

// Count returns the numbers of live and archived games.
func (db *DB) Count(ctx context.Context) (live, archived int, err error) {
	r, err := db.cli.Txn(ctx).Then(
		clientv3.OpGet(db.k.index(store.IndexLive), clientv3.WithPrefix(), clientv3.WithCountOnly()),
		clientv3.OpGet(db.k.archive(""), clientv3.WithPrefix(), clientv3.WithCountOnly()),
	).Commit()
	if err != nil {
		return 0, 0, err
	}
	return int(r.Responses[0].GetResponseRange().Count), int(r.Responses[1].GetResponseRange().Count), nil
}

// Update changes the metadata of the channel's current game (see
// store.DB.Update).
func (db *DB) Update(ctx context.Context, channel, gameID string, fn func(*store.Game) error) (*store.Game, error) {
	return db.UpdateAnnounced(ctx, channel, gameID, func(g *store.Game) (*store.Announcement, error) { return nil, fn(g) })
}

// UpdateAnnounced is Update for a change that owes its channel a post.
func (db *DB) UpdateAnnounced(ctx context.Context, channel, gameID string, fn func(*store.Game) (*store.Announcement, error)) (*store.Game, error) {
	var out *store.Game
	err := db.update(ctx, channel, func(t *chanTx) (error, error) {
		g, a, verdict, err := store.ApplyUpdate(t.game, channel, gameID, db.now().UTC(), fn)
		if verdict != nil || err != nil {
			return verdict, err
		}
		if err := t.announce(g, a); err != nil {
			return nil, err
		}
		out = g
		return nil, t.put(g)
	})
	return out, err
}

// Finish ends the channel's current game with status Over or Cancelled
// and archives it.
func (db *DB) Finish(ctx context.Context, channel, gameID string, status store.Status) (*store.Game, error) {
	if status.Live() || !status.Valid() {
		return nil, fmt.Errorf("store: a game finishes as over or cancelled, not %q", status)
	}
	return db.Update(ctx, channel, gameID, func(g *store.Game) error {
		g.Status = status
		return nil
	})
}
