package etcd

import (
	"context"
	"slices"

	"github.com/tablebot/tablebot/store"
)

// AppendMove stores m as the next move of the channel's current game
// gameID (see store.DB.AppendMove). check may run more than once.
func (db *DB) AppendMove(ctx context.Context, channel, gameID string, m store.Move, check store.Check) (*store.Game, error) {
	m, err := store.PrepareMove(m, db.now)
	if err != nil {
		return nil, err
	}
	var out *store.Game
	err = db.update(ctx, channel, func(t *chanTx) (error, error) {
		g := t.game
		if g != nil {
			g = g.Clone()
		}
		c, verdict, err := store.ApplyMove(g, channel, gameID, m, check)
		if verdict != nil || err != nil {
			return verdict, err
		}
		if err := t.announce(g, c.Announce); err != nil {
			return nil, err
		}
		if err := t.tallyGame(ctx, g, c); err != nil {
			return nil, err
		}
		out = g
		return nil, t.put(g)
	})
	return out, err
}

// UndoMove removes the last move of the channel's current game gameID,
// which has expectedN moves.
func (db *DB) UndoMove(ctx context.Context, channel, gameID string, expectedN int) (*store.Game, error) {
	return db.UndoMoves(ctx, channel, gameID, expectedN, 1, nil)
}

// UndoMoves removes the last count moves of the channel's current game
// gameID, and the posts still owed for them (see store.DB.UndoMoves).
func (db *DB) UndoMoves(ctx context.Context, channel, gameID string, expectedN, count int, announce *store.Announcement) (*store.Game, error) {
	var out *store.Game
	err := db.update(ctx, channel, func(t *chanTx) (error, error) {
		g := t.game
		if g != nil {
			g = g.Clone()
		}
		if verdict := store.ApplyUndo(g, channel, gameID, expectedN, count, db.now().UTC()); verdict != nil {
			return verdict, nil
		}
		keep := len(g.Moves)
		t.outbox = slices.DeleteFunc(t.outbox, func(a store.Announcement) bool { return a.TakenBack(g.ID, keep) })
		if err := t.announce(g, announce); err != nil {
			return nil, err
		}
		out = g
		return nil, t.put(g)
	})
	return out, err
}
