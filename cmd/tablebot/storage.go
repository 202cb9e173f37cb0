package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/etcd"
)

// The engines [storage] engine names.
const (
	engineBolt = "bbolt" // one database file at [storage] path (the default)
	engineEtcd = "etcd"  // an etcd cluster at [storage] etcd_endpoints
)

// storageConfig is the [storage] section: where the games are kept.
type storageConfig struct {
	Path          string   `toml:"path"`
	Engine        string   `toml:"engine"`
	EtcdEndpoints []string `toml:"etcd_endpoints"`
	EtcdPrefix    string   `toml:"etcd_prefix"`
	EtcdUsername  string   `toml:"etcd_username"`
	EtcdPassword  string   `toml:"etcd_password"`
	EtcdCAFile    string   `toml:"etcd_ca_file"`
	EtcdCertFile  string   `toml:"etcd_cert_file"`
	EtcdKeyFile   string   `toml:"etcd_key_file"`
	EtcdLease     string   `toml:"etcd_lease"`
}

// check refuses a [storage] section that cannot work.
func (s storageConfig) check() error {
	switch s.Engine {
	case engineBolt:
		if s.Path == "" {
			return fmt.Errorf("[storage] path must name the database file")
		}
	case engineEtcd:
		if len(s.EtcdEndpoints) == 0 {
			return fmt.Errorf(`[storage] etcd_endpoints must list the cluster's client addresses, such as ["127.0.0.1:2379"]`)
		}
		if (s.EtcdCertFile == "") != (s.EtcdKeyFile == "") {
			return fmt.Errorf("[storage] etcd_cert_file and etcd_key_file go together (a client certificate and its key)")
		}
		if (s.EtcdUsername == "") != (s.EtcdPassword == "") {
			return fmt.Errorf("[storage] etcd_username and etcd_password go together")
		}
		if _, err := s.lease(); err != nil {
			return err
		}
	default:
		return fmt.Errorf("[storage] engine must be %q (one file, the default) or %q, not %q", engineBolt, engineEtcd, s.Engine)
	}
	return nil
}

// etcd returns the etcd engine's configuration.
func (s storageConfig) etcd() etcd.Config {
	return etcd.Config{
		Endpoints: s.EtcdEndpoints, Prefix: s.EtcdPrefix, Username: s.EtcdUsername, Password: s.EtcdPassword,
		CAFile: s.EtcdCAFile, CertFile: s.EtcdCertFile, KeyFile: s.EtcdKeyFile,
	}
}

// open opens the store the section names; file is the bbolt engine's
// database, nil for etcd (it has no file to serve copies of).
func (s storageConfig) open(ctx context.Context) (st store.Store, file *store.DB, err error) {
	if s.Engine != engineEtcd {
		db, err := store.Open(s.Path, store.Options{})
		if err != nil {
			return nil, nil, err
		}
		return db, db, nil
	}
	db, err := openEtcd(ctx, s.etcd())
	if err != nil {
		return nil, nil, err
	}
	return db, nil, nil
}

// openEtcd opens an etcd store, its errors naming the configuration's
// keys.
func openEtcd(ctx context.Context, c etcd.Config) (*etcd.DB, error) {
	db, err := etcd.Open(ctx, c)
	if err != nil {
		return nil, fmt.Errorf("[storage] etcd_endpoints = [%s] (etcd_prefix %q): %w", tomlList(c.Endpoints), c.Prefix, err)
	}
	return db, nil
}

// tomlList writes addresses as a TOML list's items.
func tomlList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// minLease is the shortest etcd_lease: etcd's own minimum lease.
const minLease = 2 * time.Second

// lease is how long a replica's channels stay its own after it stopped
// answering etcd (etcd_lease): how soon the others take them over.
func (s storageConfig) lease() (time.Duration, error) {
	if s.EtcdLease == "" {
		return etcd.DefaultLeaseTTL, nil
	}
	d, err := time.ParseDuration(s.EtcdLease)
	if err != nil || d < minLease {
		return 0, fmt.Errorf("[storage] etcd_lease must be a duration of at least %s, such as %q, not %q", minLease, etcd.DefaultLeaseTTL.String(), s.EtcdLease)
	}
	return d, nil
}

// owners returns this replica's share of the channels of an etcd store
// (see bot.Owners); nil for the bbolt engine, whose one process owns
// every channel.
func (s storageConfig) owners(ctx context.Context, st store.Store) (*etcd.Owners, error) {
	db, ok := st.(*etcd.DB)
	if !ok {
		return nil, nil
	}
	ttl, err := s.lease()
	if err != nil {
		return nil, err
	}
	o, err := db.Owners(ctx, ttl)
	if err != nil {
		return nil, fmt.Errorf("[storage] etcd_endpoints = [%s]: taking a lease: %w", tomlList(s.EtcdEndpoints), err)
	}
	return o, nil
}
