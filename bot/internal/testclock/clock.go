// Package testclock is a clock for tests of the bot (a bot.Clock): time
// moves only when the test moves it, and then the calls that fell due are
// made, in order, on the test's goroutine, so that a test of what happens
// after minutes or hours neither sleeps nor depends on the machine's speed.
package testclock

import (
	"slices"
	"sync"
	"time"
)

// Clock is a clock that moves by hand. Its methods are safe for
// concurrent use.
//
// Invariants (under mu): every timer in timers is neither made nor
// stopped.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*timer
}

// timer is a call the clock makes at a time.
type timer struct {
	at   time.Time
	f    func()
	done bool // made or stopped
}

// New returns a clock showing start.
func New(start time.Time) *Clock { return &Clock{now: start} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc calls f once the clock has been moved d on (by Advance), on
// the goroutine that moves it, unless stop is called first.
func (c *Clock) AfterFunc(d time.Duration, f func()) (stop func() bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &timer{at: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		stopped := !t.done
		t.done = true
		return stopped
	}
}

// Advance moves the clock on by d and makes the calls that fell due, the
// earliest first.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	var due []*timer
	keep := c.timers[:0]
	for _, t := range c.timers {
		switch {
		case t.done:
		case !t.at.After(c.now):
			t.done = true
			due = append(due, t)
		default:
			keep = append(keep, t)
		}
	}
	c.timers = keep
	c.mu.Unlock()
	slices.SortStableFunc(due, func(a, b *timer) int { return a.at.Compare(b.at) })
	for _, t := range due {
		t.f()
	}
}
