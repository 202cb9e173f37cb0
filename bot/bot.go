package bot

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"runtime/debug"
	"sync"
	"time"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/metrics"
	"github.com/tablebot/tablebot/store"
)

// Config holds what the command layer works with.
type Config struct {
	// Store keeps the games: a bbolt file (store.Open) or an etcd
	// cluster (store/etcd).
	Store   store.Store
	Catalog *i18n.Catalog
	// Games are the games hosted, each under its own slash command.
	Games []Game
	// Poster posts messages outside an answer (computer turns).
	Poster Poster
	Log    *slog.Logger
	// Metrics counts moves; nil counts nothing.
	Metrics *metrics.Metrics
	// Now is the clock; time.Now by default.
	Now func() time.Time
	// Clock, when set, is the bot's time (Now and the calls made later),
	// and Now is ignored; tests set it to move time by hand.
	Clock Clock
	// Inflight bounds the boards drawn and the posts in flight at once, over
	// the whole bot; 0 sizes it from the cores.
	Inflight int
	// States bounds the replayed states kept of live games (see states);
	// 0 means 5,000.
	States int
	// Seed returns a seed for a new game (seats, and the game's own
	// randomness); cryptographically random by default. Tests set it to
	// replay a game exactly.
	Seed func() uint64
	// KeepSeatOrder seats players in the order they joined instead of
	// shuffling them (tablebot local, where records are typed in seat order).
	KeepSeatOrder bool
	// Retry is the first wait before posting again after Discord failed;
	// it doubles each time up to five minutes. One second when zero.
	Retry time.Duration
	// Turns are the reminders of channels that set none of their own;
	// nil means DefaultTurns. A RemindAfter of 0 sends none.
	Turns *Turns
	// LinkBase, when set, lets answers link to a message:
	// LinkBase + guild + "/" + channel + "/" + message
	// ("https://discord.com/channels/").
	LinkBase string
	// Owners says which channels' background work this replica does;
	// nil means every channel (the only replica). See Owners.
	Owners Owners
}

// Bot is the command layer. It is safe for concurrent use: requests of one
// channel are handled one at a time, channels in parallel. Computer turns
// and the posts they make run in the background, one worker per channel;
// Close stops them.
type Bot struct {
	cfg   Config
	log   *slog.Logger
	clock Clock
	// gate bounds the boards drawn and the posts in flight at once.
	gate *gate
	// states keeps the replayed states of the live games.
	states *states
	// films keeps the films of game-over posts not made yet.
	films films
	games []Game
	kinds map[string]Game
	locks channelLocks
	// born is when this Bot was made: an answer owed by an older process
	// will never come.
	born time.Time

	// bg is the context of background work; Close cancels it and waits.
	bg      context.Context
	stopBg  context.CancelFunc
	mu      sync.Mutex
	workers map[string]*worker // guarded by mu; the channels with background work
	timers  map[string]timer   // guarded by mu; the channels' next looks at their outbox
	// remindTimer stops the next look at the reminders; guarded by mu.
	remindTimer func() bool
	closed      bool // guarded by mu
	running     sync.WaitGroup
}

// kindPattern is what a game's kind may be: it is a slash command's name
// and a custom id's prefix.
var kindPattern = regexp.MustCompile(`^[a-z]{1,16}$`)

// New returns a Bot for the configured games.
func New(cfg Config) (*Bot, error) {
	if cfg.Store == nil || cfg.Catalog == nil {
		return nil, errors.New("bot: a store and a catalogue are needed")
	}
	if len(cfg.Games) == 0 {
		return nil, errors.New("bot: no game to host")
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Clock == nil {
		cfg.Clock = systemClock{now: cfg.Now}
	}
	cfg.Now = cfg.Clock.Now
	if cfg.Retry <= 0 {
		cfg.Retry = firstRetry
	}
	turns := DefaultTurns
	if cfg.Turns != nil {
		turns = *cfg.Turns
	}
	if turns.RemindMax < 1 {
		turns.RemindMax = DefaultTurns.RemindMax
	}
	cfg.Turns = &turns
	if cfg.Owners == nil {
		cfg.Owners = everything{}
	}
	if cfg.Seed == nil {
		cfg.Seed = func() uint64 {
			var b [8]byte
			_, _ = rand.Read(b[:])
			return binary.LittleEndian.Uint64(b[:])
		}
	}
	b := &Bot{cfg: cfg, log: cfg.Log, clock: cfg.Clock, gate: newGate(cfg.Inflight), states: newStates(cfg.States, 0), kinds: map[string]Game{},
		workers: map[string]*worker{}, timers: map[string]timer{}, born: cfg.Now()}
	for _, g := range cfg.Games {
		k := g.Kind()
		if !kindPattern.MatchString(k) {
			return nil, fmt.Errorf("bot: game kind %q must be 1 to 16 lower-case letters", k)
		}
		if b.kinds[k] != nil {
			return nil, fmt.Errorf("bot: two games of kind %q", k)
		}
		s := g.Seats()
		if s.Min < 1 || s.Max < s.Min || s.Default < s.Min || s.Default > s.Max {
			return nil, fmt.Errorf("bot: game %q: seats %+v", k, s)
		}
		b.kinds[k] = g
		b.games = append(b.games, g)
	}
	b.bg, b.stopBg = context.WithCancel(context.Background())
	return b, nil
}

// Close stops the background work (computer turns and their posts) and
// waits for it to end. Moves already stored stay; their posts may be lost.
func (b *Bot) Close() {
	b.mu.Lock()
	b.closed = true
	for _, t := range b.timers {
		t.stop()
	}
	if b.remindTimer != nil {
		b.remindTimer()
	}
	b.mu.Unlock()
	b.stopBg()
	b.running.Wait()
}

// now is the bot's time.
func (b *Bot) now() time.Time { return b.clock.Now() }

// InflightPeak returns the most boards drawn and posts in flight at once
// so far, for tests and measurements.
func (b *Bot) InflightPeak() int { return b.gate.Peak() }

// Games returns the hosted games in the order they were registered.
func (b *Bot) Games() []Game { return b.games }

// game returns the game of a kind.
func (b *Bot) game(kind string) (Game, bool) {
	g, ok := b.kinds[kind]
	return g, ok
}

// lock takes the lock of a channel and returns its unlock.
func (b *Bot) lock(channel string) func() {
	return b.locks.lock(channel)
}

// printer returns the printer for a Discord locale.
func (b *Bot) printer(locale string) *i18n.Printer {
	return b.cfg.Catalog.Printer(i18n.FromLocale(locale))
}

// Printer returns the printer of a language, for adapters.
func (b *Bot) Printer(l i18n.Lang) *i18n.Printer { return b.cfg.Catalog.Printer(l) }

// Apology is the short text players see when something failed on our
// side, in the language of locale.
func (b *Bot) Apology(locale string) string {
	return b.printer(locale).T("bot.err.internal")
}

// Handle answers one request. It never fails: errors become private
// answers in the asker's language, and internal errors are logged.
func (b *Bot) Handle(ctx context.Context, req Request) (reply Reply) {
	defer b.gate.handle()() // the films wait meanwhile (filmlane.go)
	defer func() {
		if v := recover(); v != nil {
			b.log.Error("panic while handling a request", "panic", v, "command", req.Command, "custom_id", req.CustomID, "stack", string(debug.Stack()))
			reply = Reply{Private: true, Failed: true, Message: Message{Content: b.Apology(req.User.Locale)}}
		}
	}()
	var err error
	if req.Kind != AutocompleteRequest {
		b.unpark(ctx, req.Channel)
		b.awayEnds(ctx, req)
		b.back(ctx, req)
	}
	switch req.Kind {
	case AutocompleteRequest:
		if req.Game == PersonCommand {
			return Reply{Choices: personChoices(req)}
		}
		return Reply{Choices: b.autocomplete(ctx, req)}
	case ComponentRequest:
		reply, err = b.component(ctx, req)
	default:
		reply, err = b.slash(ctx, req)
	}
	if err != nil {
		return Reply{Private: true, Failed: true, Message: Message{Content: b.explain(req, err)}}
	}
	reply.Message.Image = b.gated(reply.Message.Image)
	b.noticeOwed(req, &reply)
	return reply
}

// gated makes an answer's image be drawn within the gate, ahead of the
// channels' owed posts: an answer has 3 seconds.
func (b *Bot) gated(img *Image) *Image {
	if img == nil {
		return nil
	}
	render := img.Render
	return &Image{Name: img.Name, Render: func(ctx context.Context) ([]byte, error) {
		release, err := b.gate.acquire(ctx, true)
		if err != nil {
			return nil, err
		}
		defer release()
		return render(ctx)
	}}
}

// Explain turns an error into words for a player, as Handle does.
func (b *Bot) Explain(req Request, err error) string { return b.explain(req, err) }

// slash handles a slash command: the host's own subcommands here, the
// game's moves by the game.
func (b *Bot) slash(ctx context.Context, req Request) (Reply, error) {
	if req.Game == PersonCommand {
		return b.person(ctx, req)
	}
	g, ok := b.game(req.Game)
	if !ok {
		return Reply{}, fail(Invalid, "bot.err.unknown-command", "command", req.Game)
	}
	switch req.Command {
	case cmdNew:
		return b.newGame(ctx, g, req)
	case cmdJoin:
		return b.join(ctx, req, nil)
	case cmdLeave:
		return b.leave(ctx, req, nil)
	case cmdStart:
		return b.start(ctx, req, nil)
	case cmdBoard:
		return b.board(ctx, req)
	case cmdStatus:
		return b.status(ctx, req)
	case cmdHistory:
		return b.history(ctx, req)
	case cmdHint:
		return b.hint(ctx, req, nil)
	case cmdUndo:
		return b.undo(ctx, req)
	case cmdResign:
		return b.resign(ctx, req)
	case cmdCancel:
		return b.cancel(ctx, req)
	case cmdRules:
		return b.rulesGuide(g, req, 0, false), nil
	case cmdLanguage:
		return b.language(ctx, req)
	case cmdSettings:
		return b.settings(ctx, req)
	case cmdMyGames:
		return b.mygames(ctx, req)
	}
	for _, c := range g.Commands() {
		if c.Name == req.Command {
			return b.act(ctx, req, nil)
		}
	}
	return Reply{}, fail(Invalid, "bot.err.unknown-command", "command", req.Command)
}

// link returns a link to a message, or "" when links are not possible.
func (b *Bot) link(guild, channel, message string) string {
	if b.cfg.LinkBase == "" || message == "" {
		return ""
	}
	return fmt.Sprintf("%s%s/%s/%s", b.cfg.LinkBase, guild, channel, message)
}
