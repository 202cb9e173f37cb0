package bot

import (
	"context"
	"time"
)

// worker is a channel's background work: posting what the channel is owed
// (its outbox, in order) and playing the computers' turns. One goroutine a
// channel runs it, so that two computer turns of a channel never overlap
// and their posts never cross; it ends when there is nothing left to do,
// leaving a timer when a post is due later. Its fields are guarded by
// Bot.mu.
type worker struct {
	// deliver asks for a look at the outbox.
	deliver bool
	// wake asks for a look at whose turn it is (a computer's?).
	wake bool
	// done is closed when the worker ends.
	done chan struct{}
}

// wake makes the channel's worker look for computer turns.
func (b *Bot) wake(channel string) {
	b.schedule(channel, func(w *worker) { w.wake = true })
}

// deliver makes the channel's worker post what the channel is owed.
func (b *Bot) deliver(channel string) {
	b.schedule(channel, func(w *worker) { w.deliver = true })
}

// schedule changes a channel's worker, starting it when none runs.
func (b *Bot) schedule(channel string, change func(*worker)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	w := b.workers[channel]
	if w == nil {
		w = &worker{done: make(chan struct{})}
		b.workers[channel] = w
		b.running.Add(1)
		go b.work(channel, w)
	}
	change(w)
}

// deliverIn makes the channel's worker look at the outbox after d: a post
// waits for the answer that carries it, or for its next attempt. An
// earlier timer of the channel is kept.
func (b *Bot) deliverIn(channel string, d time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	at := b.clock.Now().Add(d)
	if t, ok := b.timers[channel]; ok && !t.at.After(at) {
		return
	} else if ok {
		t.stop()
	}
	b.timers[channel] = timer{at: at, stop: b.clock.AfterFunc(d, func() {
		b.mu.Lock()
		delete(b.timers, channel)
		b.mu.Unlock()
		b.deliver(channel)
	})}
}

// timer is a channel's next look at its outbox.
type timer struct {
	at   time.Time
	stop func() bool
}

// enter counts background work about to run, unless the bot is closing;
// the caller calls b.running.Done when it is done.
func (b *Bot) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return false
	}
	b.running.Add(1)
	return true
}

// work runs a channel's worker until it has nothing left to do: first
// what the channel is owed, then a computer turn, whose post comes next.
func (b *Bot) work(channel string, w *worker) {
	defer b.running.Done()
	defer close(w.done)
	ctx := b.bg
	for {
		b.claimWork(ctx, channel, w)
		b.mu.Lock()
		switch {
		case ctx.Err() != nil:
			delete(b.workers, channel)
			b.mu.Unlock()
			return
		case w.deliver:
			w.deliver = false
			b.mu.Unlock()
			again, wait := b.deliverNext(ctx, channel)
			switch {
			case again:
				b.deliver(channel)
			case wait > 0:
				b.deliverIn(channel, wait)
			}
		case w.wake:
			w.wake = false
			b.mu.Unlock()
			if b.computerTurn(ctx, channel) {
				b.deliver(channel)
				b.wake(channel)
			}
		default:
			delete(b.workers, channel)
			b.mu.Unlock()
			return
		}
	}
}

// Wait waits until the channel's background work is done: the posts it is
// owed now and the computer turns that follow (tablebot local reads its
// next line only then). Posts due later (a retry after a failure) are not
// waited for.
func (b *Bot) Wait(ctx context.Context, channel string) {
	for {
		b.mu.Lock()
		w := b.workers[channel]
		b.mu.Unlock()
		if w == nil {
			return
		}
		select {
		case <-w.done:
		case <-ctx.Done():
			return
		}
	}
}
