package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/store"
)

// runReshard splits databases into one a shard: the games of the servers
// Discord sends to shard K go to DIR/shard-K.db, for a bot whose
// shard_count changes.
func runReshard(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("reshard", flag.ContinueOnError)
	var dbs paths
	fs.Var(&dbs, "db", "a database to read (give --db once a file; the bots must not be running, or serve copies)")
	shards := fs.Int("shards", 0, "the new shard_count")
	out := fs.String("out", "", "the directory to write shard-0.db ... into")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot reshard --db FILE [--db FILE...] --shards N --out DIR")
		fmt.Fprintln(fs.Output(), "Writes DIR/shard-K.db for K in 0..N-1, each with the games (and the channels' settings)")
		fmt.Fprintln(fs.Output(), "of the servers Discord sends to shard K: (guild_id >> 22) % N.")
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	switch {
	case len(dbs) == 0:
		return cli.Usagef("give the databases to read with --db FILE")
	case *shards < 1:
		return cli.Usagef("give the new shard_count with --shards N (1 or more)")
	case *out == "":
		return cli.Usagef("give the directory to write into with --out DIR")
	}
	for _, p := range dbs {
		if err := fileOnly(p, "reshard", "one store serves every shard and nothing moves: change shard_count and restart"); err != nil {
			return err
		}
	}
	r, err := newResharder(ctx, *out, *shards)
	if err != nil {
		return err
	}
	defer r.close()
	for _, p := range dbs {
		if err := r.read(e, p); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
	}
	return r.finish(e)
}

// paths is a repeatable flag.
type paths []string

func (p *paths) String() string     { return strings.Join(*p, ",") }
func (p *paths) Set(v string) error { *p = append(*p, v); return nil }

// shardOf is the shard Discord sends a server's events to, of n; games
// without a server (tablebot local) go to shard 0.
func shardOf(guild string, n int) int {
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(n))
}

// resharder writes the shards' databases.
type resharder struct {
	ctx     context.Context
	shards  []*store.DB
	batches [][]*store.Game
	guildOf map[string]string // channel → its server, from its games
	refused []string
}

// newResharder creates the shards' files, which must not exist yet.
func newResharder(ctx context.Context, dir string, n int) (*resharder, error) {
	r := &resharder{ctx: ctx, batches: make([][]*store.Game, n), guildOf: map[string]string{}}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	for k := range n {
		path := filepath.Join(dir, fmt.Sprintf("shard-%d.db", k))
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			r.close()
			return nil, fmt.Errorf("%s exists: reshard writes new files only (remove it, or choose another --out)", path)
		}
		db, err := store.Open(path, store.Options{})
		if err != nil {
			r.close()
			return nil, err
		}
		r.shards = append(r.shards, db)
	}
	return r, nil
}

// read sends every game of a database to its shard, and then the
// settings of its channels.
func (r *resharder) read(e cli.Env, path string) error {
	db, done, err := openForReading(r.ctx, path)
	if err != nil {
		return err
	}
	defer done()
	prog := cli.NewProgress(e.Stderr, cli.IsTerminal(e.Stderr), "reshard", "games", 0)
	defer prog.Finish()
	err = db.Each(r.ctx, func(g *store.Game) error {
		r.guildOf[g.Channel] = g.Guild
		k := shardOf(g.Guild, len(r.shards))
		r.batches[k] = append(r.batches[k], g)
		prog.Done()
		if len(r.batches[k]) == importBatch {
			return r.flush(k)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for k := range r.shards {
		if err := r.flush(k); err != nil {
			return err
		}
	}
	return db.EachChannelSetting(r.ctx, func(channel, key, value string) error {
		return r.shards[shardOf(r.guildOf[channel], len(r.shards))].SetChannelSetting(r.ctx, channel, key, value)
	})
}

// flush writes shard k's batch.
func (r *resharder) flush(k int) error {
	if len(r.batches[k]) == 0 {
		return nil
	}
	results, err := r.shards[k].Import(r.ctx, r.batches[k])
	if err != nil {
		return err
	}
	for i, res := range results {
		if res.Err != nil {
			r.refused = append(r.refused, fmt.Sprintf("game %s: %v", r.batches[k][i].ID, res.Err))
		}
	}
	r.batches[k] = r.batches[k][:0]
	return nil
}

// finish says what each shard holds.
func (r *resharder) finish(e cli.Env) error {
	for _, db := range r.shards {
		live, archived, err := db.Count(r.ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.Stdout, "%s: %d live and %d ended games\n", db.Path(), live, archived)
	}
	for _, s := range r.refused {
		fmt.Fprintln(e.Stderr, "refused:", s)
	}
	if len(r.refused) > 0 {
		return fmt.Errorf("%d games refused", len(r.refused))
	}
	return nil
}

// close closes the shards' databases.
func (r *resharder) close() {
	for _, db := range r.shards {
		db.Close()
	}
	r.shards = nil
}
