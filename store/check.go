package store

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// checkMeta checks, at open, what every use of the file needs: the
// indexes' and the archive's buckets.
func (db *DB) checkMeta() error {
	return db.view(context.Background(), func(tx *bolt.Tx) error {
		if tx.Bucket(bucketArchive) == nil {
			return fmt.Errorf("%w: no archive", ErrCorrupt)
		}
		return checkIndexes(tx)
	})
}

// Check reads every key of every bucket and decodes every game, in one
// read transaction in this goroutine, where a panic or fault on a damaged
// page becomes ErrCorrupt. (bbolt's own Tx.Check runs in a goroutine of
// its own, where a damaged page crashes the process.) It reads the games
// one at a time, so its memory does not grow with the file; progress,
// when not nil, is told the games read so far now and then.
func (db *DB) Check(ctx context.Context, progress func(games int)) error {
	return db.view(ctx, func(tx *bolt.Tx) error {
		if err := tx.ForEach(func(name []byte, b *bolt.Bucket) error { return walk(b, 1) }); err != nil {
			return err
		}
		n := 0
		count := func(*Game) error {
			if n++; progress != nil && n%1000 == 0 {
				progress(n)
			}
			return ctx.Err()
		}
		if err := eachLive(tx, count); err != nil {
			return err
		}
		if err := db.checkArchived(tx, func() error { return count(nil) }); err != nil {
			return err
		}
		if progress != nil {
			progress(n)
		}
		return nil
	})
}

// checkArchived decodes every archived game of tx, on every core (the
// cursor walks the pages in this goroutine; the games' values, checked
// pages of the file, are decoded by the others), calling count for each.
func (db *DB) checkArchived(tx *bolt.Tx, count func() error) error {
	type item struct{ k, v []byte }
	items := make(chan item, 256)
	workers := runtime.GOMAXPROCS(0)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for it := range items {
				if errs[w] == nil {
					errs[w] = db.checkArchivedGame(it.k, it.v)
				}
			}
		})
	}
	err := forArchived(tx, "", func(k, v []byte) error {
		items <- item{k, v}
		return count()
	})
	close(items)
	wg.Wait()
	return errors.Join(append([]error{err}, errs...)...)
}

// checkArchivedGame decodes one archived game, a fault or panic on a
// damaged value becoming ErrCorrupt.
func (db *DB) checkArchivedGame(k, v []byte) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrCorrupt, r)
		}
	}()
	ch, seq, ok := splitArchiveKey(k)
	if !ok {
		return fmt.Errorf("%w: archive key %q", ErrCorrupt, k)
	}
	_, err = db.unpacker.unpackGame(ch, seq, v)
	return err
}

// maxDepth bounds bucket nesting: the layout nests four deep, and a
// damaged file could nest without end.
const maxDepth = 8

// walk visits every key and value below b.
func walk(b *bolt.Bucket, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("%w: buckets nested deeper than %d", ErrCorrupt, maxDepth)
	}
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if v != nil {
			continue
		}
		if child := b.Bucket(k); child != nil {
			if err := walk(child, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}
