package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/bot/discord"
	"github.com/tablebot/tablebot/metrics"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/etcd"
)

// errNoToken explains how to get a token, and the way to play without one.
var errNoToken = errors.New(`no Discord token.
To run the bot on Discord: create an application at https://discord.com/developers/applications,
add a Bot to it, copy its token, and put it in config.toml under [discord] token
(see config.example.toml) or in the DISCORD_TOKEN environment variable.
To play without Discord, run: tablebot local`)

// Main is a running bot: the database, the command layer, the Discord
// connection and the metrics server. Run starts it, Close stops it; the
// end-to-end tests run it the same way as the binary.
type Main struct {
	Config Config
	Log    *slog.Logger
	// Games are the games the bot hosts.
	Games []cli.Game

	db store.Store
	// owners is this replica's share of the channels (etcd); nil when it
	// owns them all.
	owners  *etcd.Owners
	discord *discord.Adapter
	metrics *metrics.Metrics
	// MetricsAddr is where /metrics listens once Run returns (with
	// [metrics] listen set).
	MetricsAddr net.Addr
	stop        context.CancelFunc
	served      chan error
	stopBackups func()
}

// Run opens the database, connects to Discord and serves the metrics. It
// returns once the bot is up; the bot runs until Close.
func (m *Main) Run(ctx context.Context) (err error) {
	if m.Config.Discord.Token == "" {
		return errNoToken
	}
	if m.Log == nil {
		m.Log = slog.Default()
	}
	defer func() {
		if err != nil {
			m.Close()
		}
	}()
	var file *store.DB
	m.db, file, err = m.Config.Storage.open(ctx)
	if err != nil {
		return err
	}
	if m.owners, err = m.Config.Storage.owners(ctx, m.db); err != nil {
		return err
	}
	if file != nil {
		if m.stopBackups, err = serveCopies(file, m.Log); err != nil {
			return err
		}
	}
	cat, err := newCatalog(m.Games)
	if err != nil {
		return err
	}
	m.metrics = metrics.New()
	if addr := m.Config.Metrics.Listen; addr != "" {
		sctx, stop := context.WithCancel(context.Background())
		m.stop = stop
		m.served = make(chan error, 1)
		ready := make(chan net.Addr, 1)
		go func() { m.served <- m.metrics.Serve(sctx, addr, func(a net.Addr) { ready <- a }) }()
		select {
		case a := <-ready:
			m.MetricsAddr = a
			m.Log.Info("serving metrics", "addr", a.String())
		case err := <-m.served:
			return fmt.Errorf("metrics: %w", err)
		}
	}
	m.discord, err = discord.New(discord.Config{
		Token: m.Config.Discord.Token, GuildID: m.Config.Discord.GuildID, APIURL: m.Config.Discord.APIURL,
		ShardID: m.Config.Discord.ShardID, ShardCount: m.Config.Discord.ShardCount,
		Log: m.Log, Metrics: m.metrics,
		Interactions: m.Config.Discord.Interactions, PublicKey: m.Config.Discord.PublicKey,
		InteractionsListen: m.Config.Discord.InteractionsListen,
	}, cat)
	if err != nil {
		return err
	}
	hosted, err := hostGames(m.Games, cat, cli.HostOptions{Images: true})
	if err != nil {
		return err
	}
	turns, err := m.Config.turns()
	if err != nil {
		return err
	}
	bc := bot.Config{
		Store: m.db, Catalog: cat, Games: hosted, Poster: m.discord, Log: m.Log, Metrics: m.metrics,
		Turns: &turns, LinkBase: "https://discord.com/channels/",
	}
	if m.owners != nil {
		bc.Owners = m.owners
	}
	b, err := bot.New(bc)
	if err != nil {
		return err
	}
	if err := m.discord.Start(ctx, b); err != nil {
		return atAPIURL(err, m.Config.Discord.APIURL)
	}
	return nil
}

// discordBase is where Discord's REST API and gateway discovery live.
const discordBase = "https://discord.com/"

// atAPIURL makes an error of the Discord connection name the api_url it
// went to: discordgo addresses every call to discord.com and the adapter's
// transport sends it to api_url, so the error quotes discord.com even when
// a proxy or a fake at api_url is what failed.
func atAPIURL(err error, apiURL string) error {
	base := strings.TrimSuffix(apiURL, "/") + "/"
	if base == discordBase || !strings.Contains(err.Error(), discordBase) {
		return err
	}
	return fmt.Errorf("%s (api_url %s)", strings.ReplaceAll(err.Error(), discordBase, base), apiURL)
}

// Close finishes what is in flight, disconnects, closes the database and
// stops the metrics server.
func (m *Main) Close() error {
	var errs []error
	m.metrics.SetHealthy(false)
	if m.discord != nil {
		errs = append(errs, m.discord.Close())
	}
	if m.stopBackups != nil {
		m.stopBackups() // copies in progress finish before the file closes
	}
	if m.owners != nil {
		errs = append(errs, m.owners.Close()) // the others take its channels over
	}
	if m.db != nil {
		errs = append(errs, m.db.Close())
	}
	if m.stop != nil {
		m.stop()
		errs = append(errs, <-m.served)
	}
	return errors.Join(errs...)
}

// runServe runs the bot until it is interrupted (SIGINT or SIGTERM).
func runServe(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	path := fs.String("config", defaultConfigPath, "configuration file (see config.example.toml)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot [serve] [--config FILE]")
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	cfg, err := flagConfig(fs, *path, e)
	if err != nil {
		return err
	}
	m := &Main{Config: cfg, Log: newLogger(cfg, e.Stderr), Games: e.Games}
	if err := m.Run(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	m.Log.Info("stopping: finishing what is in flight")
	return m.Close()
}
