package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/stats"
	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/etcd/etcdtest"
)

// etcdConfig writes a configuration file of the etcd engine at endpoint.
func etcdConfig(t *testing.T, endpoint, prefix string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	conf := fmt.Sprintf("[storage]\nengine = \"etcd\"\netcd_endpoints = [%q]\netcd_prefix = %q\n", endpoint, prefix)
	if err := os.WriteFile(path, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// listing is every game of a store as "id status moves record", and every
// setting.
func listing(t *testing.T, db store.Store) string {
	t.Helper()
	ctx := context.Background()
	games, err := db.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, g := range games {
		fmt.Fprintf(&b, "%s %s %d %s board=%s\n", g.ID, g.Status, len(g.Moves), g.Guild, g.BoardMessage)
		_ = g.WriteRecord(&b, true)
	}
	err = db.EachChannelSetting(ctx, func(ch, k, v string) error {
		fmt.Fprintf(&b, "setting %s %s=%s\n", ch, k, v)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.EachUserSetting(ctx, func(user, k, v string) error {
		fmt.Fprintf(&b, "user setting %s %s=%s\n", user, k, v)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestMigrate moves a database file's games and settings into a real etcd
// (embedded, on loopback) and back: the same games with the same ids,
// records, statuses and settings; a store that holds games is not written
// into.
func TestMigrate(t *testing.T) {
	if !etcdtest.Available {
		t.Skip("no etcd server in the race detector's build (see etcdtest.Available); the run without -race has it")
	}
	srv, err := etcdtest.Start(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	src, _ := testDB(t)
	ctx := context.Background()
	db, err := store.Open(src, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.SetChannelSetting(ctx, "100", "language", "es"); err != nil {
		t.Fatal(err)
	}
	if err := db.SetUserSetting(ctx, "7", "notify", "dm"); err != nil {
		t.Fatal(err)
	}
	want := listing(t, db)
	db.Close()
	conf := etcdConfig(t, srv.Endpoint, "migrated/")

	code, stdout, stderr := run(t, "", "migrate", "--config", conf, "--from", src, "--to", "etcd")
	if code != 0 || !strings.Contains(stdout, "1 channel settings and 1 user settings") || stderr != "" {
		t.Fatalf("migrate to etcd: exit %d, %q, %q", code, stdout, stderr)
	}
	t.Log(strings.TrimSpace(stdout))
	cfg, err := loadConfig(conf, true, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	st, _, err := cfg.Storage.open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := listing(t, st); got != want {
		t.Errorf("in etcd:\n%s\nwant\n%s", got, want)
	}
	if tl, err := st.Tally(ctx, stats.Key{Scope: "g", Period: stats.AllTime, Subject: "u1"}); err != nil || tl.Played != 2 {
		t.Errorf("u1's statistics in etcd: %+v, %v; want 2 games played (the statistics rebuilt)", tl, err)
	}
	st.Close()

	back := filepath.Join(t.TempDir(), "back.db")
	if code, _, stderr := run(t, "", "migrate", "--config", conf, "--from", "etcd", "--to", back); code != 0 {
		t.Fatalf("migrate back: exit %d, %s", code, stderr)
	}
	db, err = store.Open(back, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := listing(t, db); got != want {
		t.Errorf("back in a file:\n%s\nwant\n%s", got, want)
	}
	db.Close()

	code, _, stderr = run(t, "", "migrate", "--config", conf, "--from", src, "--to", "etcd")
	if code != 1 || !strings.Contains(stderr, "already holds") {
		t.Errorf("migrate into a store with games: exit %d, %q", code, stderr)
	}
}

// TestEtcdUnreachable: an etcd that does not answer (a closed loopback
// port) is a clear error naming etcd_endpoints within seconds, not a hang.
func TestEtcdUnreachable(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cfg, err := loadConfig(etcdConfig(t, addr, "x/"), true, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _, err = cfg.Storage.open(ctx)
	if err == nil || !strings.Contains(err.Error(), "etcd_endpoints") || !strings.Contains(err.Error(), addr) || ctx.Err() != nil {
		t.Fatalf("open: %v (context: %v)", err, ctx.Err())
	}
	t.Log(err)
}
