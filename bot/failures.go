package bot

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/tablebot/tablebot/rules"
)

// How a Poster says why a post failed. A failure that wraps neither
// ErrGone nor ErrRefused is temporary (Discord failed on its side, a
// timeout, the network): the post is tried again after a backoff, or after
// the wait of a rate limit (an error with a RetryAfter method).
var (
	// ErrGone means the channel cannot be posted in any more, and trying
	// again will not change that: it was deleted, the bot lost its access
	// or was removed from the server, or the thread was archived. The
	// channel is parked until an interaction comes from it again.
	ErrGone = errors.New("the channel cannot be posted in")
	// ErrRefused means Discord refused the message itself (a 400): sent
	// again as it is, it would be refused again.
	ErrRefused = errors.New("the message was refused")
	// ErrDMRefused means the user does not accept the bot's direct
	// messages (Discord's 50007): their turns go to the channel instead.
	// No channel is gone for it.
	ErrDMRefused = errors.New("the user does not accept direct messages")
)

// retryAfter returns the wait a rate limit asks for, 0 when err is not one.
func retryAfter(err error) time.Duration {
	var ra interface{ RetryAfter() time.Duration }
	if errors.As(err, &ra) {
		return max(ra.RetryAfter(), 0)
	}
	return 0
}

// Jitter spreads a wait over its second half, so that channels (or
// answers) that failed together do not all try again at the same moment.
func Jitter(d time.Duration) time.Duration {
	if d <= 1 {
		return d
	}
	return d/2 + rand.N(d/2+1)
}

// settingParked is the channel setting of a parked channel: why it was
// parked. A parked channel gets no posts, no computer turns and no
// reminders, until a request comes from it again.
const settingParked = "parked"

// parked reports whether a channel is parked.
func (b *Bot) parked(ctx context.Context, channel string) bool {
	v, err := b.cfg.Store.ChannelSetting(ctx, channel, settingParked)
	if err != nil && ctx.Err() == nil {
		b.log.Error("reading whether a channel is parked", "err", err, "channel", channel)
	}
	return v != ""
}

// park stops the bot's own work in a channel it cannot post in any more:
// what the channel is owed stays owed, its computers and reminders wait.
// It logs once, when the channel is parked.
func (b *Bot) park(ctx context.Context, channel string, why error) {
	if b.parked(ctx, channel) {
		return
	}
	if err := b.cfg.Store.SetChannelSetting(ctx, channel, settingParked, why.Error()); err != nil {
		if ctx.Err() == nil {
			b.log.Error("parking a channel", "err", err, "channel", channel)
		}
		return
	}
	b.log.Warn("the channel cannot be posted in; its posts, computers and reminders wait until someone uses the bot there again", "channel", channel, "why", why)
}

// unpark takes up a parked channel's work again: a request came from it,
// so the bot can be there again.
func (b *Bot) unpark(ctx context.Context, channel string) {
	if !b.parked(ctx, channel) {
		return
	}
	if err := b.cfg.Store.SetChannelSetting(ctx, channel, settingParked, ""); err != nil {
		if ctx.Err() == nil && rules.ErrorCode(err) == rules.Internal {
			b.log.Error("unparking a channel", "err", err, "channel", channel)
		}
		return
	}
	b.log.Info("a parked channel is used again; its work goes on", "channel", channel)
	b.lookNow(ctx, channel)
	b.deliver(channel)
	b.wake(channel)
}

// lookNow makes the channel's live game due at once, so that the next look
// at the reminders judges it as it is now (after a change of the channel's
// reminders, or its coming back).
func (b *Bot) lookNow(ctx context.Context, channel string) {
	g, err := b.cfg.Store.Current(ctx, channel)
	if err != nil {
		return
	}
	err = b.cfg.Store.SetWake(ctx, channel, g.ID, g.Version, b.now())
	if err != nil && rules.ErrorCode(err) == rules.Internal && ctx.Err() == nil {
		b.log.Error("making a game due", "err", err, "channel", channel)
	}
}

// ChannelGone parks a channel the platform says is gone (Discord's
// CHANNEL_DELETE): nothing more is posted there.
func (b *Bot) ChannelGone(ctx context.Context, channel string) {
	b.park(ctx, channel, errors.New("the channel was deleted"))
}

// GuildGone parks every channel of a server the bot was removed from
// (Discord's GUILD_DELETE) that has a game on.
func (b *Bot) GuildGone(ctx context.Context, guild string) {
	channels, err := b.cfg.Store.LiveIn(ctx, guild)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Error("listing the games of a server the bot left", "err", err, "guild", guild)
		}
		return
	}
	for _, c := range channels {
		b.park(ctx, c, errors.New("the bot was removed from the server"))
	}
}
