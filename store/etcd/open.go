package etcd

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"strings"
	"time"

	"go.etcd.io/etcd/client/pkg/v3/transport"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"

	"github.com/tablebot/tablebot/store"
)

// Config says where the etcd cluster is and how to reach it.
type Config struct {
	// Endpoints are the cluster's client addresses ("127.0.0.1:2379").
	Endpoints []string
	// Prefix is put before every key; DefaultPrefix when empty. Two bots
	// may share a cluster with two prefixes.
	Prefix string
	// Username and Password authenticate to a cluster with auth enabled.
	Username, Password string
	// CAFile, CertFile and KeyFile are the TLS files: the cluster's CA,
	// and this client's certificate and key (for client certificate
	// authentication). With none of them the connection is plain.
	CAFile, CertFile, KeyFile string
	// Timeout bounds how long Open waits for the cluster to answer;
	// DefaultTimeout when 0.
	Timeout time.Duration
	// Now is the clock that stamps games and moves; nil means time.Now.
	Now func() time.Time
}

// DefaultPrefix is Config.Prefix when it is empty.
const DefaultPrefix = "tablebot/"

// DefaultTimeout is Config.Timeout when it is 0: an unreachable cluster
// is an error within seconds, not a hang.
const DefaultTimeout = 5 * time.Second

// ErrUnreachable means no endpoint of the cluster answered in time.
var ErrUnreachable = errors.New("no etcd endpoint answers")

// DB is a tablebot store in an etcd cluster. Its methods are safe for
// concurrent use, also by several processes.
type DB struct {
	cli   *clientv3.Client
	k     keys
	now   func() time.Time
	codec store.Codec
}

var _ store.Store = (*DB)(nil)

// Open connects to the cluster, checks that it answers within the
// timeout (ErrUnreachable otherwise) and that the prefix holds a tablebot
// store of this layout, or nothing (then it becomes one).
func Open(ctx context.Context, c Config) (*DB, error) {
	if len(c.Endpoints) == 0 {
		return nil, errors.New("etcd: no endpoints")
	}
	if c.Prefix == "" {
		c.Prefix = DefaultPrefix
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	tlsConfig, err := c.tls()
	if err != nil {
		return nil, err
	}
	cli, err := clientv3.New(clientv3.Config{
		Endpoints: c.Endpoints, DialTimeout: c.Timeout, TLS: tlsConfig,
		Username: c.Username, Password: c.Password, Logger: zap.NewNop(),
	})
	if err != nil {
		return nil, fmt.Errorf("etcd %s: %w", strings.Join(c.Endpoints, ","), err)
	}
	db := &DB{cli: cli, k: keys{c.Prefix}, now: c.Now}
	if err := db.prepare(ctx, c); err != nil {
		cli.Close()
		return nil, err
	}
	return db, nil
}

// tls returns the TLS configuration of c's files, nil for none.
func (c Config) tls() (*tls.Config, error) {
	if c.CAFile == "" && c.CertFile == "" && c.KeyFile == "" {
		return nil, nil
	}
	info := transport.TLSInfo{CertFile: c.CertFile, KeyFile: c.KeyFile, TrustedCAFile: c.CAFile}
	cfg, err := info.ClientConfig()
	if err != nil {
		return nil, fmt.Errorf("etcd: TLS files: %w", err)
	}
	return cfg, nil
}

// prepare checks the meta key within the timeout, and writes it in a
// prefix that holds nothing yet.
func (db *DB) prepare(ctx context.Context, c Config) error {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	r, err := db.cli.Txn(ctx).
		If(clientv3.Compare(clientv3.Version(db.k.meta()), "=", 0)).
		Then(clientv3.OpPut(db.k.meta(), layout)).
		Else(clientv3.OpGet(db.k.meta())).
		Commit()
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("etcd %s: %w within %s (%v)", strings.Join(c.Endpoints, ","), ErrUnreachable, c.Timeout, err)
	}
	if err != nil {
		return fmt.Errorf("etcd %s: %w", strings.Join(c.Endpoints, ","), err)
	}
	if r.Succeeded {
		return nil
	}
	kvs := r.Responses[0].GetResponseRange().Kvs
	if len(kvs) == 1 && string(kvs[0].Value) != layout {
		return fmt.Errorf("etcd prefix %q: %w: its layout is %q, this tablebot knows %q", db.k.prefix, store.ErrSchemaTooNew, kvs[0].Value, layout)
	}
	return nil
}

// Close closes the connection to the cluster.
func (db *DB) Close() error { return db.cli.Close() }
