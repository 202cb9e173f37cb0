package bot

import (
	"context"
	"sync"
	"testing"
)

// TestGate: posts take at most all slots but the reserve, answers all of
// them; a freed slot goes to a waiting answer before a waiting post; a
// waiter whose context ends gives up its place.
func TestGate(t *testing.T) {
	g := &gate{size: 3, reserve: 1}
	ctx := context.Background()
	var releases []func()
	for range 2 {
		r, err := g.acquire(ctx, false)
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, r)
	}
	// A third post waits: the last slot is the answers'.
	third := make(chan func(), 1)
	go func() {
		r, _ := g.acquire(ctx, false)
		third <- r
	}()
	waitFor(t, g, func() bool { return len(g.posts) == 1 })
	answer, err := g.acquire(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	// Full: a second answer waits, and gets the next slot before the post.
	second := make(chan func(), 1)
	go func() {
		r, _ := g.acquire(ctx, true)
		second <- r
	}()
	waitFor(t, g, func() bool { return len(g.answers) == 1 })
	releases[0]()
	r := <-second
	select {
	case <-third:
		t.Fatal("a post passed before a waiting answer")
	default:
	}
	r()
	answer()
	(<-third)()
	releases[1]()
	if g.used != 0 || g.peak != 3 {
		t.Errorf("used %d, peak %d; want 0 and 3", g.used, g.peak)
	}

	// A waiter whose context ends leaves the queue and takes nothing.
	g = &gate{size: 1}
	hold, _ := g.acquire(ctx, true)
	cctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		_, err := g.acquire(cctx, false)
		done <- err
	}()
	waitFor(t, g, func() bool { return len(g.posts) == 1 })
	cancel()
	if err := <-done; err == nil {
		t.Error("a cancelled waiter got a slot")
	}
	hold()
	if g.used != 0 || len(g.posts) != 0 {
		t.Errorf("after a cancelled waiter: used %d, %d waiting", g.used, len(g.posts))
	}
}

// TestGateBound: many goroutines taking and giving back slots never hold
// more than the gate's size, and posts never more than size - reserve.
func TestGateBound(t *testing.T) {
	g := newGate(4)
	var (
		mu          sync.Mutex
		held, posts int
		bad         bool
		wg          sync.WaitGroup
	)
	for i := range 200 {
		wg.Add(1)
		go func(answer bool) {
			defer wg.Done()
			release, err := g.acquire(context.Background(), answer)
			if err != nil {
				return
			}
			mu.Lock()
			held++
			if !answer {
				posts++
			}
			bad = bad || held > g.size || posts > g.size-g.reserve
			mu.Unlock()
			mu.Lock()
			held--
			if !answer {
				posts--
			}
			mu.Unlock()
			release()
		}(i%3 == 0)
	}
	wg.Wait()
	if bad || g.Peak() > g.size {
		t.Errorf("the gate let more through than its size: peak %d of %d", g.Peak(), g.size)
	}
}

// waitFor waits until cond holds under the gate's lock, yielding to the
// goroutines that make it hold.
func waitFor(t *testing.T, g *gate, cond func() bool) {
	t.Helper()
	for range 1_000_000 {
		g.mu.Lock()
		ok := cond()
		g.mu.Unlock()
		if ok {
			return
		}
		runtimeGosched()
	}
	t.Fatal("the gate never got there")
}
