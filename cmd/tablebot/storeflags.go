package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/store"
)

// storeFlags are the flags of a command on the stored games: --db, a
// database file or "etcd" for [storage] of the configuration, and
// --config, the configuration file etcd's settings come from.
type storeFlags struct {
	fs     *flag.FlagSet
	db     *string
	config *string
}

// addStoreFlags declares --db (dbHelp says what the file is to the
// command) and --config on fs.
func addStoreFlags(fs *flag.FlagSet, dbHelp string) storeFlags {
	return storeFlags{
		fs:     fs,
		db:     fs.String("db", defaultConfig().Storage.Path, dbHelp+`, or "etcd" for [storage] of the configuration`),
		config: fs.String("config", defaultConfigPath, "configuration file, for --db etcd (see config.example.toml)"),
	}
}

// etcd reports whether --db names the etcd engine.
func (f storeFlags) etcd() bool { return *f.db == engineEtcd }

// openEtcd opens the etcd store of the configuration.
func (f storeFlags) openEtcd(ctx context.Context, e cli.Env) (store.Store, error) {
	cfg, err := flagConfig(f.fs, *f.config, e)
	if err != nil {
		return nil, err
	}
	return openEtcd(ctx, cfg.Storage.etcd())
}

// openRead opens the store to read from: etcd, or the database file (a hot
// copy when the bot holding it serves one). done closes it.
func (f storeFlags) openRead(ctx context.Context, e cli.Env) (st store.Store, done func(), err error) {
	if f.etcd() {
		db, err := f.openEtcd(ctx, e)
		if err != nil {
			return nil, nil, err
		}
		return db, func() { db.Close() }, nil
	}
	db, done, err := openForReading(ctx, *f.db)
	if err != nil {
		return nil, nil, err
	}
	return db, done, nil
}

// openWrite opens the store to write into: etcd (where the bot may run:
// its transactions keep writers apart), or the database file, which the
// bot must not be holding.
func (f storeFlags) openWrite(ctx context.Context, e cli.Env, command string) (store.Store, error) {
	if f.etcd() {
		return f.openEtcd(ctx, e)
	}
	db, err := store.Open(*f.db, store.Options{Timeout: lockWait})
	if errors.Is(err, store.ErrLocked) {
		return nil, fmt.Errorf("%w: stop the bot before %s into its database", err, command)
	}
	return db, err
}

// fileOnly refuses --db etcd for a command on database files, saying what
// to do instead.
func fileOnly(dbPath, command, instead string) error {
	if dbPath != engineEtcd {
		return nil
	}
	return cli.Usagef("tablebot %s works on database files; with etcd, %s", command, instead)
}

// flagConfig loads the configuration file fs's --config names (path),
// telling loadConfig whether it was given or is the default.
func flagConfig(fs *flag.FlagSet, path string, e cli.Env) (Config, error) {
	explicit := false
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "config" })
	return loadConfig(path, explicit, e.Getenv)
}
