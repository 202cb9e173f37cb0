package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// bucketOutbox is a channel's outbox: the announcements it is owed, by
// sequence number.
var bucketOutbox = []byte("outbox")

// The kinds of announcement.
const (
	// Board announces a change of a game: what happened, the board after
	// it, and a ping of whoever must act.
	Board = "board"
	// Reminder reminds the seats to act that the game waits for them.
	Reminder = "reminder"
	// Notice tells the channel something about its game in words that
	// ping nobody (a player away, or back).
	Notice = "notice"
)

// Announcement is a public post a channel is owed: the board after a
// change of a game (a move, the start, an undo) with what happened and the
// ping of whoever must act, a reminder, or a notice (words that ping
// nobody). It is written in the same
// transaction as the change it announces (an outbox) and removed once
// posted, so that a post is neither lost when Discord fails or the process
// dies, nor made twice.
//
// Invariants of an Announcement the store returns: Seq is its key in the
// channel's outbox, and a later change has a greater Seq; Game is the id of
// a game of the channel; Moves is that game's number of moves after the
// change and Version its version (Game.Version), which grows with Seq
// among the announcements of one game; the first Moves moves of the game
// as stored are those the change left (an undo takes the posts of the
// moves it takes back with it).
type Announcement struct {
	Seq     uint64
	Channel string
	Game    string
	Moves   int
	Version uint64
	Kind    string
	// Lines say what happened, in the channel's language; a reminder's
	// are its whole text, written when it fell due.
	Lines []string
	// Reply is set while the answer to the request that made the change
	// carries the post; the post is then the answer's to make first.
	Reply bool
	// Interaction is the id of that request's interaction (not its token,
	// which is a secret), to find its answer among the channel's messages
	// after a restart.
	Interaction string
	Created     time.Time
	Attempts    int
	// Doubt is set once a try's outcome was unknown (Discord failed on its
	// side, a timeout): the post may have been made, so it is tried again
	// as it was, with the same nonce, and looked for after the nonce
	// window.
	Doubt bool
	// NextTry is when to try to post it again after a failure.
	NextTry time.Time
	// DM are the users owed this turn (or reminder) in their direct
	// messages as well, decided when the change was made (their notify
	// setting then); NoPing are those the channel's post does not ping
	// (who asked for DMs only). A DM goes once the channel's post is made.
	DM     []string
	NoPing []string
	// Shown is set once the channel's post was made while DMs were still
	// owed: only the DMs (and the channel pings of those who refuse them)
	// remain to be sent.
	Shown bool
}

// announcementJSON is an announcement as stored. Field names are part of
// the file format.
type announcementJSON struct {
	Game        string    `json:"game"`
	Moves       int       `json:"moves"`
	Version     uint64    `json:"version,omitempty"`
	Kind        string    `json:"kind"`
	Lines       []string  `json:"lines,omitempty"`
	Reply       bool      `json:"reply,omitempty"`
	Interaction string    `json:"interaction,omitempty"`
	Created     time.Time `json:"created"`
	Attempts    int       `json:"attempts,omitempty"`
	Doubt       bool      `json:"doubt,omitempty"`
	NextTry     time.Time `json:"next_try,omitzero"`
	DM          []string  `json:"dm,omitempty"`
	NoPing      []string  `json:"no_ping,omitempty"`
	Shown       bool      `json:"shown,omitempty"`
}

// announce writes a into the outbox of its game's channel, in tx, with the
// next sequence number, for a game g after its change.
func (db *DB) announce(tx *bolt.Tx, g *Game, a *Announcement) error {
	if a == nil {
		return nil
	}
	owed, err := NewAnnouncement(g, a, db.now())
	if err != nil {
		return err
	}
	ch, err := createChannelBucket(tx, g.Channel)
	if err != nil {
		return err
	}
	box, err := ch.CreateBucketIfNotExists(bucketOutbox)
	if err != nil {
		return err
	}
	// The channel's counter, not the bucket's: the bucket goes once it is
	// empty, and numbers (and so nonces) must never come back.
	seq, err := nextSeq(ch, keyOutboxSeq)
	if err != nil {
		return err
	}
	data, err := MarshalAnnouncement(owed)
	if err != nil {
		return err
	}
	if err := box.Put(seqKey(seq), data); err != nil {
		return err
	}
	return owe(tx, g.Channel, box)
}

// Outbox returns the announcements a channel is owed, oldest first.
func (db *DB) Outbox(ctx context.Context, channel string) ([]Announcement, error) {
	var out []Announcement
	err := db.view(ctx, func(tx *bolt.Tx) error {
		box := outbox(tx, channel)
		if box == nil {
			return nil
		}
		return box.ForEach(func(k, v []byte) error {
			a, err := decodeAnnouncement(channel, k, v)
			if err != nil {
				return err
			}
			out = append(out, a)
			return nil
		})
	})
	return out, err
}

// OutboxChannels returns the channels that are owed announcements, from
// the owed index.
func (db *DB) OutboxChannels(ctx context.Context) ([]string, error) {
	var out []string
	err := db.view(ctx, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketOwed).ForEach(func(k, _ []byte) error {
			out = append(out, string(k))
			return nil
		})
	})
	return out, err
}

// Posted removes the announcements of kind for game up to its version
// upTo, once one post carried them (the one of version upTo that still
// owes DMs is kept, Shown, until they are sent: see
// Announcement.ShownBy), and, for a board, remembers that post
// as the game's latest board when the game's position has not changed
// since (its Position is not beyond upTo). Kind "" removes nothing and
// remembers the board: a board shown again. An empty messageID remembers
// nothing (a post of words only). Announcements already gone are ignored:
// posting twice is what this prevents, not an error.
func (db *DB) Posted(ctx context.Context, channel, game, kind string, upTo uint64, messageID string) error {
	return db.write(ctx, func(tx *bolt.Tx) (error, error) {
		err := eachOwed(tx, channel, game, kind, upTo, func(box *bolt.Bucket, k []byte, j *announcementJSON) error {
			if !j.shownBy(upTo) {
				return box.Delete(k)
			}
			j.show()
			data, err := json.Marshal(j)
			if err != nil {
				return err
			}
			return box.Put(k, data)
		})
		if err != nil || messageID == "" || kind != Board && kind != "" {
			return nil, err
		}
		_, seq, ok := parseGameID(game)
		gb := gameBucket(channelBucket(tx, channel), seq)
		if !ok || gb == nil {
			return nil, nil
		}
		g, err := loadGame(db.metas, gb, channel, seq)
		if err != nil || g.Position > upTo {
			return nil, err
		}
		g.BoardMessage = messageID
		return nil, db.put(tx, gb, g)
	})
}

// Retry records a failed attempt to post the announcements of kind for
// game up to its version upTo: they are tried again from next on, and no
// longer wait for an answer to carry them. doubt says that the attempt
// may have been made after all (see Announcement.Doubt).
func (db *DB) Retry(ctx context.Context, channel, game, kind string, upTo uint64, next time.Time, doubt bool) error {
	return db.write(ctx, func(tx *bolt.Tx) (error, error) {
		return nil, eachOwed(tx, channel, game, kind, upTo, func(box *bolt.Bucket, k []byte, j *announcementJSON) error {
			j.Attempts++
			j.Doubt = j.Doubt || doubt
			j.Reply = false
			j.NextTry = next.UTC()
			data, err := json.Marshal(j)
			if err != nil {
				return err
			}
			return box.Put(k, data)
		})
	})
}

// eachOwed calls f for every announcement of kind for game up to its
// version upTo in a channel's outbox, in tx.
func eachOwed(tx *bolt.Tx, channel, game, kind string, upTo uint64, f func(box *bolt.Bucket, k []byte, j *announcementJSON) error) error {
	return eachAnnouncement(tx, channel, func(j *announcementJSON) bool {
		return j.Game == game && j.Kind == kind && j.Version <= upTo
	}, f)
}

// dropOwed removes, in tx, the boards g's channel is still owed for moves
// of g beyond its first keep: moves an undo takes back.
func dropOwed(tx *bolt.Tx, g *Game, keep int) error {
	return eachAnnouncement(tx, g.Channel, func(j *announcementJSON) bool {
		return j.Game == g.ID && j.Kind == Board && j.Moves > keep
	}, func(box *bolt.Bucket, k []byte, _ *announcementJSON) error {
		return box.Delete(k)
	})
}

// eachAnnouncement calls f for every announcement of a channel's outbox
// that match selects, in tx, in the outbox's order.
func eachAnnouncement(tx *bolt.Tx, channel string, match func(*announcementJSON) bool, f func(box *bolt.Bucket, k []byte, j *announcementJSON) error) error {
	box := outbox(tx, channel)
	if box == nil {
		return nil
	}
	type entry struct {
		k []byte
		j announcementJSON
	}
	var owed []entry
	err := box.ForEach(func(k, v []byte) error {
		var j announcementJSON
		if err := json.Unmarshal(v, &j); err != nil {
			return fmt.Errorf("%w: an announcement of channel %s: %v", ErrCorrupt, channel, err)
		}
		if match(&j) {
			owed = append(owed, entry{append([]byte(nil), k...), j})
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Changed after the walk: bbolt forbids changing a bucket while a
	// ForEach walks it.
	for i := range owed {
		if err := f(box, owed[i].k, &owed[i].j); err != nil {
			return err
		}
	}
	if len(owed) == 0 {
		return nil
	}
	if err := owe(tx, channel, box); err != nil {
		return err
	}
	return dropIfEmpty(channelBucket(tx, channel), bucketOutbox)
}

// outbox returns a channel's outbox bucket, nil when it never had one.
func outbox(tx *bolt.Tx, channel string) *bolt.Bucket {
	ch := channelBucket(tx, channel)
	if ch == nil {
		return nil
	}
	return ch.Bucket(bucketOutbox)
}

func decodeAnnouncement(channel string, k, v []byte) (Announcement, error) {
	seq, err := decodeSeq(k)
	if err != nil {
		return Announcement{}, err
	}
	var j announcementJSON
	if err := json.Unmarshal(v, &j); err != nil {
		return Announcement{}, fmt.Errorf("%w: announcement %d of channel %s: %v", ErrCorrupt, seq, channel, err)
	}
	return Announcement{Seq: seq, Channel: channel, Game: j.Game, Moves: j.Moves, Version: j.Version, Kind: j.Kind, Lines: slices.Clip(j.Lines),
		Reply: j.Reply, Interaction: j.Interaction, Created: j.Created, Attempts: j.Attempts, Doubt: j.Doubt, NextTry: j.NextTry,
		DM: slices.Clip(j.DM), NoPing: slices.Clip(j.NoPing), Shown: j.Shown}, nil
}

// shownBy reports whether a post carrying the announcements up to version
// upTo leaves this one owed, Shown: it is the post's latest and still owes
// DMs.
func (j *announcementJSON) shownBy(upTo uint64) bool {
	return j.Version == upTo && len(j.DM) > 0 && !j.Shown
}

// show marks an announcement Shown: its channel post is made, its DMs
// are owed afresh (no attempt of theirs made yet).
func (j *announcementJSON) show() {
	j.Shown, j.Reply, j.Interaction = true, false, ""
	j.Attempts, j.Doubt, j.NextTry = 0, false, time.Time{}
}
