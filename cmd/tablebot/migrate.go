package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/store"
)

// runMigrate copies every game and channel setting from one store to
// another: a database file to the etcd cluster of the configuration, or
// back.
func runMigrate(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	from := fs.String("from", "", `the store to read: a database file, or "etcd" for [storage] of the configuration`)
	to := fs.String("to", "", `the store to write, new or empty: a database file, or "etcd"`)
	path := fs.String("config", defaultConfigPath, "configuration file, for etcd (see config.example.toml)")
	dropPosts := fs.Bool("drop-posts", false, "migrate even though channels are still owed posts, which are lost")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot migrate --from FILE|etcd --to FILE|etcd [--config FILE]")
		fmt.Fprintln(fs.Output(), "Copies every game (live and ended) and every channel's and user's settings into a new database file")
		fmt.Fprintln(fs.Output(), "or an empty etcd prefix. Stop the bot first; start it on the new store after.")
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	switch {
	case *from == "" || *to == "":
		return cli.Usagef("give the store to read with --from and the store to write with --to")
	case *from == *to:
		return cli.Usagef("--from and --to are the same store")
	}
	cfg, err := flagConfig(fs, *path, e)
	if err != nil {
		return err
	}
	src, done, err := openSource(ctx, cfg, *from)
	if err != nil {
		return err
	}
	defer done()
	dst, err := openTarget(ctx, cfg, *to)
	if err != nil {
		return err
	}
	defer dst.Close()
	m := migration{ctx: ctx, src: src, dst: dst}
	if err := m.run(*dropPosts); err != nil {
		return err
	}
	// The statistics are made again from the games as they now stand.
	counted, _, err := rebuildStats(ctx, e, dst, false)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "migrated %d live and %d ended games, %d channel settings and %d user settings, from %s to %s; the statistics of %d finished games rebuilt\n",
		len(m.live), m.ended, m.settings, m.userSettings, *from, *to, counted)
	if m.renamed > 0 {
		fmt.Fprintf(e.Stderr, "%d games have a new id (the source's numbers of a channel had gaps): their old boards' buttons answer that the board has changed\n", m.renamed)
	}
	return nil
}

// openSource opens the store to read: etcd, or a database file (a hot
// copy when the bot holding it serves one).
func openSource(ctx context.Context, cfg Config, name string) (store.Store, func(), error) {
	if name == engineEtcd {
		db, err := openEtcd(ctx, cfg.Storage.etcd())
		if err != nil {
			return nil, nil, err
		}
		return db, func() { db.Close() }, nil
	}
	if _, err := os.Stat(name); err != nil {
		return nil, nil, err
	}
	db, done, err := openForReading(ctx, name)
	if err != nil {
		return nil, nil, err
	}
	return db, done, nil
}

// openTarget opens the store to write, which must hold no game: a new
// database file, or an etcd prefix without games.
func openTarget(ctx context.Context, cfg Config, name string) (store.Store, error) {
	var dst store.Store
	if name == engineEtcd {
		db, err := openEtcd(ctx, cfg.Storage.etcd())
		if err != nil {
			return nil, err
		}
		dst = db
	} else {
		if _, err := os.Stat(name); !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s exists: migrate writes a new file only (remove it, or choose another)", name)
		}
		db, err := store.Open(name, store.Options{})
		if err != nil {
			return nil, err
		}
		dst = db
	}
	live, ended, err := dst.Count(ctx)
	if err == nil && live+ended > 0 {
		err = fmt.Errorf("%s already holds %d games: migrate into an empty store (for etcd, another etcd_prefix)", name, live+ended)
	}
	if err != nil {
		dst.Close()
		return nil, err
	}
	return dst, nil
}

// migration copies one store into another.
type migration struct {
	ctx      context.Context
	src, dst store.Store
	// live are the source's live games, stored after the ended ones: a
	// channel's live game is its latest, so its games keep their numbers.
	live                     []*store.Game
	batch                    []*store.Game
	ended, settings, renamed int
	userSettings             int
}

// run copies the games and then the settings.
func (m *migration) run(dropPosts bool) error {
	owed, err := m.src.OutboxChannels(m.ctx)
	if err != nil {
		return err
	}
	if len(owed) > 0 && !dropPosts {
		return fmt.Errorf("%d channels are still owed posts (the bot makes them when it runs): run the bot until they are made, or pass --drop-posts to lose them", len(owed))
	}
	err = m.src.Each(m.ctx, func(g *store.Game) error {
		if g.Status.Live() {
			m.live = append(m.live, g)
			return nil
		}
		m.ended++
		return m.add(g)
	})
	if err != nil {
		return err
	}
	for _, g := range m.live {
		if err := m.add(g); err != nil {
			return err
		}
	}
	if err := m.flush(); err != nil {
		return err
	}
	err = m.src.EachChannelSetting(m.ctx, func(channel, key, value string) error {
		m.settings++
		return m.dst.SetChannelSetting(m.ctx, channel, key, value)
	})
	if err != nil {
		return err
	}
	return m.src.EachUserSetting(m.ctx, func(user, key, value string) error {
		m.userSettings++
		return m.dst.SetUserSetting(m.ctx, user, key, value)
	})
}

// add queues a game to store.
func (m *migration) add(g *store.Game) error {
	m.batch = append(m.batch, g)
	if len(m.batch) < importBatch {
		return nil
	}
	return m.flush()
}

// flush stores the queued games.
func (m *migration) flush() error {
	if len(m.batch) == 0 {
		return nil
	}
	results, err := m.dst.Import(m.ctx, m.batch)
	if err != nil {
		return err
	}
	for i, r := range results {
		if r.Err != nil {
			return fmt.Errorf("game %s: %w", m.batch[i].ID, r.Err)
		}
		if r.ID != m.batch[i].ID {
			m.renamed++
		}
	}
	m.batch = m.batch[:0]
	return nil
}
