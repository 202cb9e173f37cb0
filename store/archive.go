package store

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// An ended game is compacted: it leaves its channel's buckets (a bucket
// and a bucket of moves, some kilobytes of pages) for one value of the
// archive, a few hundred bytes to a couple of kilobytes.
//
//	archive                     bucket
//	  <channel> 0 <uint64 seq>  archiveVersion, then compressed with DEFLATE:
//	                            uvarint length of the game's JSON (gameJSON,
//	                            with "moves": the count), the JSON, then the
//	                            moves packed (packMoves)
var bucketArchive = []byte("archive")

// archiveVersion is the first byte of an archived game.
const archiveVersion = 1

// archiveKey is game seq of a channel's key in the archive; a channel's
// games sort together, oldest first.
func archiveKey(channel string, seq uint64) []byte {
	return binary.BigEndian.AppendUint64(append([]byte(channel), 0), seq)
}

// archivedJSON is an archived game's JSON: its metadata and its number of
// moves, readable without the moves.
type archivedJSON struct {
	gameJSON
	Moves int `json:"moves"`
}

// archive moves ended game g from its bucket gb in the channel's games
// bucket to the archive, in tx.
func (db *DB) archive(tx *bolt.Tx, games *bolt.Bucket, g *Game) error {
	_, seq, ok := parseGameID(g.ID)
	if !ok {
		return fmt.Errorf("%w: game id %q", ErrCorrupt, g.ID)
	}
	data, err := db.packer.pack(g)
	if err != nil {
		return err
	}
	if err := archivePut(tx, archiveKey(g.Channel, seq), data); err != nil {
		return err
	}
	return games.DeleteBucket(seqKey(seq))
}

// archivePut puts an archived game. Keys come mostly in order (a channel's
// games one after the other; an import channel by channel), where bbolt's
// pages split half full by default: they are filled to 90 % instead.
func archivePut(tx *bolt.Tx, key, data []byte) error {
	b := tx.Bucket(bucketArchive)
	b.FillPercent = 0.9
	return b.Put(key, data)
}

// packer packs ended games for the archive, lending its compressors (each
// most of a megabyte to make: an import packs thousands of games).
type packer struct{ pool sync.Pool }

// pack encodes an ended game for the archive.
func (pk *packer) pack(g *Game) ([]byte, error) {
	meta, err := encodeGame(g)
	if err != nil {
		return nil, err
	}
	var j archivedJSON
	if err := json.Unmarshal(meta, &j.gameJSON); err != nil {
		return nil, err
	}
	j.Moves = len(g.Moves)
	head, err := json.Marshal(j)
	if err != nil {
		return nil, err
	}
	plain := binary.AppendUvarint(nil, uint64(len(head)))
	plain = append(plain, head...)
	plain = append(plain, packMoves(g)...)
	var b bytes.Buffer
	b.WriteByte(archiveVersion)
	z, ok := pk.pool.Get().(*flate.Writer)
	if !ok {
		var err error
		if z, err = flate.NewWriter(&b, archiveLevel); err != nil {
			return nil, err
		}
	}
	defer pk.pool.Put(z)
	z.Reset(&b)
	if _, err := z.Write(plain); err != nil {
		return nil, err
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// archiveLevel is the compression of archived games: a game's few
// kilobytes come out as small at the default level as at the best, for
// less work (an import packs thousands).
const archiveLevel = flate.DefaultCompression

// packMoves writes moves one after the other: the signed difference of its
// time from the previous one's (from the game's creation for the first),
// in nanoseconds, and By and Text, each after its length.
func packMoves(g *Game) []byte {
	var out []byte
	prev := g.Created.UnixNano()
	for _, m := range g.Moves {
		at := m.At.UnixNano()
		out = binary.AppendVarint(out, at-prev)
		prev = at
		out = binary.AppendUvarint(out, uint64(len(m.By)))
		out = append(out, m.By...)
		out = binary.AppendUvarint(out, uint64(len(m.Text)))
		out = append(out, m.Text...)
	}
	return out
}

// unpacker reads archived games, lending its decompressors and buffers
// (a listing reads thousands of games). A reader it returns must be given
// back with done.
type unpacker struct{ pool sync.Pool }

// reading is one archived game being read.
type reading struct {
	z   io.ReadCloser // a flate reader, also a flate.Resetter
	br  *bufio.Reader
	src bytes.Reader
}

// reader returns a reader of data's decompressed bytes.
func (u *unpacker) reader(data []byte) (*reading, error) {
	r, ok := u.pool.Get().(*reading)
	if !ok {
		r = &reading{}
		r.src.Reset(data)
		r.z = flate.NewReader(&r.src)
		r.br = bufio.NewReader(r.z)
		return r, nil
	}
	r.src.Reset(data)
	if err := r.z.(flate.Resetter).Reset(&r.src, nil); err != nil {
		return nil, err
	}
	r.br.Reset(r.z)
	return r, nil
}

// done gives a reader back.
func (u *unpacker) done(r *reading) { u.pool.Put(r) }

// archivedHead reads an archived game's metadata and number of moves, and
// returns the reader of its moves that follow (to give back to u).
func (u *unpacker) archivedHead(channel string, seq uint64, data []byte) (*Game, int, *reading, error) {
	bad := func(why string) (*Game, int, *reading, error) {
		return nil, 0, nil, fmt.Errorf("%w: archived game %s: %s", ErrCorrupt, gameID(channel, seq), why)
	}
	if len(data) < 2 || data[0] != archiveVersion {
		return bad("unknown format")
	}
	r, err := u.reader(data[1:])
	if err != nil {
		return bad(err.Error())
	}
	g, n, err := readHead(r.br, len(data), channel, seq)
	if err != nil {
		u.done(r)
		return bad(err.Error())
	}
	return g, n, r, nil
}

// readHead reads an archived game's JSON from its decompressed bytes.
func readHead(r *bufio.Reader, size int, channel string, seq uint64) (*Game, int, error) {
	n, err := binary.ReadUvarint(r)
	if err != nil || n > uint64(size)*64 {
		return nil, 0, errors.New("unreadable")
	}
	head := make([]byte, n)
	if _, err := io.ReadFull(r, head); err != nil {
		return nil, 0, err
	}
	var j archivedJSON
	if err := json.Unmarshal(head, &j); err != nil {
		return nil, 0, err
	}
	return gameOf(channel, seq, &j.gameJSON), j.Moves, nil
}

// unpackGame reads a whole archived game.
func (u *unpacker) unpackGame(channel string, seq uint64, data []byte) (*Game, error) {
	g, count, r, err := u.archivedHead(channel, seq, data)
	if err != nil {
		return nil, err
	}
	defer u.done(r)
	raw, err := io.ReadAll(r.br)
	if err != nil {
		return nil, fmt.Errorf("%w: archived game %s: %v", ErrCorrupt, g.ID, err)
	}
	if g.Moves, err = unpackMoves(g, count, raw); err != nil {
		return nil, err
	}
	return g, nil
}

// unpackMoves reads the moves packMoves wrote.
func unpackMoves(g *Game, count int, b []byte) ([]Move, error) {
	bad := fmt.Errorf("%w: archived game %s: its moves are unreadable", ErrCorrupt, g.ID)
	moves := make([]Move, 0, count)
	prev := g.Created.UnixNano()
	for len(b) > 0 {
		d, k := binary.Varint(b)
		if k <= 0 {
			return nil, bad
		}
		b = b[k:]
		prev += d
		by, rest, ok := cutLength(b)
		if !ok {
			return nil, bad
		}
		text, rest, ok := cutLength(rest)
		if !ok {
			return nil, bad
		}
		b = rest
		moves = append(moves, Move{N: len(moves), At: time.Unix(0, prev).UTC(), By: string(by), Text: string(text)})
	}
	if len(moves) != count {
		return nil, bad
	}
	return moves, nil
}

// cutLength cuts a uvarint length and that many bytes off b.
func cutLength(b []byte) (field, rest []byte, ok bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, nil, false
	}
	return b[k : k+int(n)], b[k+int(n):], true
}

// archivedGame returns game seq of a channel from the archive, nil when it
// is not there.
func (u *unpacker) archivedGame(tx *bolt.Tx, channel string, seq uint64) (*Game, error) {
	data := tx.Bucket(bucketArchive).Get(archiveKey(channel, seq))
	if data == nil {
		return nil, nil
	}
	return u.unpackGame(channel, seq, data)
}

// eachArchived calls f for each archived game of a channel ("" for every
// channel), oldest first within a channel.
func (u *unpacker) eachArchived(tx *bolt.Tx, channel string, f func(g *Game) error) error {
	return forArchived(tx, channel, func(k, v []byte) error {
		ch, seq, ok := splitArchiveKey(k)
		if !ok {
			return fmt.Errorf("%w: archive key %q", ErrCorrupt, k)
		}
		g, err := u.unpackGame(ch, seq, v)
		if err != nil {
			return err
		}
		return f(g)
	})
}

// forArchived calls f with the key and value of each archived game of a
// channel ("" for every channel).
func forArchived(tx *bolt.Tx, channel string, f func(k, v []byte) error) error {
	c := tx.Bucket(bucketArchive).Cursor()
	prefix := []byte(nil)
	if channel != "" {
		prefix = append([]byte(channel), 0)
	}
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if err := f(k, v); err != nil {
			return err
		}
	}
	return nil
}

// splitArchiveKey reads an archive key.
func splitArchiveKey(k []byte) (channel string, seq uint64, ok bool) {
	if len(k) < 9 || k[len(k)-9] != 0 {
		return "", 0, false
	}
	return string(k[:len(k)-9]), binary.BigEndian.Uint64(k[len(k)-8:]), true
}
