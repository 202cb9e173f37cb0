package etcd_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/tablebot/tablebot/store/etcd"
	"github.com/tablebot/tablebot/store/etcd/etcdtest"
)

// replica is one replica's store and share of the channels, and the
// channels its watch handed it.
type replica struct {
	db     *etcd.DB
	owners *etcd.Owners
	work   chan string
	prefix string
}

// replicas starts n replicas sharing one prefix, with a lease of ttl.
func replicas(t *testing.T, n int, ttl time.Duration) []*replica {
	t.Helper()
	if !etcdtest.Available {
		t.Skip("no etcd server in the race detector's build (see etcdtest.Available)")
	}
	prefix := fmt.Sprintf("owners-%d/", prefixes.Add(1))
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	out := make([]*replica, n)
	for i := range out {
		db, err := etcd.Open(ctx, etcd.Config{Endpoints: []string{endpoint}, Prefix: prefix})
		if err != nil {
			t.Fatal(err)
		}
		o, err := db.Owners(ctx, ttl)
		if err != nil {
			t.Fatal(err)
		}
		r := &replica{db: db, owners: o, work: make(chan string, 16), prefix: prefix}
		o.Watch(ctx, func(ch string) { r.work <- ch })
		t.Cleanup(func() { o.Close(); db.Close() })
		out[i] = r
	}
	return out
}

// handed waits for the channel a replica's watch hands it.
func handed(t *testing.T, r *replica, want string) {
	t.Helper()
	select {
	case got := <-r.work:
		if got != want {
			t.Fatalf("handed %q, want %q", got, want)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("%q was never handed over", want)
	}
}

func TestOwnersClaim(t *testing.T) {
	rs := replicas(t, 2, 0)
	ctx := context.Background()
	for _, c := range []struct {
		name    string
		replica int
		channel string
		want    bool
	}{
		{"a free channel is claimed", 0, "c1", true},
		{"claimed again by its owner", 0, "c1", true},
		{"another's channel is refused", 1, "c1", false},
		{"another free channel", 1, "c2", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := rs[c.replica].owners.Claim(ctx, c.channel); got != c.want {
				t.Errorf("Claim(%q) = %v, want %v", c.channel, got, c.want)
			}
		})
	}
	t.Run("the owner is told of work found by another", func(t *testing.T) {
		handed(t, rs[0], "c1")
	})
}

func TestOwnersTakeOver(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name string
		end  func(*replica)
	}{
		{"a replica that stops hands its channels over at once", func(r *replica) { r.owners.Close() }},
		// Its client gone, its lease is no longer kept alive: as if killed.
		{"a replica that dies is taken over when its lease expires", func(r *replica) { r.db.Close() }},
	} {
		t.Run(c.name, func(t *testing.T) {
			rs := replicas(t, 2, 2*time.Second)
			if !rs[0].owners.Claim(ctx, "c1") {
				t.Fatal("a free channel was not claimed")
			}
			start := time.Now()
			c.end(rs[0])
			handed(t, rs[1], "c1")
			t.Logf("taken over after %s (lease TTL 2 s)", time.Since(start).Round(10*time.Millisecond))
			if !rs[1].owners.Claim(ctx, "c1") {
				t.Error("the channel taken over is not its new owner's")
			}
		})
	}
}

// TestOwnersLeaseLapsed: when every replica's lease lapses at once (etcd
// out of reach for longer than the lease), the channels they worked are
// taken up again, by one replica, once the leases are renewed.
func TestOwnersLeaseLapsed(t *testing.T) {
	rs := replicas(t, 2, 2*time.Second)
	ctx := context.Background()
	if !rs[0].owners.Claim(ctx, "c1") {
		t.Fatal("a free channel was not claimed")
	}
	cli, err := clientv3.New(clientv3.Config{Endpoints: []string{endpoint}, DialTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	ls, err := cli.Leases(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls.Leases {
		cli.Revoke(ctx, l.ID) // as if each had lapsed
	}
	// Without anything else asking for it, the channel is owned again
	// once the leases are renewed: its owner key is back, with a live
	// lease.
	deadline := time.Now().Add(30 * time.Second)
	for {
		r, err := cli.Get(ctx, rs[0].prefix+"own/c/c1")
		if err == nil && len(r.Kvs) == 1 && r.Kvs[0].Lease != 0 {
			if ttl, err := cli.TimeToLive(ctx, clientv3.LeaseID(r.Kvs[0].Lease)); err == nil && ttl.TTL > 0 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the channel was never owned again")
		}
		<-time.After(10 * time.Millisecond)
	}
	owners := 0
	for _, r := range rs {
		if r.owners.Claim(ctx, "c1") {
			owners++
		}
	}
	if owners != 1 {
		t.Errorf("%d replicas own the channel, want 1", owners)
	}
}
