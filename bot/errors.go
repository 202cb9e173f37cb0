package bot

import (
	"github.com/tablebot/tablebot/rules"
)

// Codes of the command layer's own errors, besides the engine's
// (rules.Illegal, rules.NotYourTurn, ...) and the store's.
const (
	NoGame      rules.Code = "no-game"      // no game in this channel
	GameRunning rules.Code = "game-running" // a game is already running here
	NotPlayer   rules.Code = "not-player"   // the user does not play in this game
	NotAllowed  rules.Code = "not-allowed"  // the user may not do this (not the creator...)
	Stale       rules.Code = "stale"        // a button or menu of an older board
	Lobby       rules.Code = "lobby"        // a lobby rule: full, already in, too few...
)

// fail returns a command-layer error. Its English message lives in the
// catalogue under key like every other text; Message holds the key only
// for logs, because players always read the translated text.
func fail(code rules.Code, key string, args ...any) error {
	e := rules.Errorf(code, key, args, "%s", key)
	return e
}
