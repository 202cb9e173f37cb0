package store

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/tablebot/tablebot/stats"
)

// Status is where a game is in its life.
type Status string

// The statuses of a game. A channel has at most one game in Lobby or
// Playing status (its current game); Over and Cancelled games are archived.
const (
	Lobby     Status = "lobby"     // players are joining; no moves yet
	Playing   Status = "playing"   // moves are being made
	Over      Status = "over"      // the game ended by its rules
	Cancelled Status = "cancelled" // the game was stopped before its end
)

// Live reports whether s is the status of a channel's current game.
func (s Status) Live() bool { return s == Lobby || s == Playing }

// Valid reports whether s is one of the four statuses.
func (s Status) Valid() bool { return s.Live() || s == Over || s == Cancelled }

// Computer is Move.By for a move made by a computer player.
const Computer = "computer"

// Game is one game hosted in a channel, as stored.
//
// Invariants of a Game returned by the store: ID is Channel, "-" and a
// sequence number; Moves[i].N == i; Snapshot is nil or the caller's state
// after exactly the moves in Moves; Status is Lobby or Playing exactly when
// the game is its channel's current game; Position <= Version, and both
// only grow.
type Game struct {
	ID      string
	Guild   string
	Channel string
	// Version counts the game's changes: every change of its moves, its
	// seats (who plays them, a computer standing in), its status or its
	// setup makes it greater, and no value is ever used twice for one
	// game, also after an undo. Work prepared for one version (a
	// computer's move, a reminder) is stored only while the game is still
	// at that version. Bookkeeping (the latest board's id, the count of
	// reminders, the language) leaves it alone.
	Version uint64
	// Position is the Version of the latest change of the moves (an
	// append or an undo), 0 before the first: it names the position a
	// board shows, so that a button of that board is refused once the
	// position changed, even if it changed back to the same number of
	// moves.
	Position uint64
	// Kind names the game in records ("shangrila"): one word of lower-case
	// letters, digits and '-'.
	Kind    string
	Status  Status
	Creator string // user id of who opened the game
	Players []Player
	Created time.Time
	Updated time.Time // the last change of any kind: a move, a join, a new board post
	// BoardMessage is the id of the latest board post, so that the bot can
	// edit or replace it.
	BoardMessage string
	// Reminded counts the reminders sent since the last move (or the
	// start); a move or an undo resets it.
	Reminded int
	// Settings are the game's options in the caller's words (language,
	// start kind, shuffle seed...).
	Settings map[string]string
	// Setup holds the record's header lines after "game KIND", such as
	// "players red blue yellow". It can change only while there are no moves.
	Setup []string
	Moves []Move
	// Snapshot is the caller's cached state after Moves, or nil.
	Snapshot []byte
	// Wake is when the host is to look at a live game again by itself (a
	// reminder due, a computer's turn); zero for never. The store keeps
	// the live games by it (Due) and sets it to the time of a change it
	// cannot judge (an undo, a change of seats or status) so that the
	// host looks at once; the host sets it otherwise.
	Wake time.Time

	// indexed are the game's entries in the indexes as it was read: what
	// a write must change.
	indexed []IndexEntry
}

// Player is one seat of a game.
type Player struct {
	UserID string // the Discord user id; empty for a computer player
	Name   string // the name shown in records and lists
	Colour string // the seat in the game's words, such as "red"
	// Computer is the level of a computer player ("easy"); empty for humans.
	Computer string
	// Away is the level of the computer player that stands in for a person
	// who has not answered their reminders; empty while they play.
	Away string
	// HandedBy is the user id of the person who handed the seat to its
	// Computer (then:computer): the game stays theirs in the statistics.
	HandedBy string
	// AwayUntil is when a person who said they are away (/tablebot away)
	// is back, in UTC to the second; zero while they are not away. While
	// it is set, Away may name the computer that plays for them.
	AwayUntil time.Time
}

// Move is one line of a game's record.
type Move struct {
	N    int       // the move's index, from 0; an append must name the next one
	Text string    // the record line, such as "red place D healer"
	By   string    // the user id of who made it, or Computer
	At   time.Time // when it was stored; AppendMove fills it in when zero
}

// Check decides whether move m may be appended to g, which is the game as
// stored in the same transaction. It returns a *rules.Error for a move
// that the rules refuse. It may be called more than once for one append
// (grouped commits rerun it): it must not change anything outside itself,
// nor g.
type Check func(g *Game, m Move) (Checked, error)

// Checked is what a Check learned about an accepted move.
type Checked struct {
	// Snapshot is the state after the move, stored with it; nil stores none.
	Snapshot []byte
	// Finish, when Over or Cancelled, ends and archives the game in the
	// same transaction that stores the move.
	Finish Status
	// Wake is the game's Wake after the move.
	Wake time.Time
	// Announce, when not nil, is the post the move owes its channel,
	// written to the outbox in the same transaction (its Kind and Lines;
	// the store fills in the rest).
	Announce *Announcement
	// More are moves that follow the move by themselves (the pass of a
	// player left without a legal action), appended after it in the same
	// transaction, so that a game is never left stored with such a move
	// owed. Their N and At are filled in by the store; By and Text must be
	// set. Snapshot, Finish and Announce are then the outcome after them.
	More []Move
	// Result, with Finish Over, is the game as the statistics count it:
	// the store adds it to the tallies (stats.AddGame) in the same
	// transaction, with the game's ID and Guild.
	Result *stats.Game
}

// Clone returns a deep copy of g.
func (g *Game) Clone() *Game {
	c := *g
	c.Players = slices.Clone(g.Players)
	c.Settings = maps.Clone(g.Settings)
	c.Setup = slices.Clone(g.Setup)
	c.Moves = slices.Clone(g.Moves)
	c.Snapshot = slices.Clone(g.Snapshot)
	c.indexed = slices.Clone(g.indexed)
	return &c
}

// Player returns the player with the given user id.
func (g *Game) Player(userID string) (Player, bool) {
	for _, p := range g.Players {
		if p.UserID != "" && p.UserID == userID {
			return p, true
		}
	}
	return Player{}, false
}

// WriteRecord writes the game's record: "game KIND", the setup lines and
// the moves, one a line. With comments, each move ends with a comment
// saying who made it and when ("# Alice, 2026-11-22T20:01:00Z"); records
// read '#' as the start of a comment, so the record replays the same.
func (g *Game) WriteRecord(w io.Writer, comments bool) error {
	return g.writeRecord(w, comments, nil)
}

// WriteExport writes the game's record as WriteRecord does, with its host
// lines after the game line (see rules.RecordHost): its server and
// channel, the people of its seats in seat order ("-" for a computer) and,
// when status is not empty, "status" and it (the caller says whether the
// game ended by its rules: "ended" for one that did not, "cancelled").
func (g *Game) WriteExport(w io.Writer, comments bool, status string) error {
	var host []string
	if g.Guild != "" {
		host = append(host, "guild "+g.Guild)
	}
	host = append(host, "channel "+g.Channel)
	if len(g.Players) > 0 {
		seats := make([]string, len(g.Players))
		for i, p := range g.Players {
			seats[i] = p.UserID
			if p.UserID == "" {
				seats[i] = "-"
			}
		}
		host = append(host, "seats "+strings.Join(seats, " "))
	}
	if status != "" {
		host = append(host, "status "+status)
	}
	return g.writeRecord(w, comments, host)
}

// writeRecord writes the game line, host lines, setup and moves.
func (g *Game) writeRecord(w io.Writer, comments bool, host []string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "game %s\n", g.Kind)
	for _, l := range host {
		b.WriteString(oneLine(l))
		b.WriteByte('\n')
	}
	for _, l := range g.Setup {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	for _, m := range g.Moves {
		b.WriteString(m.Text)
		if comments {
			fmt.Fprintf(&b, " # %s, %s", oneLine(g.byName(m.By)), m.At.UTC().Format(time.RFC3339))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Record returns the game's record without comments.
func (g *Game) Record() string {
	var b strings.Builder
	_ = g.WriteRecord(&b, false)
	return b.String()
}

// byName names who made a move: the player's name when known.
func (g *Game) byName(by string) string {
	if by == Computer {
		return Computer
	}
	if p, ok := g.Player(by); ok && p.Name != "" {
		return p.Name
	}
	return by
}

// oneLine keeps a name from breaking its record line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
}

// LastActivity is the time of the last move, or of the last change when
// there are no moves.
func (g *Game) LastActivity() time.Time {
	if n := len(g.Moves); n > 0 && g.Moves[n-1].At.After(g.Updated) {
		return g.Moves[n-1].At
	}
	return g.Updated
}

// checkLine refuses text that would break a record: record lines are one
// line each, and '#' starts a comment.
func checkLine(what, s string) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("store: %s is empty", what)
	}
	if strings.ContainsAny(s, "\n\r#") {
		return fmt.Errorf("store: %s %q must be one line without '#'", what, s)
	}
	return nil
}

func checkKind(kind string) error {
	if kind == "" {
		return fmt.Errorf("store: a game needs a kind")
	}
	for _, r := range kind {
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-') {
			return fmt.Errorf("store: game kind %q must be lower-case letters, digits and '-'", kind)
		}
	}
	return nil
}

// checkGame checks the fields a caller sets, for Create and Update.
func checkGame(g *Game) error {
	if err := checkKind(g.Kind); err != nil {
		return err
	}
	if g.Channel == "" {
		return fmt.Errorf("store: a game needs a channel")
	}
	if !g.Status.Valid() {
		return fmt.Errorf("store: unknown game status %q", g.Status)
	}
	for i, l := range g.Setup {
		if err := checkLine(fmt.Sprintf("setup line %d", i+1), l); err != nil {
			return err
		}
	}
	return nil
}
