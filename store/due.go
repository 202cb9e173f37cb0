package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Due is a live game due to be looked at (its Wake has come).
type Due struct {
	Channel string
	Game    string
	Wake    time.Time
}

// Due returns, earliest first, at most limit live games whose Wake is not
// after until (limit <= 0: all of them). It reads the wake index only: its
// cost follows what is due, not the games stored.
func (db *DB) Due(ctx context.Context, until time.Time, limit int) ([]Due, error) {
	var out []Due
	end := binary.BigEndian.AppendUint64(nil, uint64(max(until.UnixNano(), 0)))
	err := db.view(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketWake).Cursor()
		for k, v := c.First(); k != nil && len(k) >= 8 && bytes.Compare(k[:8], end) <= 0; k, v = c.Next() {
			if limit > 0 && len(out) == limit {
				break
			}
			out = append(out, Due{Channel: string(k[8:]), Game: string(v), Wake: time.Unix(0, int64(binary.BigEndian.Uint64(k))).UTC()})
		}
		return nil
	})
	return out, err
}

// NextWake returns the earliest Wake of the live games; false when none is
// set.
func (db *DB) NextWake(ctx context.Context) (time.Time, bool, error) {
	var at time.Time
	var ok bool
	err := db.view(ctx, func(tx *bolt.Tx) error {
		if k, _ := tx.Bucket(bucketWake).Cursor().First(); len(k) >= 8 {
			at, ok = time.Unix(0, int64(binary.BigEndian.Uint64(k))).UTC(), true
		}
		return nil
	})
	return at, ok, err
}

// SetWake sets when the host is to look at the channel's current game
// gameID again (zero: never), provided the game is still at version: a
// change since has set its own. It fails with NotFound when the channel
// has no game and with Conflict when its game is no longer gameID or at
// another version.
func (db *DB) SetWake(ctx context.Context, channel, gameID string, version uint64, at time.Time) error {
	return db.write(ctx, func(tx *bolt.Tx) (error, error) {
		g, gb, err := loadCurrent(db.metas, tx, channel)
		if err != nil {
			return nil, err
		}
		changed, verdict := ApplyWake(g, channel, gameID, version, at)
		if verdict != nil || !changed {
			return verdict, nil
		}
		return nil, db.put(tx, gb, g)
	})
}

// LiveGame is a live game as the indexes find it: its channel and server.
type LiveGame struct {
	Channel string
	Guild   string
}

// LiveOf returns the channels where a person has a seat in a live game,
// with their servers, from the users index.
func (db *DB) LiveOf(ctx context.Context, user string) ([]LiveGame, error) {
	var out []LiveGame
	prefix := append([]byte(user), 0)
	err := db.view(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketUsers).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			out = append(out, LiveGame{Channel: string(k[len(prefix):]), Guild: string(v)})
		}
		return nil
	})
	return out, err
}

// LiveIn returns the channels of a server that have a live game, from the
// guilds index.
func (db *DB) LiveIn(ctx context.Context, guild string) ([]string, error) {
	var out []string
	prefix := append([]byte(guild), 0)
	err := db.view(ctx, func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketGuilds).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			out = append(out, string(k[len(prefix):]))
		}
		return nil
	})
	return out, err
}

// Count returns the numbers of live and archived games.
func (db *DB) Count(ctx context.Context) (live, archived int, err error) {
	err = db.view(ctx, func(tx *bolt.Tx) error {
		live = tx.Bucket(bucketLive).Stats().KeyN
		archived = tx.Bucket(bucketArchive).Stats().KeyN
		return nil
	})
	return live, archived, err
}
