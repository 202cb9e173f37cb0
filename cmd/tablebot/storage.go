package main

import (
	"context"
	"fmt"
	"strings"

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
