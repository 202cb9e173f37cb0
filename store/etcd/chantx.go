package etcd

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/tablebot/tablebot/store"
)

// head is a channel's head key: its counters and its current game. Every
// change of the channel rewrites it, so that its mod revision tells a
// transaction whether the channel changed since it read it.
type head struct {
	Games   uint64 `json:"games,omitempty"`   // the last number given to a game of the channel
	Posts   uint64 `json:"posts,omitempty"`   // the last number given to a post of its outbox
	Current uint64 `json:"current,omitempty"` // the number of its live game; 0 when none
}

// chanTx is one channel as a transaction read it, and what it makes of
// it. A function given to update changes game, outbox and settings (and
// says so with dirty); commit writes the difference.
type chanTx struct {
	db      *DB
	channel string
	rev     int64             // the head's mod revision as read, 0 when absent
	read    map[string][]byte // the channel's keys as read
	head    head
	game    *store.Game // the live game, nil when none
	// readGame is the live game as read, for its index entries.
	readGame *store.Game
	dirty    bool // game changed
	outbox   []store.Announcement
	settings map[string]string
	// ops and cmps are writes and conditions beyond the channel's keys
	// (the archive, imports).
	ops  []clientv3.Op
	cmps []clientv3.Cmp
}

// load reads a channel: all its keys in one range read.
func (db *DB) load(ctx context.Context, channel string) (*chanTx, error) {
	r, err := db.cli.Get(ctx, db.k.channel(channel), clientv3.WithPrefix())
	if err != nil {
		return nil, err
	}
	t := &chanTx{db: db, channel: channel, read: map[string][]byte{}, settings: map[string]string{}}
	for _, kv := range r.Kvs {
		t.read[string(kv.Key)] = kv.Value
		if string(kv.Key) == db.k.head(channel) {
			t.rev = kv.ModRevision
		}
	}
	if err := t.decode(); err != nil {
		return nil, err
	}
	return t, nil
}

// decode reads the channel's keys into its head, game, outbox and
// settings.
func (t *chanTx) decode() error {
	k := t.db.k
	if raw, ok := t.read[k.head(t.channel)]; ok {
		if err := json.Unmarshal(raw, &t.head); err != nil {
			return fmt.Errorf("%w: head of channel %s: %v", store.ErrCorrupt, t.channel, err)
		}
	}
	for key, v := range t.read {
		_, name, _ := k.parseChannelKey(key)
		switch {
		case strings.HasPrefix(name, "s/"):
			t.settings[name[2:]] = string(v)
		case strings.HasPrefix(name, "o/"):
			var seq uint64
			if _, err := fmt.Sscanf(name[2:], "%x", &seq); err != nil {
				return fmt.Errorf("%w: post key %q", store.ErrCorrupt, key)
			}
			a, err := store.UnmarshalAnnouncement(t.channel, seq, v)
			if err != nil {
				return err
			}
			t.outbox = append(t.outbox, a)
		}
	}
	slices.SortFunc(t.outbox, func(a, b store.Announcement) int { return cmp.Compare(a.Seq, b.Seq) })
	if t.head.Current == 0 {
		return nil
	}
	raw, ok := t.read[k.game(t.channel)]
	if !ok {
		return fmt.Errorf("%w: channel %s names missing game %d as current", store.ErrCorrupt, t.channel, t.head.Current)
	}
	g, err := t.db.codec.Unpack(t.channel, t.head.Current, raw)
	if err != nil {
		return err
	}
	g.Snapshot = store.DecodeSnapshot(len(g.Moves), t.read[k.snap(t.channel)])
	t.game, t.readGame = g, g.Clone()
	return nil
}

// errUnchanged is the verdict of a function given to update that finds
// nothing to change: update writes nothing and returns nil.
var errUnchanged = errors.New("etcd: unchanged")

// update runs fn on the channel as it is, and commits what fn changed
// when the channel did not change meanwhile; otherwise it reads the
// channel again and reruns fn. So fn may run more than once, each time
// from the state it finds. fn returns a domain error as verdict (nothing
// is written) and an internal failure as err.
func (db *DB) update(ctx context.Context, channel string, fn func(t *chanTx) (verdict, err error)) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		t, err := db.load(ctx, channel)
		if err != nil {
			return err
		}
		verdict, err := fn(t)
		switch {
		case err != nil:
			return err
		case verdict == errUnchanged:
			return nil
		case verdict != nil:
			return verdict
		}
		ok, err := t.commit(ctx)
		if err != nil || ok {
			return err
		}
	}
}

// commit writes what changed, provided the channel's head is still as
// read; it reports whether it was.
func (t *chanTx) commit(ctx context.Context) (bool, error) {
	ops, err := t.writes()
	if err != nil {
		return false, err
	}
	cmps := append([]clientv3.Cmp{clientv3.Compare(clientv3.ModRevision(t.db.k.head(t.channel)), "=", t.rev)}, t.cmps...)
	r, err := t.db.cli.Txn(ctx).If(cmps...).Then(ops...).Commit()
	if err != nil {
		return false, err
	}
	return r.Succeeded, nil
}

// writes returns the operations that bring the stored channel, its
// indexes and its archive from what was read to what t holds now.
func (t *chanTx) writes() ([]clientv3.Op, error) {
	k := t.db.k
	want, err := t.encode()
	if err != nil {
		return nil, err
	}
	var ops []clientv3.Op
	for _, key := range slices.Sorted(maps.Keys(want)) {
		if old, ok := t.read[key]; !ok || !bytes.Equal(old, want[key]) || key == k.head(t.channel) {
			ops = append(ops, clientv3.OpPut(key, string(want[key])))
		}
	}
	for _, key := range slices.Sorted(maps.Keys(t.read)) {
		if _, ok := want[key]; !ok {
			ops = append(ops, clientv3.OpDelete(key))
		}
	}
	ops = append(ops, t.indexWrites()...)
	return append(ops, t.ops...), nil
}

// encode returns the channel's keys as t holds them.
func (t *chanTx) encode() (map[string][]byte, error) {
	k := t.db.k
	h, err := json.Marshal(t.head)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{k.head(t.channel): h}
	for name, v := range t.settings {
		out[k.setting(t.channel, name)] = []byte(v)
	}
	for _, a := range t.outbox {
		data, err := store.MarshalAnnouncement(a)
		if err != nil {
			return nil, err
		}
		out[k.post(t.channel, a.Seq)] = data
	}
	if t.game == nil {
		return out, nil
	}
	if !t.dirty {
		for _, key := range []string{k.game(t.channel), k.snap(t.channel)} {
			if v, ok := t.read[key]; ok {
				out[key] = v
			}
		}
		return out, nil
	}
	data, err := t.db.codec.Pack(t.game)
	if err != nil {
		return nil, err
	}
	out[k.game(t.channel)] = data
	if t.game.Snapshot != nil {
		out[k.snap(t.channel)] = store.EncodeSnapshot(len(t.game.Moves), t.game.Snapshot)
	}
	return out, nil
}

// indexWrites returns the changes of the indexes from the live game and
// outbox as read to those t holds now.
func (t *chanTx) indexWrites() []clientv3.Op {
	k := t.db.k
	var was, now []store.IndexEntry
	if t.readGame != nil {
		was = store.IndexEntries(t.readGame)
	}
	if t.game != nil {
		now = store.IndexEntries(t.game)
	}
	var ops []clientv3.Op
	for _, e := range was {
		if !slices.Contains(now, e) && !slices.ContainsFunc(now, sameKey(e)) {
			ops = append(ops, clientv3.OpDelete(k.index(e.Index)+e.Key))
		}
	}
	for _, e := range now {
		if !slices.Contains(was, e) {
			ops = append(ops, clientv3.OpPut(k.index(e.Index)+e.Key, e.Value))
		}
	}
	owed := k.index(store.IndexOwed) + t.channel
	hadPosts := slices.ContainsFunc(slices.Collect(maps.Keys(t.read)), func(key string) bool {
		_, name, _ := k.parseChannelKey(key)
		return strings.HasPrefix(name, "o/")
	})
	switch {
	case len(t.outbox) > 0 && !hadPosts:
		ops = append(ops, clientv3.OpPut(owed, ""))
	case len(t.outbox) == 0 && hadPosts:
		ops = append(ops, clientv3.OpDelete(owed))
	}
	return ops
}

// sameKey matches an index entry of the same key as e (whose value
// changed: it is put again, not deleted).
func sameKey(e store.IndexEntry) func(store.IndexEntry) bool {
	return func(o store.IndexEntry) bool { return o.Index == e.Index && o.Key == e.Key }
}

// announce adds the post a change of the channel's game g owes, if any,
// to the outbox with the channel's next number.
func (t *chanTx) announce(g *store.Game, a *store.Announcement) error {
	if a == nil {
		return nil
	}
	owed, err := store.NewAnnouncement(g, a, t.db.now())
	if err != nil {
		return err
	}
	t.head.Posts++
	owed.Seq = t.head.Posts
	t.outbox = append(t.outbox, owed)
	return nil
}

// put makes g the channel's game as t holds it: live, it stays the
// current game; ended, it goes to the archive and the channel has none.
func (t *chanTx) put(g *store.Game) error {
	t.dirty = true
	if g.Status.Live() {
		t.game = g
		return nil
	}
	_, seq, ok := store.ParseGameID(g.ID)
	if !ok {
		return fmt.Errorf("%w: game id %q", store.ErrCorrupt, g.ID)
	}
	g.Snapshot = nil
	data, err := t.db.codec.Pack(g)
	if err != nil {
		return err
	}
	t.ops = append(t.ops, clientv3.OpPut(t.db.k.archived(t.channel, seq), string(data)))
	if t.head.Current == seq { // it was the live game; an imported one was not
		t.game = nil
		t.head.Current = 0
	}
	return nil
}
