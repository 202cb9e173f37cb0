package bot

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// ComputerName is a computer seat's name in a language: "Computer (hard)"
// for level "hard" (a rules.Level's key).
func ComputerName(p *i18n.Printer, level string) string {
	return p.T("bot.computer.name", "level", p.T("bot.level."+level))
}

// computerName is ComputerName, under the name the host's files call it
// by (kept so that work on those files merges as it stands).
func computerName(p *i18n.Printer, level string) string { return ComputerName(p, level) }

// seed returns the game's seed.
func (t *table) seed() uint64 {
	n, _ := strconv.ParseUint(t.stored.Settings[settingSeed], 10, 64)
	return n
}

// computerToAct returns a seat to act that a computer plays, if any, and
// its level: a computer's seat, or the seat of a person who is away.
func (t *table) computerToAct() (int, bool) {
	for _, s := range t.toAct() {
		if level(t.seat(s)) != "" {
			return s, true
		}
	}
	return -1, false
}

// level is the level of the computer that plays a seat: its own, or the
// one standing in for a person who is away; "" for a person who plays.
func level(p store.Player) string {
	if p.Computer != "" {
		return p.Computer
	}
	return p.Away
}

// then returns what follows a change of the table once its answer is
// delivered: the channel's worker posts what the answer did not carry and
// plays the computers' turns.
func (b *Bot) then(t *table) func() {
	channel := t.stored.Channel
	return func() {
		b.deliver(channel)
		b.wake(channel)
	}
}

// computerTurn plays one computer turn in a channel, if a computer is to
// act, and queues its board post. A computer thinks without holding the
// channel's lock (a hard one may think for seconds, and people's requests
// must be answered meanwhile), then stores its move only if the game is
// still at the version it thought about: nobody moved, undid, or took a
// seat back in between (checked in the transaction that stores it). It
// reports whether to look again: after a move (the next seat may be a
// computer too) and after the game changed meanwhile. Any other failure is
// logged once and the seat waits for the next wake.
func (b *Bot) computerTurn(ctx context.Context, channel string) (again bool) {
	if b.parked(ctx, channel) {
		return false
	}
	t, err := b.load(ctx, channel, "")
	if err != nil {
		if rules.ErrorCode(err) != store.NotFound && ctx.Err() == nil {
			b.log.Error("loading a game for a computer's turn", "err", err, "channel", channel)
		}
		return false
	}
	seat, ok := t.computerToAct()
	if !ok {
		return false
	}
	lv := level(t.seat(seat))
	player, ok := t.game.Computer(lv, t.seed(), seat)
	if !ok {
		b.log.Error("a seat's computer level is unknown", "level", lv, "channel", channel, "game", t.stored.ID)
		return false
	}
	line, err := player.Move(ctx, t.state.Clone())
	if ctx.Err() != nil {
		return false
	}
	if err != nil {
		b.log.Error("a computer player found no move", "err", err, "channel", channel, "game", t.stored.ID, "moves", t.moves())
		return false
	}
	unlock := b.lock(channel)
	defer unlock()
	if _, _, _, err := b.commit(ctx, t, store.Computer, line, viaChannel); err != nil {
		if code := rules.ErrorCode(err); code == store.Conflict || code == store.NotFound {
			return code == store.Conflict // the game changed while the computer thought
		}
		b.log.Error("storing a computer's move", "err", err, "channel", channel, "move", line)
		return false
	}
	// Its board is in the outbox, posted before the next computer thinks.
	return true
}

// Resume takes up, after a restart, what the games were doing: the games
// that are due (a computer's turn, a reminder; the wake index says which)
// are looked at, and what the channels are owed is posted, a few channels
// at a time rather than all at once. Its cost follows what is due and
// owed, not the games stored.
func (b *Bot) Resume(ctx context.Context) {
	b.Remind(ctx)
	channels, err := b.cfg.Store.OutboxChannels(ctx)
	if err != nil {
		b.log.Error("listing the channels owed posts", "err", err)
	}
	for i, c := range channels {
		if d := resumeSpread(i); d > 0 {
			b.deliverIn(c, d)
		} else {
			b.deliver(c)
		}
	}
}

// resumeSpread is when, after the start, the i-th channel owed posts is
// looked at: the first ten at once, then ten more every 100 ms, with some
// jitter.
func resumeSpread(i int) time.Duration {
	return Jitter(time.Duration(i/10) * 100 * time.Millisecond)
}

// hint suggests a move privately to a seat to act, with a reason.
func (b *Bot) hint(ctx context.Context, req Request, a *Action) (Reply, error) {
	t, seat, err := b.toAct(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	p := b.printer(req.User.Locale)
	text, err := t.game.Hint(ctx, t.state, seat, t.seed()+uint64(t.moves()), p)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Private: true, Message: Message{Content: "💡 " + text}}, nil
}

// Slow reports whether a request may take longer than Discord's three
// seconds to answer (a hint searches like a hard computer player), so
// that an adapter acknowledges it first.
func (b *Bot) Slow(req Request) bool {
	switch req.Kind {
	case CommandRequest:
		return req.Command == cmdHint
	case ComponentRequest:
		a, ok := ParseAction(req.CustomID)
		return ok && a.Step == StepHint
	}
	return false
}

// levelOffered reports whether a game offers a computer level.
func levelOffered(g Game, level string) bool { return slices.Contains(g.Levels(), level) }
