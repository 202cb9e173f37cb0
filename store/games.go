package store

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Create stores g as the channel's new current game and fills in its ID,
// Created, Updated and (when empty) Status, which becomes Lobby. It fails
// with an Exists error when the channel already has a game in lobby or
// playing status. g must have no moves.
func (db *DB) Create(ctx context.Context, g *Game) error {
	n, err := PrepareNew(g, db.now().UTC())
	if err != nil {
		return err
	}
	var id string
	err = db.write(ctx, func(tx *bolt.Tx) (error, error) {
		ch, err := createChannelBucket(tx, n.Channel)
		if err != nil {
			return nil, err
		}
		if _, ok, err := currentSeq(ch); err != nil || ok {
			if err != nil {
				return nil, err
			}
			return errGameExists(n.Channel), nil
		}
		seq, gb, err := newGameBucket(ch)
		if err != nil {
			return nil, err
		}
		s := *n
		if err := db.put(tx, gb, &s); err != nil {
			return nil, err
		}
		id = gameID(n.Channel, seq)
		return nil, ch.Put(keyCurrent, seqKey(seq))
	})
	if err != nil {
		return err
	}
	g.ID, g.Created, g.Updated, g.Status = id, n.Created, n.Updated, n.Status
	g.Version, g.Position = 1, 0
	return nil
}

// Current returns the channel's game in lobby or playing status, or a
// NotFound error.
func (db *DB) Current(ctx context.Context, channel string) (*Game, error) {
	var g *Game
	err := db.view(ctx, func(tx *bolt.Tx) error {
		var err error
		g, _, err = loadCurrent(db.metas, tx, channel)
		return err
	})
	if err == nil && g == nil {
		err = errNoGame(channel)
	}
	return g, err
}

// Game returns the game with the given id, current or archived, or a
// NotFound error.
func (db *DB) Game(ctx context.Context, id string) (*Game, error) {
	channel, seq, ok := parseGameID(id)
	if !ok {
		return nil, errNoSuchGame(id)
	}
	var g *Game
	err := db.view(ctx, func(tx *bolt.Tx) error {
		var err error
		if gb := gameBucket(channelBucket(tx, channel), seq); gb != nil {
			g, err = loadGame(db.metas, gb, channel, seq)
			return err
		}
		if g, err = db.unpacker.archivedGame(tx, channel, seq); err == nil && g == nil {
			err = errNoSuchGame(id)
		}
		return err
	})
	return g, err
}

// Archived returns the channel's ended games (over or cancelled), oldest
// first.
func (db *DB) Archived(ctx context.Context, channel string) ([]*Game, error) {
	var out []*Game
	err := db.view(ctx, func(tx *bolt.Tx) error {
		return db.unpacker.eachArchived(tx, channel, func(g *Game) error {
			out = append(out, g)
			return nil
		})
	})
	return out, err
}

// List returns every stored game, current and archived, by channel and
// then oldest first. It reads the whole file: for tools and tests, not for
// the bot (see Each, Live, Due).
func (db *DB) List(ctx context.Context) ([]*Game, error) {
	var out []*Game
	err := db.Each(ctx, func(g *Game) error {
		out = append(out, g)
		return nil
	})
	slices.SortStableFunc(out, func(a, b *Game) int {
		if c := strings.Compare(a.Channel, b.Channel); c != 0 {
			return c
		}
		_, sa, _ := parseGameID(a.ID)
		_, sb, _ := parseGameID(b.ID)
		return cmp.Compare(sa, sb)
	})
	return out, err
}

// Each calls f with every stored game, one at a time, from one read
// transaction: the live games, then the archived ones. An error of f stops
// it and is returned.
func (db *DB) Each(ctx context.Context, f func(*Game) error) error {
	return db.view(ctx, func(tx *bolt.Tx) error {
		if err := eachLive(tx, f); err != nil {
			return err
		}
		return db.unpacker.eachArchived(tx, "", f)
	})
}

// Summary is a game as a listing shows it: its metadata, its number of
// moves and its last activity. An archived game's moves are not read: its
// Game has none (a live one's has them).
type Summary struct {
	Game         *Game
	Moves        int
	LastActivity time.Time
}

// EachSummary calls f with a summary of every stored game, one at a time,
// from one read transaction: the live games, then the archived ones.
func (db *DB) EachSummary(ctx context.Context, f func(Summary) error) error {
	return db.view(ctx, func(tx *bolt.Tx) error {
		err := eachLive(tx, func(g *Game) error {
			return f(Summary{Game: g, Moves: len(g.Moves), LastActivity: g.LastActivity()})
		})
		if err != nil {
			return err
		}
		return forArchived(tx, "", func(k, v []byte) error {
			ch, seq, ok := splitArchiveKey(k)
			if !ok {
				return fmt.Errorf("%w: archive key %q", ErrCorrupt, k)
			}
			g, n, r, err := db.unpacker.archivedHead(ch, seq, v)
			if err != nil {
				return err
			}
			db.unpacker.done(r)
			return f(Summary{Game: g, Moves: n, LastActivity: g.Updated})
		})
	})
}

// eachLive calls f with every live game, by channel, in tx.
func eachLive(tx *bolt.Tx, f func(*Game) error) error {
	return tx.Bucket(bucketLive).ForEach(func(k, _ []byte) error {
		g, _, err := loadCurrent(nil, tx, string(k))
		if err != nil {
			return err
		}
		if g == nil {
			return fmt.Errorf("%w: channel %s is indexed as live without a game", ErrCorrupt, k)
		}
		return f(g)
	})
}

// Update changes the metadata of the channel's current game gameID: fn
// receives a copy and may change Guild, Status, Creator, Players,
// BoardMessage, Reminded, Settings and, while there are no moves, Setup
// (Version and Position are the store's: it counts the change). Setting
// Status to Over or Cancelled archives the game, as Finish does. fn runs
// inside the write transaction and may run more than once: it must not
// change anything outside its argument. An error from fn is returned as
// it is and changes nothing.
//
// It fails with NotFound when the channel has no game and with Conflict
// when its game is no longer gameID.
func (db *DB) Update(ctx context.Context, channel, gameID string, fn func(*Game) error) (*Game, error) {
	return db.UpdateAnnounced(ctx, channel, gameID, func(g *Game) (*Announcement, error) { return nil, fn(g) })
}

// UpdateAnnounced is Update for a change that owes its channel a post: fn
// returns it, and it is written to the outbox in the same transaction
// (nil: none).
func (db *DB) UpdateAnnounced(ctx context.Context, channel, gameID string, fn func(*Game) (*Announcement, error)) (*Game, error) {
	var out *Game
	err := db.write(ctx, func(tx *bolt.Tx) (error, error) {
		old, gb, err := loadCurrent(db.metas, tx, channel)
		if err != nil {
			return nil, err
		}
		g, a, verdict, err := ApplyUpdate(old, channel, gameID, db.now().UTC(), fn)
		if verdict != nil || err != nil {
			return verdict, err
		}
		if !g.Status.Live() {
			if err := finish(tx, g, g.Status); err != nil {
				return nil, err
			}
		}
		if err := db.announce(tx, g, a); err != nil {
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

// changed reports whether an update changes what Game.Version counts:
// the seats (who plays them), the status or the setup; not bookkeeping
// such as the latest board, the reminders sent or the settings.
func changed(old, g *Game) bool {
	return !slices.Equal(old.Players, g.Players) || old.Status != g.Status || !slices.Equal(old.Setup, g.Setup)
}

// checkUpdate refuses changes that Update does not make.
func checkUpdate(old, g *Game) error {
	if err := checkGame(g); err != nil {
		return err
	}
	switch {
	case g.ID != old.ID, g.Channel != old.Channel, g.Kind != old.Kind, !g.Created.Equal(old.Created):
		return fmt.Errorf("store: Update must not change a game's id, channel, kind or creation time")
	case !slices.Equal(g.Moves, old.Moves) || !bytes.Equal(g.Snapshot, old.Snapshot):
		return fmt.Errorf("store: Update must not change moves: use AppendMove or UndoMove")
	case len(old.Moves) > 0 && !slices.Equal(g.Setup, old.Setup):
		return fmt.Errorf("store: a game's setup cannot change after its first move")
	}
	return nil
}

// Finish ends the channel's current game gameID with status Over or
// Cancelled and archives it: it stays readable (Game, Archived, List) and
// the channel may create a new game.
func (db *DB) Finish(ctx context.Context, channel, gameID string, status Status) (*Game, error) {
	if status.Live() || !status.Valid() {
		return nil, fmt.Errorf("store: a game finishes as over or cancelled, not %q", status)
	}
	return db.Update(ctx, channel, gameID, func(g *Game) error {
		g.Status = status
		return nil
	})
}
