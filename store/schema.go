package store

import (
	"encoding/binary"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A migration changes a file of schema version n into version n+1 inside
// the transaction it is given, at time now. Migrations never run outside
// that transaction, so a crash during one leaves the file at version n.
type migration func(db *DB, tx *bolt.Tx, now time.Time) error

// schemaMigrations lists the migrations in order: element i turns version
// i+1 into version i+2. The current schema version is one more than their
// number.
//
// To change the layout: write the migration, append it here, keep the
// fixture testdata/schema-vN.db of the old version and test that it opens.
func schemaMigrations() []migration {
	return []migration{migrateV2, migrateV3}
}

// migrateV2 turns version 1 into version 2, which adds each channel's
// outbox bucket, a game's count of reminders ("reminded") and a player's
// stand-in computer ("away"). All are made when first needed and absent
// means none, so version 1 data needs no change; the version still goes
// up, so that a tablebot of version 1, which would ignore the outbox,
// refuses the file.
func migrateV2(db *DB, tx *bolt.Tx, now time.Time) error { return nil }

// migrateV3 turns version 2 into version 3, which adds a game's Version,
// Position and Wake, an announcement's Version, the indexes (live games by
// channel, server and person, by when they are due, and the channels owed
// posts) and the archive of ended games, compacted. A game stored without
// a version reads as if its moves were all its changes (see loadGame), and
// an announcement without one as version 0, which every post carries; the
// live games are made due now, so that the bot looks at each once and
// sets when to look again; the ended games move to the archive.
func migrateV3(db *DB, tx *bolt.Tx, now time.Time) error {
	if err := createIndexes(tx); err != nil {
		return err
	}
	if _, err := tx.CreateBucketIfNotExists(bucketArchive); err != nil {
		return err
	}
	chs := tx.Bucket(bucketChannels)
	var channels []string
	if err := chs.ForEachBucket(func(k []byte) error {
		channels = append(channels, string(k))
		return nil
	}); err != nil {
		return err
	}
	for _, c := range channels {
		if err := migrateChannelV3(db, tx, c, now); err != nil {
			return err
		}
	}
	return nil
}

// migrateChannelV3 moves a channel's settings and counters into keys of
// its bucket, indexes its outbox and live game, and archives its ended
// games.
func migrateChannelV3(db *DB, tx *bolt.Tx, channel string, now time.Time) error {
	ch := channelBucket(tx, channel)
	if err := migrateSettingsV3(ch); err != nil {
		return err
	}
	if box := ch.Bucket(bucketOutbox); box != nil {
		if err := ch.Put(keyOutboxSeq, binary.BigEndian.AppendUint64(nil, box.Sequence())); err != nil {
			return err
		}
	}
	if err := owe(tx, channel, ch.Bucket(bucketOutbox)); err != nil {
		return err
	}
	if err := dropIfEmpty(ch, bucketOutbox); err != nil {
		return err
	}
	games := ch.Bucket(bucketGames)
	if games == nil {
		return nil
	}
	if err := ch.Put(keyGameSeq, binary.BigEndian.AppendUint64(nil, games.Sequence())); err != nil {
		return err
	}
	var seqs []uint64
	if err := games.ForEachBucket(func(k []byte) error {
		seq, err := decodeSeq(k)
		seqs = append(seqs, seq)
		return err
	}); err != nil {
		return err
	}
	for _, seq := range seqs {
		gb := games.Bucket(seqKey(seq))
		g, err := loadGame(nil, gb, channel, seq)
		if err != nil {
			return err
		}
		g.indexed = nil // nothing was indexed before
		if g.Status == Playing {
			g.Wake = now
		}
		if err := db.put(tx, gb, g); err != nil {
			return err
		}
	}
	return dropIfEmpty(ch, bucketGames)
}

// migrateSettingsV3 moves a channel's settings from their bucket into keys
// of the channel's bucket.
func migrateSettingsV3(ch *bolt.Bucket) error {
	s := ch.Bucket(bucketSettings)
	if s == nil {
		return nil
	}
	if err := s.ForEach(func(k, v []byte) error { return ch.Put(settingKey(string(k)), v) }); err != nil {
		return err
	}
	return ch.DeleteBucket(bucketSettings)
}

// schemaVersion returns the version that a list of migrations leads to.
func schemaVersion(migs []migration) uint32 { return uint32(len(migs)) + 1 }

func encodeSchema(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }

// readSchema returns the file's schema version, 0 for a file without any
// bucket (new, or created by bbolt before the first transaction), and
// ErrNotTablebot for a bbolt file of another program.
func readSchema(tx *bolt.Tx) (uint32, error) {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		empty := true
		_ = tx.ForEach(func([]byte, *bolt.Bucket) error {
			empty = false
			return nil
		})
		if empty {
			return 0, nil
		}
		return 0, fmt.Errorf("%w: a bbolt file without tablebot's meta bucket", ErrNotTablebot)
	}
	b := meta.Get(keySchema)
	if len(b) != 4 {
		return 0, fmt.Errorf("%w: schema version of %d bytes", ErrCorrupt, len(b))
	}
	return binary.BigEndian.Uint32(b), nil
}

// prepare brings the file to the schema version migs lead to, in the
// write transaction tx: it creates the buckets of a new file and runs the
// migrations a file of an older version needs.
func prepare(db *DB, tx *bolt.Tx, migs []migration, clock func() time.Time) error {
	want := schemaVersion(migs)
	v, err := readSchema(tx)
	if err != nil {
		return err
	}
	switch {
	case v == 0:
		meta, err := tx.CreateBucket(bucketMeta)
		if err != nil {
			return err
		}
		if _, err := tx.CreateBucket(bucketChannels); err != nil {
			return err
		}
		if _, err := tx.CreateBucket(bucketArchive); err != nil {
			return err
		}
		if err := createIndexes(tx); err != nil {
			return err
		}
		return meta.Put(keySchema, encodeSchema(want))
	case v > want:
		return fmt.Errorf("%w: its schema version is %d, this tablebot knows up to %d", ErrSchemaTooNew, v, want)
	case v == want:
		return nil
	}
	now := clock().UTC()
	for ; v < want; v++ {
		if err := migs[v-1](db, tx, now); err != nil {
			return fmt.Errorf("store: migrating schema %d to %d: %w", v, v+1, err)
		}
	}
	return tx.Bucket(bucketMeta).Put(keySchema, encodeSchema(want))
}

// checkSchema is prepare for a read-only file: it fails unless the file is
// at the version migs lead to.
func checkSchema(tx *bolt.Tx, migs []migration) error {
	want := schemaVersion(migs)
	v, err := readSchema(tx)
	switch {
	case err != nil:
		return err
	case v == 0:
		return fmt.Errorf("%w: the file holds no data", ErrNotTablebot)
	case v > want:
		return fmt.Errorf("%w: its schema version is %d, this tablebot knows up to %d", ErrSchemaTooNew, v, want)
	case v < want:
		return fmt.Errorf("store: the file's schema version %d is older than %d: open it once for writing (run the bot) to migrate it", v, want)
	}
	return nil
}
