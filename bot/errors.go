package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// Codes of the command layer's own errors, besides the engines' and the
// store's.
const (
	Invalid                = rules.Invalid  // input that cannot be read
	NoGame      rules.Code = "no-game"      // no game in this channel
	GameRunning rules.Code = "game-running" // a game is already running here
	WrongGame   rules.Code = "wrong-game"   // the channel plays another game
	NotPlayer   rules.Code = "not-player"   // the user does not play in this game
	NotAllowed  rules.Code = "not-allowed"  // the user may not do this (not the creator...)
	Stale       rules.Code = "stale"        // a button or menu of an older board
	Lobby       rules.Code = "lobby"        // a lobby rule: full, already in, too few...
)

// fail returns a command-layer error. Its English message lives in the
// catalogue under key like every other text; Message holds the key only
// for logs, because players always read the translated text. Args are in
// pairs; a "word" someone typed is clipped to MaxQuoted before it is
// quoted back.
func fail(code rules.Code, key string, args ...any) error {
	for i := 0; i+1 < len(args); i += 2 {
		if w, ok := args[i+1].(string); ok && args[i] == "word" {
			args[i+1] = Clip(w, MaxQuoted)
		}
	}
	return rules.Errorf(code, key, args, "%s", key)
}

// Fail is a game's error for a player, its words under key in the
// catalogue, as the host's are made (see fail): code says what kind
// (Invalid, rules.Illegal...).
func Fail(code rules.Code, key string, args ...any) error { return fail(code, key, args...) }

// errGameOver is the answer to anything but looking once a game has ended.
func errGameOver() error { return fail(rules.GameOver, "bot.err.over") }

// BadComponent is the answer to a component whose id or values make no
// sense (forged, or of a version of the bot that is gone).
func BadComponent() error { return fail(Stale, "bot.err.unknown-button") }

// NoSuchMove is the answer to a menu or a subcommand that leads to no
// legal move.
func NoSuchMove() error {
	return rules.Errorf(rules.Illegal, "bot.err.no-such-move", nil, "no such move")
}

// explain turns an error into words for the person who caused it. It is
// the one place where errors become answers: domain errors are translated,
// anything else is logged and answered with an apology.
func (b *Bot) explain(req Request, err error) string {
	p := b.printer(req.User.Locale)
	var e *rules.Error
	if errors.As(err, &e) && e.Code != rules.Internal {
		switch e.Code {
		case store.Conflict:
			return "⚠️ " + p.T("bot.err.conflict")
		case store.NotFound:
			return "⚠️ " + p.T("bot.err.no-game", "command", "/"+req.Game)
		case store.Exists:
			return "⚠️ " + p.T("bot.err.game-running")
		}
		if s, ok := p.Error(err); ok {
			return "⚠️ " + s
		}
	}
	if errors.Is(err, context.Canceled) {
		// The bot is shutting down (or the platform gave up on the
		// request): nothing went wrong, and nothing was changed.
		b.log.Info("request cancelled", "command", req.Command, "custom_id", req.CustomID, "channel", req.Channel)
		return p.T("bot.err.internal")
	}
	b.log.Error("request failed", "err", err, "command", req.Command, "custom_id", req.CustomID, "channel", req.Channel)
	return p.T("bot.err.internal")
}

// errCode is rules.ErrorCode, short.
func errCode(err error) rules.Code { return rules.ErrorCode(err) }

// errNoKind is the internal error for a stored game of a kind this bot
// does not host.
func errNoKind(kind string) error {
	return fmt.Errorf("bot: a game of kind %q, which this bot does not host", kind)
}
