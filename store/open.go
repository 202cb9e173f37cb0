package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Options tune Open. The zero value is right for the bot.
type Options struct {
	// Timeout is how long Open waits for another process to release the
	// file before it fails with ErrLocked; 0 means one second.
	Timeout time.Duration
	// Now is the clock that stamps games and moves; nil means time.Now.
	Now func() time.Time
	// ReadOnly opens an existing file for reading only. Other read-only
	// openers may share it; a writer may not.
	ReadOnly bool
	// BatchDelay is how long a write waits for others to share its commit
	// when writes overlap; 0 means DefaultBatchDelay. A write that finds
	// no other in progress commits at once.
	BatchDelay time.Duration
	// NoSync commits without waiting for the disk: a crash of the
	// machine may lose or damage the last commits. For tests whose
	// subject is not durability (a soak of thousands of channels spends
	// most of its time in fdatasync) and for bulk loads that can start
	// again; never for the bot.
	NoSync bool

	// migrations replaces schemaMigrations in tests.
	migrations func() []migration
}

// DefaultTimeout is Options.Timeout when it is 0.
const DefaultTimeout = time.Second

// DefaultBatchDelay is Options.BatchDelay when it is 0: about the time of
// one durable commit on an SSD, so that a waiting write costs little
// latency and overlapping writes mostly share one fsync.
const DefaultBatchDelay = 2 * time.Millisecond

// DB is an open tablebot database. Its methods are safe for concurrent
// use; only one process may have the file open for writing.
type DB struct {
	bolt     *bolt.DB
	path     string
	now      func() time.Time
	readOnly bool
	// writers counts writes in progress: a write that finds none commits
	// alone instead of waiting for a batch to fill.
	writers atomic.Int32
	// packer packs the games that end, for the archive, and unpacker
	// reads them.
	packer   packer
	unpacker unpacker
	// metas keeps the live games' metadata decoded.
	metas *metaCache
}

// Open opens the database at path, creating its directory and the file
// when they do not exist (unless opts.ReadOnly). It checks the file's
// header, schema version and buckets, and brings an older file up to date
// in one transaction. It does not read the whole file (a bot's start must
// not grow with every game ever played): Check does, and `tablebot check`
// runs it.
//
// Errors wrap ErrLocked when another process holds the file for longer
// than opts.Timeout, ErrNotTablebot for a file that is not a tablebot
// database, ErrCorrupt for a damaged one (an empty file too: it is not
// made a new database) and ErrSchemaTooNew for a file of a newer tablebot.
func Open(path string, opts Options) (*DB, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.BatchDelay <= 0 {
		opts.BatchDelay = DefaultBatchDelay
	}
	migs := schemaMigrations
	if opts.migrations != nil {
		migs = opts.migrations
	}
	fail := func(err error) (*DB, error) { return nil, fmt.Errorf("%s: %w", path, err) }

	dir := filepath.Dir(path)
	if !opts.ReadOnly {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, err
		}
	}
	if err := inspectFile(path); err != nil {
		return fail(err)
	}
	_, err := os.Stat(path)
	created := errors.Is(err, fs.ErrNotExist)

	bdb, err := openBolt(path, &bolt.Options{
		Timeout:  opts.Timeout,
		ReadOnly: opts.ReadOnly,
	})
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return fail(ErrLocked)
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum):
		return fail(fmt.Errorf("%w: %v", ErrCorrupt, err))
	case errors.Is(err, berrors.ErrVersionMismatch):
		return fail(fmt.Errorf("%w: %v", ErrNotTablebot, err))
	case err != nil:
		return fail(err)
	}
	bdb.MaxBatchDelay = opts.BatchDelay
	bdb.NoSync = opts.NoSync
	db := &DB{bolt: bdb, path: path, now: opts.Now, readOnly: opts.ReadOnly, metas: newMetaCache(maxMetas)}
	if err := db.prepare(migs()); err != nil {
		bdb.Close()
		return fail(err)
	}
	if err := db.checkMeta(); err != nil {
		bdb.Close()
		return fail(err)
	}
	if created {
		// The new file's directory entry must reach the disk too, or a
		// crash could lose the file with its first games.
		if err := syncDir(dir); err != nil {
			bdb.Close()
			return nil, err
		}
	}
	return db, nil
}

// openBolt opens the bbolt file, turning a fault or panic on a damaged
// file into ErrCorrupt.
func openBolt(path string, o *bolt.Options) (db *bolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			db, err = nil, fmt.Errorf("%w: %v", ErrCorrupt, r)
		}
	}()
	return bolt.Open(path, 0o600, o)
}

// prepare checks the schema version and, for writing, creates or migrates
// the file; only a file that needs a change is written to.
func (db *DB) prepare(migs []migration) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrCorrupt, r)
		}
	}()
	if db.readOnly {
		return db.bolt.View(func(tx *bolt.Tx) error { return checkSchema(tx, migs) })
	}
	var v uint32
	if err := db.bolt.View(func(tx *bolt.Tx) error {
		v, err = readSchema(tx)
		return err
	}); err != nil {
		return err
	}
	if v == schemaVersion(migs) {
		return nil
	}
	return db.bolt.Update(func(tx *bolt.Tx) error { return prepare(db, tx, migs, db.now) })
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Close closes the database. It waits for transactions in progress.
func (db *DB) Close() error { return db.bolt.Close() }

// Path returns the database's file name.
func (db *DB) Path() string { return db.path }

// errRollback makes a lone write roll back after its function found a
// domain error; it never leaves write.
var errRollback = errors.New("store: roll back")

// write runs fn in a write transaction and returns after the transaction
// is durable. fn returns a domain error (for the caller: a conflict, a
// refused move) as verdict, having written nothing, and an internal
// failure as err, which rolls back.
//
// When other writes are in progress the transaction is shared with them
// (bbolt's Batch). A batch runs every function in one transaction and, if
// one returns an error, rolls the whole transaction back and reruns the
// others, then the failed one alone. So fn must be safe to run more than
// once, each time from the state it finds; and a verdict is not an error
// to bbolt: fn's work is committed with the batch (it wrote nothing) and
// its verdict reaches only its own caller.
func (db *DB) write(ctx context.Context, fn func(tx *bolt.Tx) (verdict, err error)) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var verdict error
	run := func(tx *bolt.Tx) error {
		verdict = nil // a rerun starts afresh
		v, err := fn(tx)
		if err != nil {
			return err
		}
		verdict = v
		return nil
	}
	defer db.writers.Add(-1)
	if db.writers.Add(1) == 1 {
		err := db.bolt.Update(func(tx *bolt.Tx) error {
			if err := run(tx); err != nil {
				return err
			}
			if verdict != nil {
				return errRollback
			}
			return nil
		})
		if err != nil && err != errRollback {
			return err
		}
		return verdict
	}
	if err := db.bolt.Batch(run); err != nil {
		return err
	}
	return verdict
}

// view runs fn in a read transaction, turning a fault or panic on a
// damaged file into ErrCorrupt.
func (db *DB) view(ctx context.Context, fn func(tx *bolt.Tx) error) (err error) {
	if err := ctx.Err(); err != nil {
		return err
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrCorrupt, r)
		}
	}()
	return db.bolt.View(fn)
}
