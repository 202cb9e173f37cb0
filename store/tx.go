package store

import (
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Helpers that read and write games inside a transaction. They return
// internal errors only; the methods that call them decide what a missing
// game means to the caller.

// channelBucket returns a channel's bucket, or nil when the channel never
// had a game.
func channelBucket(tx *bolt.Tx, channel string) *bolt.Bucket {
	chs := tx.Bucket(bucketChannels)
	if chs == nil {
		return nil
	}
	return chs.Bucket([]byte(channel))
}

// createChannelBucket returns a channel's bucket, creating it when
// needed.
func createChannelBucket(tx *bolt.Tx, channel string) (*bolt.Bucket, error) {
	chs := tx.Bucket(bucketChannels)
	if chs == nil {
		return nil, fmt.Errorf("%w: no channels bucket", ErrCorrupt)
	}
	return chs.CreateBucketIfNotExists([]byte(channel))
}

// nextSeq returns the next number of a channel's counter (its games', or
// its outbox's), counted in a key of the channel's bucket so that the
// bucket stays without sub-buckets, and so inline in its parent's page,
// while the channel has neither a live game nor posts owed.
func nextSeq(ch *bolt.Bucket, key []byte) (uint64, error) {
	n := uint64(0)
	if b := ch.Get(key); len(b) == 8 {
		n = binary.BigEndian.Uint64(b)
	}
	n++
	return n, ch.Put(key, binary.BigEndian.AppendUint64(nil, n))
}

// newGameBucket makes the bucket of a channel's next game.
func newGameBucket(ch *bolt.Bucket) (uint64, *bolt.Bucket, error) {
	seq, err := nextSeq(ch, keyGameSeq)
	if err != nil {
		return 0, nil, err
	}
	games, err := ch.CreateBucketIfNotExists(bucketGames)
	if err != nil {
		return 0, nil, err
	}
	gb, err := games.CreateBucket(seqKey(seq))
	if err != nil {
		return 0, nil, err
	}
	_, err = gb.CreateBucket(bucketMoves)
	return seq, gb, err
}

// dropIfEmpty deletes a sub-bucket of a channel's bucket when it holds
// nothing: the channel's bucket is inline again.
func dropIfEmpty(ch *bolt.Bucket, name []byte) error {
	b := ch.Bucket(name)
	if b == nil {
		return nil
	}
	if k, _ := b.Cursor().First(); k != nil {
		return nil
	}
	return ch.DeleteBucket(name)
}

// currentSeq returns the sequence number of the channel's current game.
func currentSeq(ch *bolt.Bucket) (uint64, bool, error) {
	if ch == nil {
		return 0, false, nil
	}
	b := ch.Get(keyCurrent)
	if b == nil {
		return 0, false, nil
	}
	seq, err := decodeSeq(b)
	return seq, err == nil, err
}

// gameBucket returns the bucket of game seq in a channel bucket, or nil.
func gameBucket(ch *bolt.Bucket, seq uint64) *bolt.Bucket {
	if ch == nil {
		return nil
	}
	games := ch.Bucket(bucketGames)
	if games == nil {
		return nil
	}
	return games.Bucket(seqKey(seq))
}

// loadGame reads a whole game from its bucket, its metadata through
// metas (nil decodes it).
func loadGame(metas *metaCache, gb *bolt.Bucket, channel string, seq uint64) (*Game, error) {
	raw := gb.Get(keyGame)
	if raw == nil {
		return nil, fmt.Errorf("%w: game %s has no metadata", ErrCorrupt, gameID(channel, seq))
	}
	g, err := metas.decode(channel, seq, raw)
	if err != nil {
		return nil, err
	}
	if mb := gb.Bucket(bucketMoves); mb != nil {
		if n, err := numMoves(gb); err == nil {
			g.Moves = make([]Move, 0, n+1) // room for the move being appended
		}
		err := mb.ForEach(func(k, v []byte) error {
			n, err := decodeMoveKey(k)
			if err != nil {
				return err
			}
			if n != len(g.Moves) {
				return fmt.Errorf("%w: game %s lacks move %d", ErrCorrupt, g.ID, len(g.Moves))
			}
			m, err := decodeMove(n, v)
			if err != nil {
				return err
			}
			g.Moves = append(g.Moves, m)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	g.Snapshot = decodeSnapshot(len(g.Moves), gb.Get(keySnapshot))
	if g.Version == 0 {
		// Stored before versions (schema 2): count from the moves, which
		// is all the past a version needs to tell apart from now on.
		g.Version = uint64(len(g.Moves)) + 1
		if len(g.Moves) > 0 {
			g.Position = g.Version
		}
	}
	g.indexed = IndexEntries(g)
	return g, nil
}

// numMoves returns the number of moves in a game's bucket: its keys run
// from 0 without gaps, so the last one tells.
func numMoves(gb *bolt.Bucket) (int, error) {
	mb := gb.Bucket(bucketMoves)
	if mb == nil {
		return 0, nil
	}
	k, _ := mb.Cursor().Last()
	if k == nil {
		return 0, nil
	}
	n, err := decodeMoveKey(k)
	return n + 1, err
}

// put writes game g, read from its bucket gb, back in tx with its
// indexes; once it has ended, into the archive, and its bucket goes.
func (db *DB) put(tx *bolt.Tx, gb *bolt.Bucket, g *Game) error {
	if g.Status.Live() {
		if err := saveGame(gb, g); err != nil {
			return err
		}
		return reindex(tx, g)
	}
	if err := reindex(tx, g); err != nil {
		return err
	}
	ch := channelBucket(tx, g.Channel)
	if ch == nil {
		return fmt.Errorf("%w: channel %s vanished", ErrCorrupt, g.Channel)
	}
	g.Snapshot = nil
	if err := db.archive(tx, ch.Bucket(bucketGames), g); err != nil {
		return err
	}
	return dropIfEmpty(ch, bucketGames)
}

// saveGame writes a game's metadata.
func saveGame(gb *bolt.Bucket, g *Game) error {
	raw, err := encodeGame(g)
	if err != nil {
		return err
	}
	return gb.Put(keyGame, raw)
}

// loadCurrent reads the channel's current game, its metadata through
// metas (nil decodes it); nil when there is none.
func loadCurrent(metas *metaCache, tx *bolt.Tx, channel string) (*Game, *bolt.Bucket, error) {
	ch := channelBucket(tx, channel)
	seq, ok, err := currentSeq(ch)
	if err != nil || !ok {
		return nil, nil, err
	}
	gb := gameBucket(ch, seq)
	if gb == nil {
		return nil, nil, fmt.Errorf("%w: channel %s names missing game %d as current", ErrCorrupt, channel, seq)
	}
	g, err := loadGame(metas, gb, channel, seq)
	return g, gb, err
}

// finish archives a channel's current game: it is no longer current.
func finish(tx *bolt.Tx, g *Game, status Status) error {
	g.Status = status
	ch := channelBucket(tx, g.Channel)
	if ch == nil {
		return fmt.Errorf("%w: channel %s vanished", ErrCorrupt, g.Channel)
	}
	return ch.Delete(keyCurrent)
}
