package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// The engine kit: what every engine of Store shares, so that the two
// agree on what a change means and differ only in how they keep it. Each
// function works on games in memory; the engine reads them, calls these,
// and writes what changed in one transaction of its own. A verdict is a
// domain error for the caller (nothing is to be written); err is an
// internal failure.

// PrepareNew checks a game given to Create and returns the game to store:
// in Lobby status unless set, created and updated at now, at version 1.
// The engine gives it its ID.
func PrepareNew(g *Game, now time.Time) (*Game, error) {
	n := g.Clone()
	if n.Status == "" {
		n.Status = Lobby
	}
	if err := checkGame(n); err != nil {
		return nil, err
	}
	if !n.Status.Live() {
		return nil, fmt.Errorf("store: a new game must be in lobby or playing status, not %s", n.Status)
	}
	if len(n.Moves) > 0 || n.Snapshot != nil {
		return nil, fmt.Errorf("store: a new game has no moves")
	}
	n.Created, n.Updated = now, now
	n.Version, n.Position = 1, 0
	return n, nil
}

// PrepareMove checks a move given to AppendMove, before any transaction,
// and stamps it with now when its time is zero.
func PrepareMove(m Move, now func() time.Time) (Move, error) {
	if err := checkMove(m); err != nil {
		return m, err
	}
	if m.N < 0 || m.N >= maxMoves {
		return m, errMovedFirst(-1, m.N)
	}
	if m.At.IsZero() {
		m.At = now()
	}
	m.At = m.At.UTC()
	return m, nil
}

// ApplyMove appends m (and the moves check adds after it) to g, the
// channel's current game as stored (nil: none), when it is gameID in
// playing status with m.N moves and check accepts it; it then sets what
// follows: the snapshot, the version and position, the wake, the end
// (g.Status is c.Finish when set). It returns what check decided, for the
// post the move owes (c.Announce). The new moves are g.Moves[m.N:].
func ApplyMove(g *Game, channel, gameID string, m Move, check Check) (c Checked, verdict, err error) {
	if verdict := appendable(g, channel, gameID, m.N); verdict != nil {
		return c, verdict, nil
	}
	if check != nil {
		if c, err = check(g.Clone(), m); err != nil {
			return c, err, nil
		}
		if err := checkChecked(c); err != nil {
			return c, nil, err
		}
	}
	for i, mv := range append([]Move{m}, c.More...) {
		if i > 0 {
			mv.N, mv.At = m.N+i, m.At
		}
		g.Moves = append(g.Moves, mv)
	}
	g.Snapshot = nil
	if c.Snapshot != nil {
		g.Snapshot = append([]byte(nil), c.Snapshot...)
	}
	g.Updated = m.At
	g.Reminded = 0
	g.Version++
	g.Position = g.Version
	g.Wake = c.Wake
	if c.Finish != "" {
		g.Status = c.Finish
	}
	return c, nil, nil
}

// ApplyUndo takes the last count moves back from g, the channel's current
// game as stored (nil: none), when it is gameID in playing status with
// expectedN moves: the snapshot goes, the version and position move on,
// and the game is due at now. The posts owed for the moves taken back are
// the engine's to drop (Announcement.TakenBack).
func ApplyUndo(g *Game, channel, gameID string, expectedN, count int, now time.Time) (verdict error) {
	if verdict := appendable(g, channel, gameID, expectedN); verdict != nil {
		return verdict
	}
	if count < 1 || expectedN < count {
		return errNothingToUndo()
	}
	g.Moves, g.Snapshot = g.Moves[:expectedN-count], nil
	g.Updated = now
	g.Reminded = 0
	g.Version++
	g.Position = g.Version
	g.Wake = now // the host judges the game as it is now
	return nil
}

// ApplyUpdate runs fn on a copy of old, the channel's current game as
// stored (nil: none), when it is gameID, and returns the copy as it is to
// be stored (its version counted, due at now when it changed and fn left
// its wake) with the post it owes. fn's error is the verdict.
func ApplyUpdate(old *Game, channel, gameID string, now time.Time, fn func(*Game) (*Announcement, error)) (g *Game, a *Announcement, verdict, err error) {
	if old == nil {
		return nil, nil, errNoGame(channel), nil
	}
	if old.ID != gameID {
		return nil, nil, errReplaced(gameID), nil
	}
	g = old.Clone()
	if a, err = fn(g); err != nil {
		return nil, nil, err, nil
	}
	if err := checkUpdate(old, g); err != nil {
		return nil, nil, nil, err
	}
	g.Updated = now
	g.Version, g.Position = old.Version, old.Position
	if changed(old, g) {
		g.Version++
		if g.Wake.Equal(old.Wake) {
			g.Wake = g.Updated // the host judges the game as it is now
		}
	}
	return g, a, nil, nil
}

// ApplyWake sets g's wake to at, when g, the channel's current game as
// stored (nil: none), is gameID at version. It reports whether g changed.
func ApplyWake(g *Game, channel, gameID string, version uint64, at time.Time) (changed bool, verdict error) {
	switch {
	case g == nil:
		return false, errNoGame(channel)
	case g.ID != gameID:
		return false, errReplaced(gameID)
	case g.Version != version:
		return false, errMovedFirst(int(g.Version), int(version))
	case g.Wake.Equal(at):
		return false, nil
	}
	g.Wake = at.UTC()
	return true, nil
}

// NewAnnouncement returns the post a change of g owes its channel, made
// at now: a's kind and lines, g's id, moves and version. The engine gives
// it its Seq.
func NewAnnouncement(g *Game, a *Announcement, now time.Time) (Announcement, error) {
	if a.Kind != Board && a.Kind != Reminder && a.Kind != Notice {
		return Announcement{}, fmt.Errorf("store: an announcement of kind %q", a.Kind)
	}
	return Announcement{Channel: g.Channel, Game: g.ID, Moves: len(g.Moves), Version: g.Version, Kind: a.Kind,
		Lines: a.Lines, Reply: a.Reply, Interaction: a.Interaction, Created: now.UTC(), DM: a.DM, NoPing: a.NoPing}, nil
}

// ShownBy reports whether a post carrying the announcements up to version
// upTo leaves a owed, Shown, rather than removing it: a is the post's
// latest and still owes DMs (see Posted).
func (a Announcement) ShownBy(upTo uint64) bool {
	j := announcementJSON{Version: a.Version, DM: a.DM, Shown: a.Shown}
	return j.shownBy(upTo)
}

// Show marks a Shown: its channel post is made, its DMs are owed (see
// Posted).
func (a *Announcement) Show() {
	a.Shown, a.Reply, a.Interaction = true, false, ""
	a.Attempts, a.Doubt, a.NextTry = 0, false, time.Time{}
}

// Carries reports whether a post of kind for game up to its version upTo
// carries a (see Posted and Retry).
func (a Announcement) Carries(game, kind string, upTo uint64) bool {
	return a.Game == game && a.Kind == kind && a.Version <= upTo
}

// TakenBack reports whether a is a board of game gameID owed for a move
// beyond its first keep: an undo to keep moves takes it back.
func (a Announcement) TakenBack(gameID string, keep int) bool {
	return a.Game == gameID && a.Kind == Board && a.Moves > keep
}

// Failed records a failed attempt to post a (see Retry).
func (a *Announcement) Failed(next time.Time, doubt bool) {
	a.Attempts++
	a.Doubt = a.Doubt || doubt
	a.Reply = false
	a.NextTry = next.UTC()
}

// MarshalAnnouncement encodes an announcement as stored (without its
// Seq and Channel, which are where it is stored).
func MarshalAnnouncement(a Announcement) ([]byte, error) {
	return json.Marshal(announcementJSON{Game: a.Game, Moves: a.Moves, Version: a.Version, Kind: a.Kind, Lines: a.Lines,
		Reply: a.Reply, Interaction: a.Interaction, Created: a.Created, Attempts: a.Attempts, Doubt: a.Doubt, NextTry: a.NextTry,
		DM: a.DM, NoPing: a.NoPing, Shown: a.Shown})
}

// UnmarshalAnnouncement decodes announcement seq of a channel.
func UnmarshalAnnouncement(channel string, seq uint64, data []byte) (Announcement, error) {
	return decodeAnnouncement(channel, seqKey(seq), data)
}

// CheckSetting refuses a channel setting without a channel or a key.
func CheckSetting(channel, key string) error {
	if channel == "" || key == "" {
		return fmt.Errorf("store: a channel setting needs a channel and a key")
	}
	return nil
}

// CheckUserSetting refuses a user setting without a user or a key, or
// with a NUL in either (engines join them with one).
func CheckUserSetting(user, key string) error {
	if user == "" || key == "" || strings.ContainsRune(user+key, 0) {
		return fmt.Errorf("store: a user setting needs a user and a key, without NUL")
	}
	return nil
}

// CheckImport refuses a game given to Import that cannot be stored as it
// is.
func CheckImport(g *Game) error { return checkImport(g) }

// ImportSum is what makes two imported games the same (see Import): the
// key an engine remembers an import by.
func ImportSum(g *Game) []byte { return importSum(g) }

// PrepareImport makes g, a game to import, the game to store as id: the
// times it lacks stamped with now, counted as if its moves were all its
// changes, due at now when playing.
func PrepareImport(g *Game, id string, now time.Time) {
	stamp(g, now)
	g.ID = id
	g.Version, g.Position, g.indexed = uint64(len(g.Moves))+1, 0, nil
	if len(g.Moves) > 0 {
		g.Position = g.Version
	}
	if g.Status == Playing {
		g.Wake = now
	}
}

// ErrNoGame is the NotFound error of a channel without a live game.
func ErrNoGame(channel string) error { return errNoGame(channel) }

// ErrNoSuchGame is the NotFound error of an unknown game id.
func ErrNoSuchGame(id string) error { return errNoSuchGame(id) }

// ErrGameExists is the Exists error of a second live game for a channel.
func ErrGameExists(channel string) error { return errGameExists(channel) }

// GameID names game seq of a channel (see Game.ID).
func GameID(channel string, seq uint64) string { return gameID(channel, seq) }

// ParseGameID splits a game id into its channel and sequence number.
func ParseGameID(id string) (channel string, seq uint64, ok bool) { return parseGameID(id) }

// EncodeSnapshot encodes a snapshot with the number of moves it reflects.
func EncodeSnapshot(moves int, data []byte) []byte { return encodeSnapshot(moves, data) }

// DecodeSnapshot returns the snapshot when it reflects moves, nil
// otherwise.
func DecodeSnapshot(moves int, b []byte) []byte { return decodeSnapshot(moves, b) }

// Codec packs whole games (metadata and moves, not the snapshot) into one
// compressed value, the archive's format, and reads them back. The zero
// value is ready; it lends its compressors, and is safe for concurrent
// use.
type Codec struct {
	p packer
	u unpacker
}

// Pack encodes a game.
func (c *Codec) Pack(g *Game) ([]byte, error) { return c.p.pack(g) }

// Unpack decodes game seq of a channel.
func (c *Codec) Unpack(channel string, seq uint64, data []byte) (*Game, error) {
	return c.u.unpackGame(channel, seq, data)
}

// Head decodes game seq of a channel without its moves, and returns its
// number of moves.
func (c *Codec) Head(channel string, seq uint64, data []byte) (*Game, int, error) {
	g, n, r, err := c.u.archivedHead(channel, seq, data)
	if err == nil {
		c.u.done(r)
	}
	return g, n, err
}
