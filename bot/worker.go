package bot

import (
	"context"
)

// worker is a channel's background work: the board posts of computer
// moves, in the order of their commits, and the computer turns. One
// goroutine a channel runs it, so that two computer turns of a channel never
// overlap and their posts never cross; it ends when there is nothing left
// to do. Its fields are guarded by Bot.mu.
type worker struct {
	posts []queuedPost
	// wake asks for a look at whose turn it is (a computer's?).
	wake bool
	// done is closed when the worker ends.
	done chan struct{}
}

// queuedPost is a board post waiting to be posted, with the game and the
// number of moves it shows.
type queuedPost struct {
	game  string
	moves int
	msg   Message
}

// wake makes the channel's worker look for computer turns.
func (b *Bot) wake(channel string) {
	b.schedule(channel, func(w *worker) { w.wake = true })
}

// enqueue queues a board post of a channel. Callers hold the channel's
// lock, so that posts queue in the order of the commits.
func (b *Bot) enqueue(channel, game string, moves int, m Message) {
	b.schedule(channel, func(w *worker) { w.posts = append(w.posts, queuedPost{game: game, moves: moves, msg: m}) })
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

// work runs a channel's worker until it has nothing left to do: first
// the posts, then a computer turn, whose post comes next.
func (b *Bot) work(channel string, w *worker) {
	defer b.running.Done()
	defer close(w.done)
	ctx := b.bg
	for {
		b.mu.Lock()
		switch {
		case ctx.Err() != nil:
			delete(b.workers, channel)
			b.mu.Unlock()
			return
		case len(w.posts) > 0:
			q := w.posts[0]
			w.posts = w.posts[1:]
			b.mu.Unlock()
			b.post(ctx, channel, q)
		case w.wake:
			w.wake = false
			b.mu.Unlock()
			if b.computerTurn(ctx, channel) {
				b.wake(channel)
			}
		default:
			delete(b.workers, channel)
			b.mu.Unlock()
			return
		}
	}
}

// post posts a queued board unless the game has moved on since (an undo
// took the move back): a stale board is dropped, not posted out of order.
func (b *Bot) post(ctx context.Context, channel string, q queuedPost) {
	if g, err := b.cfg.Store.Game(ctx, q.game); err == nil && len(g.Moves) != q.moves {
		b.log.Debug("dropping a stale board post", "channel", channel, "game", q.game, "moves", q.moves, "now", len(g.Moves))
		return
	}
	if b.cfg.Poster == nil {
		return
	}
	if _, err := b.cfg.Poster.Post(ctx, channel, q.msg); err != nil && ctx.Err() == nil {
		b.log.Error("posting a computer's move", "err", err, "channel", channel)
	}
}

// Wait waits until the channel's background work is done: the computer
// turns that follow and their posts (tablebot local reads its next line
// only then).
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
