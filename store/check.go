package store

import (
	"context"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// check reads every key of every bucket and decodes every game, in one
// read transaction in this goroutine, where a panic or fault on a damaged
// page becomes ErrCorrupt. (bbolt's own Tx.Check runs in a goroutine of
// its own, where a damaged page crashes the process.)
func (db *DB) check() error {
	err := db.view(context.Background(), func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			return walk(b, 1)
		})
	})
	if err != nil {
		return err
	}
	_, err = db.List(context.Background())
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
