package bot

import "context"

// Owners says which channels' background work this replica does: a
// channel's outbox and posts, its computers' turns, its reminders. A bot
// that is the only one (one file, the gateway) owns every channel; a set
// of replicas sharing an etcd cluster share the channels out, exactly one
// live replica working a channel at a time, so that nothing is posted
// twice and a channel whose replica died is taken over by another.
// Requests (interactions) are answered by any replica whatever the owner:
// the store's compare-and-swap keeps their moves safe.
type Owners interface {
	// Claim reports whether this replica works the channel now, claiming
	// it when no replica does. When another replica works it, that one is
	// told the channel has work (a move answered here, a post due), and
	// Claim reports false.
	Claim(ctx context.Context, channel string) bool
	// Watch calls work, until ctx ends, with each channel this replica
	// comes to work that may have work: a channel taken over from a
	// replica that died or stopped, a channel another replica told of
	// work. Watch returns at once; work must not block for long.
	Watch(ctx context.Context, work func(channel string))
}

// everything is the Owners of a bot that is the only one: it owns every
// channel, and no channel ever changes hands.
type everything struct{}

// Claim owns every channel.
func (everything) Claim(context.Context, string) bool { return true }

// Watch has nothing to watch.
func (everything) Watch(context.Context, func(string)) {}

// owns reports whether this replica does the channel's background work
// now (see Owners).
func (b *Bot) owns(ctx context.Context, channel string) bool {
	return b.cfg.Owners.Claim(ctx, channel)
}

// watchOwners takes up the channels this replica comes to own: what they
// are owed is posted and their computers play.
func (b *Bot) watchOwners(ctx context.Context) {
	b.cfg.Owners.Watch(ctx, func(channel string) {
		b.deliver(channel)
		b.wake(channel)
	})
}

// claimWork lets the channel's worker do what it was asked only if this
// replica owns the channel: otherwise it drops the asks (Claim told the
// owner) and the worker ends, unless new asks came meanwhile (they are
// claimed again). It asks the store without holding Bot.mu.
func (b *Bot) claimWork(ctx context.Context, channel string, w *worker) {
	if _, alone := b.cfg.Owners.(everything); alone {
		return
	}
	b.mu.Lock()
	deliver, wake := w.deliver, w.wake
	w.deliver, w.wake = false, false
	b.mu.Unlock()
	if (!deliver && !wake) || !b.owns(ctx, channel) {
		return
	}
	b.mu.Lock()
	w.deliver, w.wake = w.deliver || deliver, w.wake || wake
	b.mu.Unlock()
}
