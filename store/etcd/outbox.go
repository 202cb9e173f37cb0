package etcd

import (
	"context"
	"strings"
	"time"

	"github.com/tablebot/tablebot/store"
)

// Outbox returns the announcements a channel is owed, oldest first.
func (db *DB) Outbox(ctx context.Context, channel string) ([]store.Announcement, error) {
	t, err := db.load(ctx, channel)
	if err != nil {
		return nil, err
	}
	return t.outbox, nil
}

// OutboxChannels returns the channels that are owed announcements, from
// the owed index.
func (db *DB) OutboxChannels(ctx context.Context) ([]string, error) {
	var out []string
	prefix := db.k.index(store.IndexOwed)
	err := db.scan(ctx, prefix, 0, func(kv kv) error {
		out = append(out, strings.TrimPrefix(kv.key, prefix))
		return nil
	})
	return out, err
}

// Posted removes the announcements of kind for game up to its version
// upTo, and remembers the post as the game's latest board (see
// store.DB.Posted).
func (db *DB) Posted(ctx context.Context, channel, game, kind string, upTo uint64, messageID string) error {
	return db.update(ctx, channel, func(t *chanTx) (error, error) {
		changed := false
		kept := t.outbox[:0:0]
		for _, a := range t.outbox {
			switch {
			case !a.Carries(game, kind, upTo):
				kept = append(kept, a)
			case a.ShownBy(upTo):
				a.Show()
				kept = append(kept, a)
				changed = true
			default:
				changed = true
			}
		}
		t.outbox = kept
		g := t.game
		if messageID != "" && (kind == store.Board || kind == "") && g != nil && g.ID == game && g.Position <= upTo && g.BoardMessage != messageID {
			g = g.Clone()
			g.BoardMessage = messageID
			if err := t.put(g); err != nil {
				return nil, err
			}
			changed = true
		}
		if !changed {
			return errUnchanged, nil
		}
		return nil, nil
	})
}

// Retry records a failed attempt to post the announcements of kind for
// game up to its version upTo (see store.DB.Retry).
func (db *DB) Retry(ctx context.Context, channel, game, kind string, upTo uint64, next time.Time, doubt bool) error {
	return db.update(ctx, channel, func(t *chanTx) (error, error) {
		changed := false
		for i := range t.outbox {
			if t.outbox[i].Carries(game, kind, upTo) {
				t.outbox[i].Failed(next, doubt)
				changed = true
			}
		}
		if !changed {
			return errUnchanged, nil
		}
		return nil, nil
	})
}
