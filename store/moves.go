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
// the new state, moves that follow by themselves (Checked.More), the post
// the change owes its channel, and may end the game. Because commits are
// shared, check may run more than once for one call: it must be pure.
//
// It fails with NotFound when the channel has no game, and with Conflict
// when the game is no longer gameID, is not in playing status, or already
// has a move m.N.
func (db *DB) AppendMove(ctx context.Context, channel, gameID string, m Move, check Check) (*Game, error) {
	m, err := PrepareMove(m, db.now)
	if err != nil {
		return nil, err
	}
	var out *Game
	err = db.write(ctx, func(tx *bolt.Tx) (error, error) {
		g, gb, err := loadCurrent(db.metas, tx, channel)
		if err != nil {
			return nil, err
		}
		c, verdict, err := ApplyMove(g, channel, gameID, m, check)
		if verdict != nil || err != nil {
			return verdict, err
		}
		if err := db.settle(tx, gb, g, m.N, c); err != nil {
			return nil, err
		}
		out = g
		return nil, db.put(tx, gb, g)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// checkMove refuses a move that cannot be stored, before any transaction.
func checkMove(m Move) error {
	if err := checkLine("move text", m.Text); err != nil {
		return err
	}
	if m.By == "" {
		return fmt.Errorf("store: move %d says nobody made it", m.N)
	}
	return nil
}

// checkChecked refuses what a Check may not ask for.
func checkChecked(c Checked) error {
	if c.Finish != "" && (c.Finish.Live() || !c.Finish.Valid()) {
		return fmt.Errorf("store: a check may finish a game as over or cancelled, not %q", c.Finish)
	}
	for _, more := range c.More {
		if err := checkMove(more); err != nil {
			return err
		}
	}
	return nil
}

// settle writes what ApplyMove changed in g, from its move from, in tx:
// its new moves, its snapshot, its end and the post it owes.
func (db *DB) settle(tx *bolt.Tx, gb *bolt.Bucket, g *Game, from int, c Checked) error {
	moves := gb.Bucket(bucketMoves)
	for _, mv := range g.Moves[from:] {
		if err := moves.Put(moveKey(mv.N), encodeMove(mv)); err != nil {
			return err
		}
	}
	var err error
	if g.Snapshot != nil {
		err = gb.Put(keySnapshot, encodeSnapshot(len(g.Moves), g.Snapshot))
	} else {
		err = gb.Delete(keySnapshot)
	}
	if err != nil {
		return err
	}
	if !g.Status.Live() {
		if err := finish(tx, g, g.Status); err != nil {
			return err
		}
		if err := tallyGame(tx, g, c); err != nil {
			return err
		}
	}
	return db.announce(tx, g, c.Announce)
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
// go or none does. The posts the channel is still owed for the moves taken
// back go with them (the channel never learns of a move it no longer has),
// and announce, when not nil, is written to the outbox, all in the same
// transaction.
func (db *DB) UndoMoves(ctx context.Context, channel, gameID string, expectedN, count int, announce *Announcement) (*Game, error) {
	var out *Game
	err := db.write(ctx, func(tx *bolt.Tx) (error, error) {
		g, gb, err := loadCurrent(db.metas, tx, channel)
		if err != nil {
			return nil, err
		}
		if verdict := ApplyUndo(g, channel, gameID, expectedN, count, db.now().UTC()); verdict != nil {
			return verdict, nil
		}
		keep := len(g.Moves)
		moves := gb.Bucket(bucketMoves)
		for n := expectedN - 1; n >= keep; n-- {
			if err := moves.Delete(moveKey(n)); err != nil {
				return nil, err
			}
		}
		if err := gb.Delete(keySnapshot); err != nil {
			return nil, err
		}
		if err := dropOwed(tx, g, keep); err != nil {
			return nil, err
		}
		if err := db.announce(tx, g, announce); err != nil {
			return nil, err
		}
		out = g
		return nil, db.put(tx, gb, g)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
