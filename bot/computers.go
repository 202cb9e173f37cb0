package bot

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// computerName is a computer seat's name in a language: "Computer (hard)".
func computerName(p *i18n.Printer, level string) string {
	return p.T("bot.computer.name", "level", p.T("bot.level."+level))
}

// seed returns the game's seed.
func (t *table) seed() uint64 {
	n, _ := strconv.ParseUint(t.stored.Settings[settingSeed], 10, 64)
	return n
}

// computerToAct returns a seat to act that a computer plays, if any.
func (t *table) computerToAct() (int, bool) {
	for _, s := range t.toAct() {
		if t.seat(s).Computer != "" {
			return s, true
		}
	}
	return -1, false
}

// then returns what follows a change of the table once its answer is
// delivered: waking the channel's worker when a computer is to act. Nil
// when no computer is to act.
func (b *Bot) then(t *table) func() {
	if _, ok := t.computerToAct(); !ok {
		return nil
	}
	channel := t.stored.Channel
	return func() { b.wake(channel) }
}

// computerTurn plays one computer turn in a channel, if a computer is to
// act, and queues its board post. A computer thinks without holding the
// channel's lock (a hard one may think for seconds, and people's requests
// must be answered meanwhile), then stores its move only if nobody moved in
// between. It reports whether to look again: after a move (the next seat
// may be a computer too) and after a conflict with a move made meanwhile.
// Any other failure is logged once and the seat waits for the next wake.
func (b *Bot) computerTurn(ctx context.Context, channel string) (again bool) {
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
	level := t.seat(seat).Computer
	player, ok := t.game.Computer(level, t.seed(), seat)
	if !ok {
		b.log.Error("a seat's computer level is unknown", "level", level, "channel", channel, "game", t.stored.ID)
		return false
	}
	n := t.moves()
	line, err := player.Move(ctx, t.state.Clone())
	if ctx.Err() != nil {
		return false
	}
	if err != nil {
		b.log.Error("a computer player found no move", "err", err, "channel", channel, "game", t.stored.ID, "moves", n)
		return false
	}
	unlock := b.lock(channel)
	defer unlock()
	now, err := b.load(ctx, channel, "")
	if err != nil || now.stored.ID != t.stored.ID || now.moves() != n {
		return err == nil // the game changed while the computer thought
	}
	lines, last, err := b.commit(ctx, now, store.Computer, line)
	if err != nil {
		if rules.ErrorCode(err) == store.Conflict {
			return true
		}
		b.log.Error("storing a computer's move", "err", err, "channel", channel, "move", line)
		return false
	}
	// Queued under the lock: posts go out in the order of the commits.
	b.enqueue(channel, now.stored.ID, now.moves(), b.boardPost(now, strings.Join(lines, "\n"), last, true))
	return true
}

// Resume wakes the channels whose game waits on a computer, after a
// restart: a game left waiting on a computer goes on by itself. A stored
// game that does not replay is logged and left alone.
func (b *Bot) Resume(ctx context.Context) {
	games, err := b.cfg.Store.List(ctx)
	if err != nil {
		b.log.Error("listing games to resume", "err", err)
		return
	}
	for _, g := range games {
		if g.Status != store.Playing {
			continue
		}
		game, ok := b.game(g.Kind)
		if !ok {
			b.log.Warn("a stored game of a kind this bot does not host", "kind", g.Kind, "channel", g.Channel, "game", g.ID)
			continue
		}
		t, err := b.replay(game, g)
		if err != nil {
			b.log.Error("a stored game does not replay; it waits", "err", err, "channel", g.Channel, "game", g.ID)
			continue
		}
		if _, ok := t.computerToAct(); ok {
			b.wake(g.Channel)
		}
	}
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
		return ok && a.Step == stepHint
	}
	return false
}

// levelOffered reports whether a game offers a computer level.
func levelOffered(g Game, level string) bool { return slices.Contains(g.Levels(), level) }
