package bot

import (
	"context"
	"runtime"
	"sync"
)

// gate bounds, over the whole bot, the boards being drawn and the posts in
// flight at once, so that an outage's backlog drains at the pace the
// machine can draw and Discord can take, not all at once. Answers to
// interactions (which must reach Discord within 3 seconds) pass first and
// have slots of their own: the channels' posts may take all slots but
// reserve.
//
// The films have a lane of their own below the posts (filmlane.go).
//
// Invariants (under mu): 0 <= used <= size; used counts the slots taken;
// peak is the most ever taken at once; a waiter is in exactly one queue
// until it is given a slot or gives up; handling and films count the
// requests being handled and the films being made; arrived only grows;
// idle, when not nil,
// is the channel the films waiting for their next frame wait on, closed
// (and dropped) as soon as the gate holds nothing but films.
type gate struct {
	mu      sync.Mutex
	size    int // slots in all
	reserve int // slots only answers may take
	used    int
	peak    int
	answers []chan struct{} // answers waiting, first come first
	posts   []chan struct{} // posts waiting, first come first

	handling  int
	arrived   int // requests handled so far, and answers and posts that asked for a slot
	films     int
	idle      chan struct{}
	filmWaits int // times a film waited for its next frame
}

// newGate returns a gate of size slots, reserve of them for answers. size
// 0 sizes it from the machine: four slots a core, one a core reserved.
func newGate(size int) *gate {
	cores := runtime.GOMAXPROCS(0)
	if size <= 0 {
		size = 4 * cores
	}
	reserve := min(cores, size-1)
	return &gate{size: size, reserve: max(reserve, 0)}
}

// acquire takes a slot for an answer (answer) or a post, waiting for one;
// it fails only when ctx ends first. release gives the slot back.
func (g *gate) acquire(ctx context.Context, answer bool) (release func(), err error) {
	g.mu.Lock()
	g.arrived++
	if g.free(answer) && (answer && len(g.answers) == 0 || !answer && len(g.answers)+len(g.posts) == 0) {
		g.take()
		g.mu.Unlock()
		return g.release, nil
	}
	ready := make(chan struct{})
	if answer {
		g.answers = append(g.answers, ready)
	} else {
		g.posts = append(g.posts, ready)
	}
	g.mu.Unlock()
	select {
	case <-ready:
		return g.release, nil
	case <-ctx.Done():
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.forget(ready, answer) {
			g.wakeFilms()
			return nil, ctx.Err()
		}
		// Given a slot as ctx ended: hand it on.
		g.used--
		g.handOn()
		g.wakeFilms()
		return nil, ctx.Err()
	}
}

// free reports whether a slot may be taken now by an answer or a post.
func (g *gate) free(answer bool) bool {
	if answer {
		return g.used < g.size
	}
	return g.used < g.size-g.reserve
}

// take counts a slot taken.
func (g *gate) take() {
	g.used++
	g.peak = max(g.peak, g.used)
}

// release gives a slot back and hands it on to who waits.
func (g *gate) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.used--
	g.handOn()
	g.wakeFilms()
}

// handOn gives the free slots to the waiters: answers first.
func (g *gate) handOn() {
	for len(g.answers) > 0 && g.free(true) {
		g.take()
		close(g.answers[0])
		g.answers = g.answers[1:]
	}
	for len(g.answers) == 0 && len(g.posts) > 0 && g.free(false) {
		g.take()
		close(g.posts[0])
		g.posts = g.posts[1:]
	}
}

// forget takes a waiter out of its queue; false when it was already given
// a slot.
func (g *gate) forget(ready chan struct{}, answer bool) bool {
	q := &g.posts
	if answer {
		q = &g.answers
	}
	for i, c := range *q {
		if c == ready {
			*q = append((*q)[:i], (*q)[i+1:]...)
			return true
		}
	}
	return false
}

// Peak returns the most slots taken at once so far.
func (g *gate) Peak() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.peak
}
