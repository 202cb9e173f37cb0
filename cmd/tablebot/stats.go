package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/store"
)

// runStats recomputes the statistics from the stored games (--rebuild):
// what the moves that ended them kept, again, after an import, a
// migration or a change of how games are counted. It replays every
// finished game once, in the order they ended, with a progress bar on a
// terminal.
func runStats(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	sf := addStoreFlags(fs, "the database file (the bot must not be running)")
	rebuild := fs.Bool("rebuild", false, "recompute every statistic and rating from the stored games")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot stats --rebuild [--db FILE|etcd] [--config FILE]")
		fmt.Fprintln(fs.Output(), "Recomputes the statistics and ratings from the finished games stored in the database.")
		fs.PrintDefaults()
	}
	fs.SetOutput(e.Stderr)
	if err := fs.Parse(args); err != nil {
		return cli.UsageError(err)
	}
	if !*rebuild || fs.NArg() > 0 {
		return cli.Usagef("say --rebuild: the statistics are shown in Discord (/tablebot stats), and rebuilt here")
	}
	db, err := sf.openWrite(ctx, e, "rebuilding the statistics")
	if err != nil {
		return err
	}
	defer db.Close()
	counted, tallies, err := rebuildStats(ctx, e, db, true)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(e.Stdout, "%s: statistics rebuilt from %d finished games (%d tallies)\n", *sf.db, counted, tallies)
	return err
}

// rebuildStats recomputes the statistics of st from its games and stores
// them, with a progress bar on stderr when asked; it returns the number
// of games counted and of tallies stored.
func rebuildStats(ctx context.Context, e cli.Env, st store.Store, progress bool) (counted, tallies int, err error) {
	cat, err := newCatalog(e.Games)
	if err != nil {
		return 0, 0, err
	}
	hosted, err := hostGames(e.Games, cat, cli.HostOptions{})
	if err != nil {
		return 0, 0, err
	}
	var prog *cli.Progress
	total, done := func(int) {}, func() {}
	if progress {
		total = func(n int) { prog = cli.NewProgress(e.Stderr, cli.IsTerminal(e.Stderr), "stats", "games", n) }
		done = func() { prog.Done() }
	}
	all, counted, err := bot.RebuildStats(ctx, st, hosted, total, done)
	if prog != nil {
		prog.Finish()
	}
	if err != nil {
		return 0, 0, err
	}
	return counted, len(all), st.ReplaceTallies(ctx, all)
}
