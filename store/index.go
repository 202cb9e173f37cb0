package store

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The indexes, kept in the same transactions as the games and outboxes
// they index, so that what is live, whose games they are and what is due
// are found without reading every game ever stored (see doc.go).
var (
	bucketLive   = []byte("live")   // <channel> → <guild>: channels with a game in lobby or playing status
	bucketGuilds = []byte("guilds") // <guild> 0 <channel> → "": the same, by server
	bucketUsers  = []byte("users")  // <user> 0 <channel> → <guild>: the same, by seated person
	bucketWake   = []byte("wake")   // <unix nanoseconds, 8 bytes> <channel> → <game id>: live games by Game.Wake
	bucketOwed   = []byte("owed")   // <channel> → "": channels whose outbox holds posts
)

// indexBuckets are the indexes' buckets, made with a new file or by the
// migration to schema 3.
var indexBuckets = [][]byte{bucketLive, bucketGuilds, bucketUsers, bucketWake, bucketOwed}

// The names of the indexes, the same in every engine.
const (
	IndexLive     = "live"     // <channel> → <guild>: channels with a game in lobby or playing status
	IndexGuilds   = "guilds"   // <guild> 0 <channel> → "": the same, by server
	IndexUsers    = "users"    // <user> 0 <channel> → <guild>: the same, by seated person
	IndexWake     = "wake"     // WakeKey → <game id>: live games by Game.Wake
	IndexOwed     = "owed"     // <channel> → "": channels whose outbox holds posts
	IndexImported = "imported" // <ImportSum> → <game id>: the games imported (see Import)
)

// IndexEntry is one entry of an index for a game: its key in the index
// named Index, and its value.
type IndexEntry struct {
	Index      string
	Key, Value string
}

// IndexEntries returns the index entries of g as it is: none unless it is
// live. An engine keeps them in the transactions that change g, moving
// from the entries of g as it read it to those of g as it writes it.
func IndexEntries(g *Game) []IndexEntry {
	if !g.Status.Live() {
		return nil
	}
	out := []IndexEntry{
		{IndexLive, g.Channel, g.Guild},
		{IndexGuilds, g.Guild + "\x00" + g.Channel, ""},
	}
	var users []string
	for _, p := range g.Players {
		if p.UserID != "" && !slices.Contains(users, p.UserID) {
			users = append(users, p.UserID)
			out = append(out, IndexEntry{IndexUsers, p.UserID + "\x00" + g.Channel, g.Guild})
		}
	}
	if !g.Wake.IsZero() {
		out = append(out, IndexEntry{IndexWake, string(WakeKey(g.Wake, g.Channel)), g.ID})
	}
	return out
}

// WakeKey is a game's key in the wake index: its time (unix nanoseconds,
// 8 bytes big-endian, so that keys sort by time), then its channel.
func WakeKey(at time.Time, channel string) []byte {
	return append(binary.BigEndian.AppendUint64(nil, uint64(max(at.UnixNano(), 0))), channel...)
}

// ParseWakeKey reads a key of the wake index and its value.
func ParseWakeKey(k []byte, v []byte) (Due, bool) {
	if len(k) < 8 {
		return Due{}, false
	}
	return Due{Channel: string(k[8:]), Game: string(v), Wake: time.Unix(0, int64(binary.BigEndian.Uint64(k))).UTC()}, true
}

// SplitPair splits an index key "<a> 0 <b>" (of the guilds and users
// indexes).
func SplitPair(k []byte) (a, b string, ok bool) { return splitPair(k) }

// reindex brings the indexes, in tx, from g's entries as it was read
// (g.indexed) to its entries now, and remembers them.
func reindex(tx *bolt.Tx, g *Game) error {
	now := IndexEntries(g)
	for _, e := range g.indexed {
		if !slices.Contains(now, e) {
			if err := indexBucket(tx, e.Index).Delete([]byte(e.Key)); err != nil {
				return err
			}
		}
	}
	for _, e := range now {
		if !slices.Contains(g.indexed, e) {
			if err := indexBucket(tx, e.Index).Put([]byte(e.Key), []byte(e.Value)); err != nil {
				return err
			}
		}
	}
	g.indexed = now
	return nil
}

// indexBucket returns an index's bucket.
func indexBucket(tx *bolt.Tx, name string) *bolt.Bucket { return tx.Bucket([]byte(name)) }

// createIndexes makes the indexes' buckets that do not exist yet.
func createIndexes(tx *bolt.Tx) error {
	for _, name := range indexBuckets {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return nil
}

// checkIndexes fails when an index's bucket is missing: a file that says
// it is of this schema but is not whole.
func checkIndexes(tx *bolt.Tx) error {
	for _, name := range indexBuckets {
		if tx.Bucket(name) == nil {
			return fmt.Errorf("%w: no %s index", ErrCorrupt, name)
		}
	}
	return nil
}

// owe records in the owed index whether a channel's outbox holds posts.
func owe(tx *bolt.Tx, channel string, box *bolt.Bucket) error {
	owed := tx.Bucket(bucketOwed)
	if box != nil {
		if k, _ := box.Cursor().First(); k != nil {
			return owed.Put([]byte(channel), nil)
		}
	}
	return owed.Delete([]byte(channel))
}

// splitPair splits an index key "<a> 0 <b>".
func splitPair(k []byte) (a, b string, ok bool) {
	i := bytes.IndexByte(k, 0)
	if i < 0 {
		return "", "", false
	}
	return string(k[:i]), string(k[i+1:]), true
}
