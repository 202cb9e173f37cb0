package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/metrics"
)

// Permissions is what the bot needs in a channel: to see it, to post the
// boards of moves made through menus and by computer players, reminders,
// and the images of the boards, in channels and in threads (a game may be
// played in a thread). Interaction answers need no permission.
const Permissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionSendMessagesInThreads | discordgo.PermissionAttachFiles

// Config configures the connection to Discord.
type Config struct {
	Token      string
	GuildID    string // register the command in this guild only (instant; for development)
	APIURL     string // base of every REST call and of gateway discovery
	ShardID    int
	ShardCount int
	Log        *slog.Logger
	Metrics    *metrics.Metrics // nil records nothing

	// Interactions is how interactions arrive: InteractionsGateway (""
	// too) or InteractionsHTTP, POSTs to the Interactions Endpoint URL set
	// in the Developer Portal, served at InteractionsListen and checked
	// against PublicKey (hex). Over HTTP no gateway session is opened: the
	// bot needs no gateway event but its interactions, and learns of
	// channels it lost from Discord's answers to its posts.
	Interactions       string
	PublicKey          string
	InteractionsListen string
	// Now is the clock the signatures' timestamps are checked on; nil is
	// time.Now.
	Now func() time.Time
	// AnswerWithin is how long Discord takes an interaction's first
	// answer (0: DefaultAnswerWithin, Discord's 3 s); the image's drawing
	// and the answer's retries are fitted into it. Tests against a fake
	// that waits longer set it to the fake's deadline, so that their
	// verdict does not depend on how busy the machine is.
	AnswerWithin time.Duration
}

// Adapter is a live connection to Discord that feeds interactions to a Bot
// and posts its messages. It implements bot.Poster.
type Adapter struct {
	cfg     Config
	cat     *i18n.Catalog
	log     *slog.Logger
	session *discordgo.Session
	bot     *bot.Bot
	appID   string

	// commands are the names of the slash commands registered: the games'.
	commands map[string]bool

	// Over HTTP: the application's public key, the endpoint's server and
	// where it listens, served closed when it stopped, and ready, what
	// /healthz says: the bot is started and answers.
	publicKey    ed25519.PublicKey
	endpoint     *http.Server
	endpointAddr net.Addr
	served       chan struct{}
	ready        atomic.Bool

	mu       sync.Mutex
	closing  bool
	busy     int        // guarded by mu: interactions being handled
	idle     *sync.Cond // signalled, with mu, when busy drops to 0
	inflight sync.WaitGroup
	ctx      context.Context
	cancel   context.CancelFunc
	// answers are the interactions whose initial response the endpoint
	// waits for, guarded by mu.
	answers map[string]chan bool
	// taken are the interactions the endpoint took, to refuse replays.
	taken replays
	// images are the buffers (*bytes.Buffer) answers' images are drawn
	// into, back once the answer no longer reads them (see lease).
	images sync.Pool
}

// imageBuffer returns a buffer for an answer's image.
func (a *Adapter) imageBuffer() *bytes.Buffer {
	if buf, ok := a.images.Get().(*bytes.Buffer); ok {
		return buf
	}
	return new(bytes.Buffer)
}

// New prepares a session; nothing is connected until Start.
func New(cfg Config, cat *i18n.Catalog) (*Adapter, error) {
	if cfg.Token == "" {
		return nil, errors.New("discord: no token")
	}
	if cfg.APIURL == "" {
		cfg.APIURL = "https://discord.com/"
	}
	if cfg.ShardCount < 1 {
		cfg.ShardCount = 1
	}
	if cfg.ShardID < 0 || cfg.ShardID >= cfg.ShardCount {
		return nil, fmt.Errorf("discord: shard_id %d is not below shard_count %d", cfg.ShardID, cfg.ShardCount)
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if err := CheckInteractions(cfg.Interactions, cfg.PublicKey, cfg.InteractionsListen); err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	var key ed25519.PublicKey
	if cfg.Interactions == InteractionsHTTP {
		key, _ = ParsePublicKey(cfg.PublicKey)
	}
	transport, err := newTransport(cfg.APIURL, apiTransport())
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	s.Client = &http.Client{Transport: deadline{next: transport, timeout: requestTimeout}}
	s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	s.Identify.Intents = discordgo.IntentsGuilds
	s.LogLevel = discordgo.LogError
	ctx, cancel := context.WithCancel(context.Background())
	a := &Adapter{cfg: cfg, cat: cat, log: cfg.Log, session: s, ctx: ctx, cancel: cancel, publicKey: key, answers: map[string]chan bool{}}
	a.idle = sync.NewCond(&a.mu)
	return a, nil
}

// Start connects to the gateway (or, with interactions over HTTP, starts
// serving the Interactions Endpoint), registers every game's command and
// starts feeding interactions to b. From then on the adapter owns b: Close
// closes it.
func (a *Adapter) Start(ctx context.Context, b *bot.Bot) (err error) {
	a.bot = b
	cmds := b.Commands()
	a.commands = map[string]bool{}
	for _, c := range cmds {
		a.commands[c.Name] = true
	}
	if a.cfg.Interactions == InteractionsHTTP {
		defer func() {
			if err != nil {
				a.stopListening()
			}
		}()
		err = a.openEndpoint()
	} else {
		err = a.openGateway(b)
	}
	if err != nil {
		return err
	}
	if _, err := a.session.ApplicationCommandBulkOverwrite(a.appID, a.cfg.GuildID, applicationCommands(a.cat, cmds)); err != nil {
		return fmt.Errorf("discord: registering the commands: %w", redact(err, a.cfg.Token))
	}
	scope := "globally (may take up to an hour to appear)"
	if a.cfg.GuildID != "" {
		scope = "in guild " + a.cfg.GuildID
	}
	a.log.Info("connected to Discord", "application", a.appID, "shard", a.cfg.ShardID, "shards", a.cfg.ShardCount, "commands", scope)
	a.log.Info("invite the bot with this link", "url", InviteURL(a.appID))
	// Games left waiting on a computer player go on by themselves, what
	// the channels were owed is posted, and reminders fall due.
	b.Start(ctx)
	a.cfg.Metrics.SetHealthy(true)
	a.ready.Store(true)
	return nil
}

// openGateway opens the gateway session, which brings the interactions
// and tells of channels deleted and servers left.
func (a *Adapter) openGateway(b *bot.Bot) error {
	// discordgo reconnects by itself when a heartbeat fails, also one sent
	// while Close closes the session: a session that comes back after
	// Close is closed again (TestClosedStaysClosed).
	a.session.AddHandler(func(s *discordgo.Session, _ *discordgo.Connect) {
		a.mu.Lock()
		closing := a.closing
		a.mu.Unlock()
		if closing {
			s.Close()
		}
	})
	a.session.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		a.onInteraction(ic.Interaction)
	})
	// A channel deleted, a thread deleted, the bot removed from a server:
	// nothing more is posted there (the bot parks them).
	a.session.AddHandler(func(s *discordgo.Session, e *discordgo.ChannelDelete) {
		a.track(func() { b.ChannelGone(a.ctx, e.ID) })
	})
	a.session.AddHandler(func(s *discordgo.Session, e *discordgo.ThreadDelete) {
		a.track(func() { b.ChannelGone(a.ctx, e.ID) })
	})
	a.session.AddHandler(func(s *discordgo.Session, e *discordgo.GuildDelete) {
		if e.Guild != nil && !e.Unavailable { // unavailable: an outage, not a removal
			a.track(func() { b.GuildGone(a.ctx, e.ID) })
		}
	})
	// /healthz follows the gateway: 503 while discordgo reconnects (it
	// does so by itself), 200 again once heartbeats are acknowledged.
	a.cfg.Metrics.SetConnected(a.connected)
	if err := a.session.Open(); err != nil {
		return fmt.Errorf("discord: connecting to the gateway: %w", redact(err, a.cfg.Token))
	}
	a.session.State.RLock()
	if app := a.session.State.Application; app != nil && app.ID != "" {
		a.appID = app.ID
	} else if u := a.session.State.User; u != nil {
		a.appID = u.ID
	}
	a.session.State.RUnlock()
	if a.appID == "" {
		return errors.New("discord: the gateway did not say who the bot is")
	}
	a.cfg.Metrics.SetHealthy(true)
	return nil
}

// openEndpoint starts serving the Interactions Endpoint (its /healthz
// says 503 until Start is done) and asks Discord who the bot is, checking
// that public_key is the application's: with another key every
// interaction would be refused.
func (a *Adapter) openEndpoint() error {
	if err := a.listen(); err != nil {
		return err
	}
	app, err := a.session.Application("@me")
	if err != nil {
		return fmt.Errorf("discord: asking who the bot is: %w", redact(err, a.cfg.Token))
	}
	if app.ID == "" {
		return errors.New("discord: Discord did not say who the bot is")
	}
	if app.VerifyKey != "" && app.VerifyKey != hex.EncodeToString(a.publicKey) {
		return errors.New("discord: [discord] public_key is not the application's public key (Developer Portal > your application > General Information > Public Key)")
	}
	a.appID = app.ID
	return nil
}

// connected reports whether the gateway session is up: discordgo marks
// it ready on every acknowledged heartbeat and not ready when it closes.
func (a *Adapter) connected() bool {
	a.session.RLock()
	defer a.session.RUnlock()
	return a.session.DataReady
}

// InviteURL returns the link that adds the application to a server with
// exactly the permissions it needs.
func InviteURL(appID string) string {
	q := url.Values{}
	q.Set("client_id", appID)
	q.Set("scope", "bot applications.commands")
	q.Set("permissions", fmt.Sprint(Permissions))
	return "https://discord.com/oauth2/authorize?" + q.Encode()
}

// Close stops taking interactions, waits for those in flight to finish,
// stops the bot's background work (computer turns: their moves are not
// promised to anyone) and disconnects.
func (a *Adapter) Close() error {
	a.ready.Store(false)
	a.mu.Lock()
	a.closing = true
	a.mu.Unlock()
	a.inflight.Wait()
	a.stopListening()
	if a.bot != nil {
		a.bot.Close()
	}
	a.cancel()
	err := a.session.Close()
	a.session.Client.CloseIdleConnections()
	return err
}

// waitIdle waits until no interaction is being handled: its answer made
// and what the bot does right after (recording the board it posted).
func (a *Adapter) waitIdle() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for a.busy > 0 {
		a.idle.Wait()
	}
}

// track runs f as in-flight work unless the adapter is closing.
func (a *Adapter) track(f func()) bool {
	a.mu.Lock()
	if a.closing {
		a.mu.Unlock()
		return false
	}
	a.inflight.Add(1)
	a.busy++
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		if a.busy--; a.busy == 0 {
			a.idle.Broadcast()
		}
		a.mu.Unlock()
		a.inflight.Done()
	}()
	f()
	return true
}

func (a *Adapter) onInteraction(i *discordgo.Interaction) {
	req, ok := toRequest(i, a.commands)
	if !ok {
		return
	}
	a.track(func() {
		defer a.bot.Answering()() // a film being made waits meanwhile
		began := time.Now()
		if a.bot.Slow(req) {
			// A hint searches like a hard computer: acknowledge first, as a
			// private answer, and edit it in when it is ready.
			ok := a.check(a.session.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
			}), "acknowledging")
			a.initialMade(i.ID, ok)
			if !ok {
				return
			}
			reply := a.bot.Handle(a.ctx, req)
			a.edit(a.ctx, i, reply.Message)
			a.cfg.Metrics.Interaction(kindName(req.Kind), !reply.Failed, time.Since(began))
			a.notice(a.ctx, i, reply.Notice)
			return
		}
		reply := a.bot.Handle(a.ctx, req)
		// Counted as the answer leaves: what a watcher of /metrics sees
		// once Discord has the answer.
		a.cfg.Metrics.Interaction(kindName(req.Kind), !reply.Failed, time.Since(began))
		if a.deliver(i, reply, began) {
			a.notice(a.ctx, i, reply.Notice)
		}
		if reply.Then != nil {
			reply.Then() // computer turns after the answer, in the background
		}
	})
}

// kindName names a request kind for the metrics.
func kindName(k bot.RequestKind) string {
	switch k {
	case bot.ComponentRequest:
		return "component"
	case bot.AutocompleteRequest:
		return "autocomplete"
	}
	return "command"
}

// interactionToken finds the interaction tokens in URLs: a follow-up's or
// an edit's webhook path, and an answer's callback path. Each lets anyone
// who reads it answer the interaction for 15 minutes.
var interactionToken = regexp.MustCompile(`(/webhooks/[0-9]+/|/interactions/[0-9]+/)[^/?\s"]+`)

// redact removes the bot's token and interaction tokens from an error's
// text: discordgo errors may quote request headers and URLs.
func redact(err error, token string) error {
	if err == nil {
		return nil
	}
	s := err.Error()
	if token != "" {
		s = strings.ReplaceAll(s, token, "[token]")
	}
	s = interactionToken.ReplaceAllString(s, "${1}[token]")
	return errors.New(s)
}
