package store

import (
	"context"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// AppendMove stores m as the next move of the channel's current game
// gameID, in one durable transaction, and returns the game with it.
//
// m.N must be the number of moves the game has (the next index), so that
// of two players who answer the same board only the first is stored: the
// other gets a Conflict error. m.By says who made the move; m.At is
// stamped with the store's clock when zero.
//
// check, when not nil, runs in the same transaction with the game as
// stored and decides whether the move is legal: its error is returned as
// it is and nothing is stored. Its Checked result may carry a snapshot of
// the new state and may end the game. Because commits are shared, check
// may run more than once for one call: it must be pure.
//
// It fails with NotFound when the channel has no game, and with Conflict
// when the game is no longer gameID, is not in playing status, or already
// has a move m.N.
func (db *DB) AppendMove(ctx context.Context, channel, gameID string, m Move, check Check) (*Game, error) {
	if err := checkLine("move text", m.Text); err != nil {
		return nil, err
	}
	if m.By == "" {
		return nil, fmt.Errorf("store: move %d says nobody made it", m.N)
	}
	if m.N < 0 || m.N >= maxMoves {
		return nil, errMovedFirst(-1, m.N)
	}
	if m.At.IsZero() {
		m.At = db.now()
	}
	m.At = m.At.UTC()
	var out *Game
	err := db.write(ctx, func(tx *bolt.Tx) (error, error) {
		g, gb, err := loadCurrent(tx, channel)
		if err != nil {
			return nil, err
		}
		if verdict := appendable(g, channel, gameID, m.N); verdict != nil {
			return verdict, nil
		}
		var c Checked
		if check != nil {
			if c, err = check(g.Clone(), m); err != nil {
				return err, nil
			}
			if c.Finish != "" && (c.Finish.Live() || !c.Finish.Valid()) {
				return nil, fmt.Errorf("store: a check may finish a game as over or cancelled, not %q", c.Finish)
			}
		}
		if err := gb.Bucket(bucketMoves).Put(moveKey(m.N), encodeMove(m)); err != nil {
			return nil, err
		}
		g.Moves = append(g.Moves, m)
		g.Snapshot = nil
		if c.Snapshot != nil {
			g.Snapshot = append([]byte(nil), c.Snapshot...)
			err = gb.Put(keySnapshot, encodeSnapshot(len(g.Moves), c.Snapshot))
		} else {
			err = gb.Delete(keySnapshot)
		}
		if err != nil {
			return nil, err
		}
		g.Updated = m.At
		g.Reminded = 0
		if c.Finish != "" {
			if err := finish(tx, g, c.Finish); err != nil {
				return nil, err
			}
		}
		if err := db.announce(tx, g, c.Announce); err != nil {
			return nil, err
		}
		out = g
		return nil, saveGame(gb, g)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// appendable returns the domain error that keeps a move n from being
// appended to g, the channel's current game or nil.
func appendable(g *Game, channel, gameID string, n int) error {
	switch {
	case g == nil:
		return errNoGame(channel)
	case g.ID != gameID:
		return errReplaced(gameID)
	case g.Status != Playing:
		return errNotPlaying(g.Status)
	case n != len(g.Moves):
		return errMovedFirst(len(g.Moves), n)
	}
	return nil
}

// UndoMove removes the last move of the channel's current game gameID,
// provided the game has exactly expectedN moves (so that an undo meant
// for one board cannot remove a later move), and returns the game without
// it. The snapshot is dropped: the caller replays the moves.
//
// It fails with NotFound when the channel has no game and with Conflict
// when the game is no longer gameID, is not in playing status, or has a
// different number of moves, or none.
func (db *DB) UndoMove(ctx context.Context, channel, gameID string, expectedN int) (*Game, error) {
	return db.UndoMoves(ctx, channel, gameID, expectedN, 1, nil)
}

// UndoMoves removes the last count moves of the channel's current game
// gameID in one transaction, as UndoMove removes one: either all of them
// go or none does. announce, when not nil, is written to the outbox in the
// same transaction.
func (db *DB) UndoMoves(ctx context.Context, channel, gameID string, expectedN, count int, announce *Announcement) (*Game, error) {
	var out *Game
	err := db.write(ctx, func(tx *bolt.Tx) (error, error) {
		g, gb, err := loadCurrent(tx, channel)
		if err != nil {
			return nil, err
		}
		if verdict := appendable(g, channel, gameID, expectedN); verdict != nil {
			return verdict, nil
		}
		if count < 1 || expectedN < count {
			return errNothingToUndo(), nil
		}
		keep := expectedN - count
		moves := gb.Bucket(bucketMoves)
		for n := expectedN - 1; n >= keep; n-- {
			if err := moves.Delete(moveKey(n)); err != nil {
				return nil, err
			}
		}
		if err := gb.Delete(keySnapshot); err != nil {
			return nil, err
		}
		g.Moves, g.Snapshot = g.Moves[:keep], nil
		g.Updated = db.now().UTC()
		g.Reminded = 0
		if err := db.announce(tx, g, announce); err != nil {
			return nil, err
		}
		out = g
		return nil, saveGame(gb, g)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
