package etcd

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

// Owners shares the channels' background work (posts, computers' turns,
// reminders) out among the replicas of a bot that use one store: it is
// the etcd side of bot.Owners. Each replica holds a lease that it keeps
// alive while it runs (a concurrency.Session); a channel is worked by the
// replica that first claims it, by creating the channel's owner key with
// its lease in a transaction that succeeds only when the key does not
// exist. When a replica dies its lease expires after the TTL and its
// owner keys go with it; the others watch for those deletions and the
// first to claim a freed channel takes it over. A replica that stops
// (Close) revokes its lease: the others take over at once.
//
// A replica that finds work in a channel another one owns (it answered a
// move there) tells the owner by putting the channel's nudge key, which
// every replica watches.
type Owners struct {
	cli    *clientv3.Client
	owner  string // the owner keys' prefix
	nudge  string // the nudge keys' prefix
	ttl    int
	ctx    context.Context // ends with Close
	cancel context.CancelFunc
	done   chan struct{}

	mu      sync.Mutex
	session *concurrency.Session // nil while a lost lease is renewed
	owned   map[string]bool      // the channels this replica works
	// orphans are the channels this replica held when its lease was
	// lost, to take up again once it is renewed.
	orphans map[string]bool
	work    func(string) // Watch's
}

// DefaultLeaseTTL is how long a replica's channels stay its own after it
// stopped answering etcd: how soon the others take them over.
const DefaultLeaseTTL = 5 * time.Second

// ownerTimeout bounds one claim's requests.
const ownerTimeout = 3 * time.Second

// Owners starts this replica's share of the channels, with a lease of
// ttl (DefaultLeaseTTL when 0; etcd rounds it up to whole seconds and its
// own minimum). Close gives the channels back.
func (db *DB) Owners(ctx context.Context, ttl time.Duration) (*Owners, error) {
	if ttl <= 0 {
		ttl = DefaultLeaseTTL
	}
	secs := int((ttl + time.Second - 1) / time.Second)
	octx, cancel := context.WithCancel(context.Background())
	o := &Owners{cli: db.cli, owner: db.k.prefix + "own/c/", nudge: db.k.prefix + "own/n/", ttl: secs,
		ctx: octx, cancel: cancel, done: make(chan struct{}), owned: map[string]bool{}}
	s, err := o.newSession(ctx)
	if err != nil {
		cancel()
		return nil, err
	}
	o.session = s
	go o.keep(octx, s)
	return o, nil
}

// newSession grants a lease and keeps it alive until Close.
func (o *Owners) newSession(ctx context.Context) (*concurrency.Session, error) {
	gctx, cancel := context.WithTimeout(ctx, ownerTimeout)
	defer cancel()
	lease, err := o.cli.Grant(gctx, int64(o.ttl))
	if err != nil {
		return nil, err
	}
	return concurrency.NewSession(o.cli, concurrency.WithLease(lease.ID))
}

// keep replaces a lost lease (etcd unreachable for longer than the TTL):
// the channels it held are no longer this replica's, others have taken
// them; it claims channels again with the new one.
func (o *Owners) keep(ctx context.Context, s *concurrency.Session) {
	defer close(o.done)
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.Done():
		}
		o.mu.Lock()
		o.session, o.orphans, o.owned = nil, o.owned, map[string]bool{}
		o.mu.Unlock()
		for wait := 100 * time.Millisecond; ; wait = min(2*wait, time.Duration(o.ttl)*time.Second) {
			n, err := o.newSession(ctx)
			if err == nil {
				s = n
				break
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
		}
		o.mu.Lock()
		o.session = s
		orphans, work := o.orphans, o.work
		o.orphans = nil
		o.mu.Unlock()
		o.adopt(ctx, orphans, work)
	}
}

// adopt claims the channels this replica held before its lease was lost
// and takes up those it gets: no channel is left without an owner because
// every replica's lease lapsed at once.
func (o *Owners) adopt(ctx context.Context, channels map[string]bool, work func(string)) {
	for ch := range channels {
		if work != nil {
			o.takeUp(ctx, ch, work)
		}
	}
}

// Claim reports whether this replica works the channel, claiming it when
// no replica does; when another one does, it is told of work.
func (o *Owners) Claim(ctx context.Context, channel string) bool {
	mine, _ := o.claim(ctx, channel)
	return mine
}

// errRenewing is a claim's error while a lost lease is renewed.
var errRenewing = errors.New("etcd: the replica's lease is being renewed")

// claim is Claim, with the error that left the question open: the
// channel may be free.
func (o *Owners) claim(ctx context.Context, channel string) (bool, error) {
	o.mu.Lock()
	s, owned := o.session, o.owned[channel]
	o.mu.Unlock()
	if s == nil {
		return false, errRenewing
	}
	if owned {
		return true, nil
	}
	ctx, cancel := context.WithTimeout(ctx, ownerTimeout)
	defer cancel()
	key, me := o.owner+channel, leaseName(s.Lease())
	r, err := o.cli.Txn(ctx).If(clientv3.Compare(clientv3.CreateRevision(key), "=", 0)).
		Then(clientv3.OpPut(key, me, clientv3.WithLease(s.Lease()))).
		Else(clientv3.OpGet(key)).Commit()
	if err != nil {
		return false, err
	}
	mine := r.Succeeded
	if !mine {
		kvs := r.Responses[0].GetResponseRange().Kvs
		mine = len(kvs) == 1 && string(kvs[0].Value) == me
	}
	if !mine {
		_, _ = o.cli.Put(ctx, o.nudge+channel, me, clientv3.WithLease(s.Lease()))
		return false, nil
	}
	o.mu.Lock()
	if o.session == s {
		o.owned[channel] = true
	}
	o.mu.Unlock()
	return true, nil
}

// leaseName is how an owner key names its replica: its lease.
func leaseName(id clientv3.LeaseID) string { return strconv.FormatInt(int64(id), 16) }

// Watch calls work with the channels this replica takes over (their owner
// died or stopped) and those it owns that another replica found work in.
// It watches until ctx ends or Close.
func (o *Owners) Watch(ctx context.Context, work func(channel string)) {
	ctx, stop := context.WithCancel(ctx)
	context.AfterFunc(o.ctx, stop)
	o.mu.Lock()
	o.work = work
	o.mu.Unlock()
	go func() {
		defer stop()
		var rev int64
		for ctx.Err() == nil {
			opts := []clientv3.OpOption{clientv3.WithPrefix()}
			if rev > 0 {
				opts = append(opts, clientv3.WithRev(rev+1))
			}
			for r := range o.cli.Watch(clientv3.WithRequireLeader(ctx), o.owner[:len(o.owner)-2], opts...) {
				if r.CompactRevision > 0 {
					rev = 0 // missed events: the wake index still has what is due
				}
				for _, e := range r.Events {
					rev = e.Kv.ModRevision
					o.event(ctx, e, work)
				}
			}
			select {
			case <-ctx.Done():
			case <-time.After(100 * time.Millisecond): // the cluster lost its leader; watch again
			}
		}
	}()
}

// event takes up a channel freed (its owner key deleted) or nudged.
func (o *Owners) event(ctx context.Context, e *clientv3.Event, work func(string)) {
	key := string(e.Kv.Key)
	switch {
	case e.Type == clientv3.EventTypeDelete && strings.HasPrefix(key, o.owner):
		ch := key[len(o.owner):]
		o.mu.Lock()
		delete(o.owned, ch) // even if it was this replica's: its lease is gone
		o.mu.Unlock()
		o.takeUp(ctx, ch, work)
	case e.Type == clientv3.EventTypePut && strings.HasPrefix(key, o.nudge):
		ch := key[len(o.nudge):]
		o.mu.Lock()
		mine := o.owned[ch]
		o.mu.Unlock()
		if mine {
			work(ch)
		}
	}
}

// retryClaim is how long a replica waits before claiming again a freed
// channel it could not claim (its lease lapsed, etcd did not answer).
const retryClaim = time.Second

// takeUp claims a freed channel and works it if it gets it; when the
// claim fails (this replica's lease lapsed too, or etcd did not answer)
// it tries again later, until some replica owns the channel.
func (o *Owners) takeUp(ctx context.Context, channel string, work func(string)) {
	mine, err := o.claim(ctx, channel)
	switch {
	case mine:
		work(channel)
	case err != nil && ctx.Err() == nil:
		time.AfterFunc(retryClaim, func() { o.takeUp(ctx, channel, work) })
	}
}

// Owned returns how many channels this replica works now.
func (o *Owners) Owned() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.owned)
}

// Close gives this replica's channels back (its lease is revoked: the
// other replicas take them over at once) and stops watching.
func (o *Owners) Close() error {
	o.mu.Lock()
	s := o.session
	o.session, o.owned = nil, map[string]bool{}
	o.mu.Unlock()
	o.cancel()
	<-o.done
	if s == nil {
		return nil
	}
	return s.Close()
}
