package etcd

import (
	"context"

	clientv3 "go.etcd.io/etcd/client/v3"
)

// kv is one key read by a scan.
type kv struct {
	key   string
	value []byte
}

// scanPage is how many keys a scan reads at a time: a listing of a
// million archived games must not be one response.
const scanPage = 500

// scan calls f with every key under prefix, in key order, at revision
// rev (0: now), a page at a time.
func (db *DB) scan(ctx context.Context, prefix string, rev int64, f func(kv) error) error {
	_, err := db.scanRev(ctx, prefix, rev, f)
	return err
}

// scanRev is scan, returning the revision it read at.
func (db *DB) scanRev(ctx context.Context, prefix string, rev int64, f func(kv) error) (int64, error) {
	from, end := prefix, prefixEnd(prefix)
	for {
		r, err := db.cli.Get(ctx, from, clientv3.WithRange(end), clientv3.WithLimit(scanPage), clientv3.WithRev(rev))
		if err != nil {
			return 0, err
		}
		if rev == 0 {
			rev = r.Header.Revision
		}
		for _, e := range r.Kvs {
			if err := f(kv{string(e.Key), e.Value}); err != nil {
				return 0, err
			}
		}
		if !r.More || len(r.Kvs) == 0 {
			return rev, nil
		}
		from = string(r.Kvs[len(r.Kvs)-1].Key) + "\x00"
	}
}
