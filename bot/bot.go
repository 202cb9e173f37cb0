package bot

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/store"
)

// Config holds what the command layer works with.
type Config struct {
	Store   *store.DB
	Catalog *i18n.Catalog
	// Board draws a board image; nil draws none (the posts then carry text
	// only).
	Board BoardFunc
	// Poster posts messages outside an answer (computer turns).
	Poster Poster
	Log    *slog.Logger
	// Now is the clock; time.Now by default.
	Now func() time.Time
	// Seed returns a seed for shuffling seats; cryptographically random by
	// default. Tests set it to replay a game exactly.
	Seed func() uint64
	// Computers tunes the computer players (the hard level's thinking
	// time); the zero value gives the defaults.
	Computers ai.Options
	// KeepSeatOrder seats players in the order they joined instead of
	// shuffling them (tablebot local, where records are typed in seat order).
	KeepSeatOrder bool
	// LinkBase, when set, lets answers link to a message:
	// LinkBase + guild + "/" + channel + "/" + message
	// ("https://discord.com/channels/").
	LinkBase string
}

// BoardFunc draws the board of a position as a PNG.
type BoardFunc func(ctx context.Context, v BoardView) ([]byte, error)

// BoardView is what a board image shows.
type BoardView struct {
	Position shangrila.Position
	// Last is what the latest move did, to highlight it; nil for none.
	Last  *shangrila.Effects
	Names map[shangrila.Colour]string
	Lang  i18n.Lang
}

// Bot is the command layer. It is safe for concurrent use: requests of one
// channel are handled one at a time, channels in parallel.
type Bot struct {
	cfg   Config
	log   *slog.Logger
	locks [64]sync.Mutex // striped by channel
}

// New returns a Bot.
func New(cfg Config) (*Bot, error) {
	if cfg.Store == nil || cfg.Catalog == nil {
		return nil, errors.New("bot: a store and a catalogue are needed")
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Seed == nil {
		cfg.Seed = func() uint64 {
			var b [8]byte
			_, _ = rand.Read(b[:])
			return binary.LittleEndian.Uint64(b[:])
		}
	}
	return &Bot{cfg: cfg, log: cfg.Log}, nil
}

// lock takes the lock of a channel and returns its unlock.
func (b *Bot) lock(channel string) func() {
	h := fnv.New32a()
	h.Write([]byte(channel))
	m := &b.locks[h.Sum32()%uint32(len(b.locks))]
	m.Lock()
	return m.Unlock
}

// printer returns the printer for a Discord locale.
func (b *Bot) printer(locale string) *i18n.Printer {
	return b.cfg.Catalog.Printer(i18n.FromLocale(locale))
}

// Apology is the short text players see when something failed on our
// side, in the language of locale.
func (b *Bot) Apology(locale string) string {
	return b.printer(locale).T("bot.err.internal")
}

// Handle answers one request. It never fails: errors become private
// answers in the asker's language, and internal errors are logged.
func (b *Bot) Handle(ctx context.Context, req Request) (reply Reply) {
	defer func() {
		if v := recover(); v != nil {
			b.log.Error("panic while handling a request", "panic", v, "command", req.Command, "custom_id", req.CustomID, "stack", string(debug.Stack()))
			reply = Reply{Private: true, Message: Message{Content: b.Apology(req.User.Locale)}}
		}
	}()
	var err error
	switch req.Kind {
	case AutocompleteRequest:
		return Reply{Choices: b.autocomplete(ctx, req)}
	case ComponentRequest:
		reply, err = b.component(ctx, req)
	default:
		reply, err = b.command(ctx, req)
	}
	if err != nil {
		return Reply{Private: true, Failed: true, Message: Message{Content: b.explain(req, err)}}
	}
	return reply
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
			return "⚠️ " + p.T("bot.err.no-game")
		case store.Exists:
			return "⚠️ " + p.T("bot.err.game-running")
		}
		if s, ok := p.Error(err); ok {
			return "⚠️ " + s
		}
	}
	b.log.Error("request failed", "err", err, "command", req.Command, "custom_id", req.CustomID, "channel", req.Channel)
	return p.T("bot.err.internal")
}

// command handles a slash command.
func (b *Bot) command(ctx context.Context, req Request) (Reply, error) {
	switch req.Command {
	case "new":
		return b.newGame(ctx, req)
	case "join":
		return b.join(ctx, req, false)
	case "leave":
		return b.leave(ctx, req, false)
	case "start":
		return b.start(ctx, req, false)
	case "place", "recruit", "journey":
		return b.typedMove(ctx, req)
	case "board":
		return b.board(ctx, req)
	case "status":
		return b.status(ctx, req)
	case "history":
		return b.history(ctx, req)
	case "hint":
		return b.hint(ctx, req)
	case "undo":
		return b.undo(ctx, req)
	case "resign":
		return b.resign(ctx, req)
	case "cancel":
		return b.cancel(ctx, req)
	case "rules":
		return b.rulesGuide(req, 0, false), nil
	case "language":
		return b.language(ctx, req)
	}
	return Reply{}, fail(rules.Invalid, "bot.err.unknown-command", "command", req.Command)
}

// newSeed returns a seed for a game.
func (b *Bot) newSeed() uint64 { return b.cfg.Seed() }

// link returns a link to a message, or "" when links are not possible.
func (b *Bot) link(guild, channel, message string) string {
	if b.cfg.LinkBase == "" || message == "" {
		return ""
	}
	return fmt.Sprintf("%s%s/%s/%s", b.cfg.LinkBase, guild, channel, message)
}
