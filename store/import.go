package store

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// bucketImported maps what an imported game was to the id it was given,
// so that importing a record twice stores it once:
//
//	imported                    bucket
//	  <16 bytes of SHA-256>     game id
var bucketImported = []byte("imported")

// Imported is what became of one game given to Import.
type Imported struct {
	// ID is the game's id: new, or the one it was given by an earlier
	// import of the same game.
	ID string
	// Again reports that the game had been imported before.
	Again bool
	// Err, when not nil, is why the game was refused (a *rules.Error: a
	// second live game for a channel); nothing of it was stored.
	Err error
}

// Import stores whole games (metadata, moves and status), each as a game
// of its channel: an ended one (Over or Cancelled) straight into the
// archive, a live one as its channel's current game (refused with an
// Exists error when the channel has one), due at once so that the host
// judges it. A game imported before, the same in every field a record
// holds, is not stored again. All of games are stored in one transaction:
// callers import many games at a time, for speed. Created and Updated are
// kept when set (the store's clock otherwise); move times likewise.
func (db *DB) Import(ctx context.Context, games []*Game) ([]Imported, error) {
	for _, g := range games {
		if err := checkImport(g); err != nil {
			return nil, err
		}
	}
	now := db.now().UTC()
	var out []Imported
	err := db.write(ctx, func(tx *bolt.Tx) (error, error) {
		out = out[:0]
		box, err := tx.CreateBucketIfNotExists(bucketImported)
		if err != nil {
			return nil, err
		}
		for _, g := range games {
			r, err := db.importGame(tx, box, g.Clone(), now)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return nil, nil
	})
	return out, err
}

// checkImport refuses a game that cannot be stored as it is.
func checkImport(g *Game) error {
	if err := checkGame(g); err != nil {
		return err
	}
	if g.Status == Lobby && len(g.Moves) > 0 {
		return fmt.Errorf("store: a game in its lobby has no moves")
	}
	for i, m := range g.Moves {
		if m.N != i {
			return fmt.Errorf("store: move %d is numbered %d", i, m.N)
		}
		if err := checkMove(m); err != nil {
			return err
		}
	}
	return nil
}

// importGame stores one game in tx, unless it was imported before.
func (db *DB) importGame(tx *bolt.Tx, box *bolt.Bucket, g *Game, now time.Time) (Imported, error) {
	sum := importSum(g)
	if id := box.Get(sum); id != nil {
		return Imported{ID: string(id), Again: true}, nil
	}
	ch, err := createChannelBucket(tx, g.Channel)
	if err != nil {
		return Imported{}, err
	}
	if g.Status.Live() {
		if _, ok, err := currentSeq(ch); err != nil || ok {
			if err != nil {
				return Imported{}, err
			}
			return Imported{Err: errGameExists(g.Channel)}, nil
		}
	}
	seq, err := nextSeq(ch, keyGameSeq)
	if err != nil {
		return Imported{}, err
	}
	PrepareImport(g, gameID(g.Channel, seq), now)
	if err := db.importBucket(ch, g, seq); err != nil {
		return Imported{}, err
	}
	if err := box.Put(sum, []byte(g.ID)); err != nil {
		return Imported{}, err
	}
	return Imported{ID: g.ID}, nil
}

// stamp fills in the times an imported game lacks.
func stamp(g *Game, now time.Time) {
	if g.Created.IsZero() {
		g.Created = now
	}
	for i := range g.Moves {
		if g.Moves[i].At.IsZero() {
			g.Moves[i].At = g.Created
		}
		g.Moves[i].At = g.Moves[i].At.UTC()
	}
	if g.Updated.IsZero() {
		g.Updated = g.LastActivity()
		if g.Updated.IsZero() {
			g.Updated = g.Created
		}
	}
	g.Created, g.Updated = g.Created.UTC(), g.Updated.UTC()
}

// importBucket writes game seq: a live one in its bucket, as the channel's
// current game; an ended one into the archive.
func (db *DB) importBucket(ch *bolt.Bucket, g *Game, seq uint64) error {
	tx := ch.Tx()
	if !g.Status.Live() {
		data, err := db.packer.pack(g)
		if err != nil {
			return err
		}
		return archivePut(tx, archiveKey(g.Channel, seq), data)
	}
	games, err := ch.CreateBucketIfNotExists(bucketGames)
	if err != nil {
		return err
	}
	gb, err := games.CreateBucket(seqKey(seq))
	if err != nil {
		return err
	}
	moves, err := gb.CreateBucket(bucketMoves)
	if err != nil {
		return err
	}
	for _, m := range g.Moves {
		if err := moves.Put(moveKey(m.N), encodeMove(m)); err != nil {
			return err
		}
	}
	if err := ch.Put(keyCurrent, seqKey(seq)); err != nil {
		return err
	}
	return db.put(tx, gb, g)
}

// importSum is what makes two imported games the same: every field a
// record holds.
func importSum(g *Game) []byte {
	h := sha256.New()
	field := func(s string) {
		h.Write(binary.AppendUvarint(nil, uint64(len(s))))
		h.Write([]byte(s))
	}
	for _, s := range []string{g.Kind, g.Guild, g.Channel, string(g.Status)} {
		field(s)
	}
	for _, p := range g.Players {
		for _, s := range []string{p.UserID, p.Name, p.Colour, p.Computer} {
			field(s)
		}
	}
	field("")
	for _, s := range g.Setup {
		field(s)
	}
	field("")
	for _, m := range g.Moves {
		field(m.Text)
		field(m.By)
	}
	return h.Sum(nil)[:16]
}
