package bot

import "sync"

// channelLocks keeps a mutex for each channel in use, so that one
// channel's work never waits for another's: striped locks made channels
// that shared a stripe take turns (50 channels on 64 stripes share some
// 19 pairs), each waiting out the other's commit. Invariant: a channel is
// in held exactly while some caller holds or waits for its lock, and
// users counts those callers.
type channelLocks struct {
	mu   sync.Mutex
	held map[string]*channelLock
}

// channelLock is one channel's mutex and how many hold or wait for it.
type channelLock struct {
	sync.Mutex
	users int
}

// lock takes channel's lock and returns the function that gives it back.
func (l *channelLocks) lock(channel string) func() {
	l.mu.Lock()
	if l.held == nil {
		l.held = map[string]*channelLock{}
	}
	c := l.held[channel]
	if c == nil {
		c = &channelLock{}
		l.held[channel] = c
	}
	c.users++
	l.mu.Unlock()
	c.Lock()
	return func() {
		c.Unlock()
		l.mu.Lock()
		if c.users--; c.users == 0 {
			delete(l.held, channel)
		}
		l.mu.Unlock()
	}
}

// users returns how many hold or wait for channel's lock.
func (l *channelLocks) users(channel string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if c := l.held[channel]; c != nil {
		return c.users
	}
	return 0
}
