package bot

import (
	"container/list"
	"sync"
	"time"
)

// states keeps the replayed states of the live channels' games, so that a
// request does not replay its game's whole record again: an entry serves
// one game at one version with one number of moves, and any change of the
// game (a move, an undo, another writer's) makes a new version, so a stale
// entry is never used. It is bounded by size (the least recently used go
// first) and by age.
//
// Invariants (under mu): every element of lru is a *stateEntry and
// byChannel[e.channel] is its element; len(byChannel) <= size.
type states struct {
	mu        sync.Mutex
	size      int
	age       time.Duration
	lru       *list.List // front: the most recently used
	byChannel map[string]*list.Element
}

// stateEntry is one cached state.
type stateEntry struct {
	channel, game string
	version       uint64
	moves         int
	state         State
	used          time.Time
}

// Default bounds of the cache of states.
const (
	defaultStates   = 5000
	defaultStateAge = time.Hour
)

// newStates returns a cache of at most size states (0: defaultStates),
// each kept at most age after its last use.
func newStates(size int, age time.Duration) *states {
	if size <= 0 {
		size = defaultStates
	}
	if age <= 0 {
		age = defaultStateAge
	}
	return &states{size: size, age: age, lru: list.New(), byChannel: map[string]*list.Element{}}
}

// get returns a copy of the state of a channel's game at version with
// moves moves, if it is kept.
func (c *states) get(channel, game string, version uint64, moves int, now time.Time) (State, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byChannel[channel]
	if !ok {
		return nil, false
	}
	e := el.Value.(*stateEntry)
	if e.game != game || e.version != version || e.moves != moves || now.Sub(e.used) > c.age {
		return nil, false
	}
	e.used = now
	c.lru.MoveToFront(el)
	return e.state.Clone(), true
}

// put keeps a copy of the state of a channel's game at version, and lets
// go of what is too old or too many.
func (c *states) put(channel, game string, version uint64, st State, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := &stateEntry{channel: channel, game: game, version: version, moves: st.Moves(), state: st.Clone(), used: now}
	if el, ok := c.byChannel[channel]; ok {
		el.Value = e
		c.lru.MoveToFront(el)
	} else {
		c.byChannel[channel] = c.lru.PushFront(e)
	}
	for c.lru.Len() > c.size || c.lru.Len() > 0 && now.Sub(c.lru.Back().Value.(*stateEntry).used) > c.age {
		old := c.lru.Remove(c.lru.Back()).(*stateEntry)
		delete(c.byChannel, old.channel)
	}
}

// forget drops a channel's state.
func (c *states) forget(channel string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byChannel[channel]; ok {
		c.lru.Remove(el)
		delete(c.byChannel, channel)
	}
}

// len returns the number of states kept.
func (c *states) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}
