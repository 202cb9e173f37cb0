package store

import (
	"errors"

	"github.com/tablebot/tablebot/rules"
)

// Codes of the errors meant for players. They are rules.Code values so that
// the bot answers them like the engines' errors.
const (
	// Conflict marks a change made against a game that changed meanwhile:
	// someone else moved first, or the game ended or was replaced.
	Conflict rules.Code = "conflict"
	// NotFound marks a channel without a game, or an unknown game id.
	NotFound rules.Code = "not-found"
	// Exists marks a new game in a channel that already has one in lobby or
	// playing status.
	Exists rules.Code = "exists"
)

// Errors of Open. They are plain errors (not meant for players) that Open
// wraps with the file name; test them with errors.Is.
var (
	// ErrLocked means another process holds the database file.
	ErrLocked = errors.New("database is in use by another tablebot process")
	// ErrNotTablebot means the file is not a tablebot database: not a bbolt
	// file at all, or a bbolt file of some other program.
	ErrNotTablebot = errors.New("not a tablebot database")
	// ErrCorrupt means the file was a tablebot database but is damaged, for
	// example truncated.
	ErrCorrupt = errors.New("database file is damaged")
	// ErrSchemaTooNew means the file was written by a newer tablebot.
	ErrSchemaTooNew = errors.New("database was written by a newer tablebot")
)

func errNoGame(channel string) error {
	return rules.Errorf(NotFound, "store.no-game", []any{"channel", channel},
		"there is no game in this channel")
}

func errNoSuchGame(id string) error {
	return rules.Errorf(NotFound, "store.no-such-game", []any{"game", id},
		"there is no game %s", id)
}

func errGameExists(channel string) error {
	return rules.Errorf(Exists, "store.exists", []any{"channel", channel},
		"a game is already running in this channel")
}

// errReplaced answers a change to a game that is no longer the channel's
// current game: it ended, or another game took its place.
func errReplaced(id string) error {
	return rules.Errorf(Conflict, "store.replaced", []any{"game", id},
		"this game has ended: the board has changed")
}

func errMovedFirst(want, got int) error {
	return rules.Errorf(Conflict, "store.moved-first", []any{"expected", want, "got", got},
		"someone else moved first: the board has changed")
}

func errNotPlaying(status Status) error {
	return rules.Errorf(Conflict, "store.not-playing", []any{"status", string(status)},
		"the game is not being played now (it is %s)", status)
}

func errNothingToUndo() error {
	return rules.Errorf(Conflict, "store.nothing-to-undo", nil, "there is no move to undo")
}
