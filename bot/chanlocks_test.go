package bot

import (
	"runtime"
	"strconv"
	"testing"
)

// TestChannelLocksApart holds the locks of many channels at once from one
// goroutine: had two channels shared a mutex, taking the second would
// never return.
func TestChannelLocksApart(t *testing.T) {
	var l channelLocks
	var unlocks []func()
	for i := range 1000 {
		unlocks = append(unlocks, l.lock(strconv.Itoa(i)))
	}
	if got, want := len(l.held), 1000; got != want {
		t.Errorf("channels held: got %d, want %d", got, want)
	}
	for _, unlock := range unlocks {
		unlock()
	}
	if got := len(l.held); got != 0 {
		t.Errorf("channels kept after every lock was given back: got %d, want 0", got)
	}
}

// TestChannelLockExcludes: a second taker of a channel's lock waits until
// the first gives it back, and the channel is forgotten once neither
// holds it.
func TestChannelLockExcludes(t *testing.T) {
	var l channelLocks
	unlock := l.lock("c1")
	taken := make(chan func())
	go func() { taken <- l.lock("c1") }()
	// The second taker counts itself before it waits on the mutex.
	for l.users("c1") < 2 {
		runtime.Gosched()
	}
	select {
	case <-taken:
		t.Fatal("a second taker got the lock of a channel still held")
	default:
	}
	unlock()
	second := <-taken
	if got, want := l.users("c1"), 1; got != want {
		t.Errorf("users while the second holds it: got %d, want %d", got, want)
	}
	second()
	if got := l.users("c1"); got != 0 {
		t.Errorf("users after both gave it back: got %d, want 0", got)
	}
}
