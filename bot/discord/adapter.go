package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/metrics"
)

// Permissions is what the bot needs in a channel: to see it, to post the
// boards of moves made through menus and by computer players, and to
// attach their images. Interaction answers need no permission.
const Permissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles

// Config configures the connection to Discord.
type Config struct {
	Token      string
	GuildID    string // register the command in this guild only (instant; for development)
	APIURL     string // base of every REST call and of gateway discovery
	ShardID    int
	ShardCount int
	Log        *slog.Logger
	Metrics    *metrics.Metrics // nil records nothing
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

	mu       sync.Mutex
	closing  bool
	inflight sync.WaitGroup
	ctx      context.Context
	cancel   context.CancelFunc
	// bg is the context of computer players' turns: Close stops them at
	// once (their moves are not promised to anyone), while people's
	// requests in flight are finished.
	bg     context.Context
	stopBg context.CancelFunc
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
	transport, err := newTransport(cfg.APIURL, http.DefaultTransport)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	s.Client = &http.Client{Transport: transport, Timeout: 30 * time.Second}
	s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	s.Identify.Intents = discordgo.IntentsGuilds
	s.LogLevel = discordgo.LogError
	ctx, cancel := context.WithCancel(context.Background())
	bg, stopBg := context.WithCancel(context.Background())
	return &Adapter{cfg: cfg, cat: cat, log: cfg.Log, session: s, ctx: ctx, cancel: cancel, bg: bg, stopBg: stopBg}, nil
}

// Start connects to the gateway, registers the command and starts feeding
// interactions to b.
func (a *Adapter) Start(ctx context.Context, b *bot.Bot) error {
	a.bot = b
	a.session.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		a.onInteraction(ic.Interaction)
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
	cmds := []*discordgo.ApplicationCommand{applicationCommand(a.cat)}
	if _, err := a.session.ApplicationCommandBulkOverwrite(a.appID, a.cfg.GuildID, cmds); err != nil {
		return fmt.Errorf("discord: registering the command: %w", redact(err, a.cfg.Token))
	}
	scope := "globally (may take up to an hour to appear)"
	if a.cfg.GuildID != "" {
		scope = "in guild " + a.cfg.GuildID
	}
	a.log.Info("connected to Discord", "application", a.appID, "shard", a.cfg.ShardID, "shards", a.cfg.ShardCount, "commands", scope)
	a.log.Info("invite the bot with this link", "url", InviteURL(a.appID))
	// Games left waiting on a computer player go on by themselves.
	go a.track(func() { b.Resume(a.bg) })
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

// Close stops taking interactions, waits for those in flight (and the
// computer turns they started) to finish, and disconnects.
func (a *Adapter) Close() error {
	a.mu.Lock()
	a.closing = true
	a.mu.Unlock()
	a.stopBg()
	a.inflight.Wait()
	a.cancel()
	return a.session.Close()
}

// track runs f as in-flight work unless the adapter is closing.
func (a *Adapter) track(f func()) bool {
	a.mu.Lock()
	if a.closing {
		a.mu.Unlock()
		return false
	}
	a.inflight.Add(1)
	a.mu.Unlock()
	defer a.inflight.Done()
	f()
	return true
}

func (a *Adapter) onInteraction(i *discordgo.Interaction) {
	req, ok := toRequest(i)
	if !ok {
		return
	}
	a.track(func() {
		began := time.Now()
		if a.bot.Slow(req) {
			// A hint searches like a hard computer: acknowledge first, as a
			// private answer, and edit it in when it is ready.
			if !a.check(a.session.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
			}), "acknowledging") {
				return
			}
			reply := a.bot.Handle(a.ctx, req)
			a.edit(a.ctx, i, reply.Message)
			a.cfg.Metrics.Interaction(kindName(req.Kind), !reply.Failed, time.Since(began))
			return
		}
		reply := a.bot.Handle(a.ctx, req)
		a.deliver(i, reply)
		a.cfg.Metrics.Interaction(kindName(req.Kind), !reply.Failed, time.Since(began))
		if reply.Then != nil {
			// Computer turns after the answer: tracked, so Close waits.
			go a.track(func() { reply.Then(a.bg) })
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

// redact removes the token from an error's text: discordgo errors may
// quote request headers.
func redact(err error, token string) error {
	if err == nil || token == "" {
		return err
	}
	return errors.New(strings.ReplaceAll(err.Error(), token, "[token]"))
}
