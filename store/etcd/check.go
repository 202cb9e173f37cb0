package etcd

import (
	"context"

	"github.com/tablebot/tablebot/store"
)

// Check reads and decodes every game stored, live and archived, and the
// channels' keys they are read from; progress, when not nil, is told the
// games read so far now and then.
func (db *DB) Check(ctx context.Context, progress func(games int)) error {
	n := 0
	err := db.Each(ctx, func(*store.Game) error {
		if n++; progress != nil && n%1000 == 0 {
			progress(n)
		}
		return ctx.Err()
	})
	if err != nil {
		return err
	}
	if progress != nil {
		progress(n)
	}
	return nil
}
