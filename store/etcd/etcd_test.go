package etcd_test

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
	"github.com/tablebot/tablebot/store/etcd"
	"github.com/tablebot/tablebot/store/etcd/etcdtest"
	"github.com/tablebot/tablebot/store/storetest"
)

// endpoint is the address of the package's embedded etcd, started once
// by TestMain; each test has a prefix of its own in it.
var endpoint string

// prefixes numbers the tests' prefixes.
var prefixes atomic.Int64

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	if !etcdtest.Available {
		return m.Run() // every test skips: see open
	}
	dir, err := os.MkdirTemp("", "tablebot-etcd-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	srv, err := etcdtest.Start(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer srv.Close()
	endpoint = srv.Endpoint
	return m.Run()
}

// open opens a store of its own for t in the package's etcd.
func open(t *testing.T, now func() time.Time) *etcd.DB {
	t.Helper()
	if !etcdtest.Available {
		t.Skip("no etcd server in the race detector's build (see etcdtest.Available); the run without -race has it")
	}
	db, err := etcd.Open(context.Background(), etcd.Config{
		Endpoints: []string{endpoint},
		Prefix:    fmt.Sprintf("test-%d/", prefixes.Add(1)),
		Now:       now,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestConformance(t *testing.T) {
	storetest.RunShort(t, func(t *testing.T, now func() time.Time) store.Store { return open(t, now) })
}

// BenchmarkAppendMove measures durable appends on the embedded etcd, one
// member on loopback (see storetest.BenchAppendMove), beside the bbolt
// engine's benchmark of the same name.
func BenchmarkAppendMove(b *testing.B) {
	if !etcdtest.Available {
		b.Skip("no etcd server in the race detector's build")
	}
	storetest.BenchAppendMove(b, func(b *testing.B) store.Store {
		db, err := etcd.Open(context.Background(), etcd.Config{
			Endpoints: []string{endpoint},
			Prefix:    fmt.Sprintf("bench-%d/", prefixes.Add(1)),
		})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { db.Close() })
		return db
	})
}
