// Package rules holds what every game engine under it shares: the coded
// error that carries a message meant for players, the error that names the
// line of a game record that is wrong, the reading of a record's lines,
// which every game writes the same way, and the four levels of computer
// players (each game's ai package plays them its own way).
//
// Each game lives in its own package below this one (rules/shangrila, ...).
// Engines are pure: they do no I/O and know nothing of Discord or terminals.
package rules

import (
	"errors"
	"fmt"
)

// Code classifies an Error so that callers (the bot, the command line) can
// decide how to answer without parsing messages.
type Code string

// Codes used by the engines. Other layers may define more codes of their own.
const (
	// Invalid marks input that cannot be read at all: an unknown word, a
	// village that does not exist, a malformed line.
	Invalid Code = "invalid"
	// Illegal marks a readable move that the rules do not allow now.
	Illegal Code = "illegal"
	// NotYourTurn marks a move by a player who is not the one to move.
	NotYourTurn Code = "not-your-turn"
	// GameOver marks a move made after the game has ended.
	GameOver Code = "game-over"
	// Internal marks a failure that is not the player's doing. Its message is
	// never shown to players.
	Internal Code = "internal"
)

// Error is a domain error: Code says what kind of failure it is, Message
// says it in English words a player understands, and Key with Args identify
// the message so that it can be translated.
//
// Args values are the game's own types (colours, villages, disciplines) or
// numbers and strings, so that a translator can name them in its language.
type Error struct {
	Code    Code
	Key     string
	Args    map[string]any
	Message string
}

// Error returns the English message.
func (e *Error) Error() string { return e.Message }

// Errorf returns an Error with the given code, message key and English
// message; args are stored for translation under the names given in pairs
// ("player", red, "village", v).
func Errorf(code Code, key string, args []any, format string, a ...any) *Error {
	e := &Error{Code: code, Key: key, Message: fmt.Sprintf(format, a...)}
	if len(args) > 0 {
		e.Args = make(map[string]any, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			name, _ := args[i].(string)
			e.Args[name] = args[i+1]
		}
	}
	return e
}

// ErrorCode returns the code of err when it is, or wraps, an *Error, and
// Internal otherwise.
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}
