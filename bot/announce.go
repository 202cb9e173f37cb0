package bot

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// Every change that owes the channel a post (a move, the start, an undo, a
// reminder) writes an announcement into the channel's outbox in the same
// transaction (see store.Announcement). The answer to a slash command
// carries the board it announces and, once posted, removes it; everything
// else is posted by the channel's worker, in the outbox's order, with a
// nonce, retried with backoff when Discord fails, and after a restart.

// Timing of the deliveries.
const (
	// replyGrace is how long an announcement waits for the answer that
	// carries it before the worker posts it itself: well over Discord's 3
	// seconds for an answer and the upload of its image.
	replyGrace = 10 * time.Second
	// firstRetry and lastRetry bound the backoff between attempts to post.
	firstRetry = time.Second
	lastRetry  = 5 * time.Minute
)

// via says how the announcement of a change is to be posted: by the
// answer to the request (a slash command answered with the board), or by
// the channel's worker.
type via struct {
	reply       bool
	interaction string
}

// viaAnswer is the delivery of a change made by req and answered with the
// board: a slash command's.
func viaAnswer(req Request) via { return via{reply: true, interaction: req.Interaction} }

// viaChannel is the delivery of a change the channel's worker posts: a
// menu's move, a computer's, an automatic one.
var viaChannel = via{}

// announcement is the outbox entry of a change saying lines.
func (v via) announcement(lines ...string) *store.Announcement {
	return &store.Announcement{Kind: store.Board, Lines: lines, Reply: v.reply, Interaction: v.interaction}
}

// carry makes board post m, made after the latest change of t, carry the
// announcements of t's game up to now: once posted they are no longer owed
// and m is the latest board; if it cannot be posted, the channel's worker
// posts them.
func (b *Bot) carry(m *Message, t *table) {
	channel, game, moves := t.stored.Channel, t.stored.ID, t.moves()
	m.Sent = func(ctx context.Context, messageID string) {
		if err := b.cfg.Store.Posted(ctx, channel, game, store.Board, moves, messageID); err != nil && rules.ErrorCode(err) == rules.Internal {
			b.log.Error("recording a posted board", "err", err, "channel", channel)
		}
	}
	m.Unsent = func(ctx context.Context) {
		if err := b.cfg.Store.Retry(ctx, channel, game, store.Board, moves, b.cfg.Now()); err != nil {
			b.log.Error("handing a board to the channel", "err", err, "channel", channel)
		}
		b.deliver(channel)
	}
}

// nonce names a post of announcement seq of a channel, so that posting it
// again makes no second message: at most 25 characters.
func nonce(seq uint64) string { return "tb" + strconv.FormatUint(seq, 36) }

// backoff is the wait before attempt n+1 to post after n failures, the
// first wait being first.
func backoff(first time.Duration, n int) time.Duration {
	d := first
	for i := 1; i < n && d < lastRetry; i++ {
		d *= 2
	}
	return min(d, lastRetry)
}

// deliverNext posts the oldest announcements of a channel. It reports
// whether to look again at once (something was posted or dropped), or how
// long to wait before the next one is due (0: nothing is owed).
func (b *Bot) deliverNext(ctx context.Context, channel string) (again bool, wait time.Duration) {
	box, err := b.cfg.Store.Outbox(ctx, channel)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Error("reading a channel's outbox", "err", err, "channel", channel)
		}
		return false, 0
	}
	if len(box) == 0 {
		return false, 0
	}
	now := b.cfg.Now()
	first := box[0]
	if due := first.Created.Add(replyGrace); b.awaited(first) && now.Before(due) {
		return false, due.Sub(now)
	}
	if now.Before(first.NextTry) {
		return false, first.NextTry.Sub(now)
	}
	g, err := b.cfg.Store.Game(ctx, first.Game)
	if err != nil {
		if rules.ErrorCode(err) == store.NotFound {
			b.drop(ctx, channel, first)
			return true, 0
		}
		b.log.Error("reading the game of an announcement", "err", err, "channel", channel, "game", first.Game)
		return false, 0
	}
	if first.Kind == store.Reminder {
		return b.remindNow(ctx, g, first)
	}
	// The boards of one game owed one after the other go out as one post:
	// every change's words, and the board after the last of them. A post
	// tried before is tried again as it was (same changes, same nonce), so
	// that if the first try was made after all, Discord makes no second.
	tried := first.Attempts > 0
	last, lines, answers := first, []string{}, false
	for _, a := range box {
		if a.Game != first.Game || a.Kind != store.Board || (a.Attempts > 0) != tried ||
			b.awaited(a) && now.Before(a.Created.Add(replyGrace)) {
			break
		}
		last = a
		lines = append(lines, a.Lines...)
		answers = answers || a.Interaction != ""
	}
	if answers {
		// An answer that was to carry it may have been made after all
		// (before the process stopped, or by a try whose outcome was
		// unknown): look for it before posting.
		if id, found := b.answered(ctx, channel, box, last); found {
			b.posted(ctx, channel, g.ID, store.Board, last.Moves, id)
			return true, 0
		}
	}
	text := strings.Join(lines, "\n")
	if tried && now.Sub(first.Created) > nonceWindow {
		// Past Discord's window for nonces: look for the post itself.
		if id, found := b.find(ctx, channel, text); found {
			b.posted(ctx, channel, g.ID, store.Board, last.Moves, id)
			return true, 0
		}
	}
	m, err := b.boardAt(g, last.Moves, text)
	if err != nil {
		b.log.Error("a game of an announcement does not replay; the announcement is dropped", "err", err, "channel", channel, "game", g.ID)
		b.drop(ctx, channel, last)
		return true, 0
	}
	m.Nonce = nonce(last.Seq)
	return b.attempt(ctx, channel, g.ID, store.Board, last, m)
}

// nonceWindow is how long Discord is sure to remember a post's nonce (it
// says "the past few minutes"); a post retried later is looked for first.
const nonceWindow = 4 * time.Minute

// find looks for a post of the channel that says text, among its latest.
func (b *Bot) find(ctx context.Context, channel, text string) (string, bool) {
	f, ok := b.cfg.Poster.(Finder)
	if !ok {
		return "", false
	}
	id, found, err := f.Find(ctx, channel, text)
	if err != nil {
		b.log.Warn("looking for a post", "err", err, "channel", channel)
	}
	return id, found
}

// awaited reports whether an announcement waits for an answer of this
// process to carry it; one made before the process started waits for
// nothing (its answer was made or never will be).
func (b *Bot) awaited(a store.Announcement) bool {
	return a.Reply && !a.Created.Before(b.born)
}

// attempt posts m for the announcements of kind for game up to a, and
// records the outcome: posted, or to be tried again after a backoff.
func (b *Bot) attempt(ctx context.Context, channel, game, kind string, a store.Announcement, m Message) (bool, time.Duration) {
	if b.cfg.Poster == nil {
		b.posted(ctx, channel, game, kind, a.Moves, "")
		return true, 0
	}
	id, err := b.cfg.Poster.Post(ctx, channel, m)
	if err == nil {
		b.posted(ctx, channel, game, kind, a.Moves, id)
		return true, 0
	}
	if ctx.Err() != nil {
		return false, 0
	}
	wait := backoff(b.cfg.Retry, a.Attempts+1)
	b.log.Warn("posting in a channel failed; trying again later", "err", err, "channel", channel, "attempt", a.Attempts+1, "wait", wait)
	if err := b.cfg.Store.Retry(ctx, channel, game, kind, a.Moves, b.cfg.Now().Add(wait)); err != nil {
		b.log.Error("recording a failed post", "err", err, "channel", channel)
		return false, 0
	}
	return false, wait
}

// posted records that announcements up to a's were posted as message id.
func (b *Bot) posted(ctx context.Context, channel, game, kind string, moves int, id string) {
	if err := b.cfg.Store.Posted(ctx, channel, game, kind, moves, id); err != nil && ctx.Err() == nil {
		b.log.Error("recording a post", "err", err, "channel", channel)
	}
}

// drop removes announcement a without posting it.
func (b *Bot) drop(ctx context.Context, channel string, a store.Announcement) {
	b.posted(ctx, channel, a.Game, a.Kind, a.Moves, "")
}

// answered looks, among the channel's messages, for the answer to one of
// the interactions whose answers were to carry the owed boards, up to last.
func (b *Bot) answered(ctx context.Context, channel string, box []store.Announcement, last store.Announcement) (string, bool) {
	f, ok := b.cfg.Poster.(Finder)
	if !ok {
		return "", false
	}
	for i := len(box) - 1; i >= 0; i-- {
		a := box[i]
		if a.Seq > last.Seq || a.Interaction == "" {
			continue
		}
		id, found, err := f.Answer(ctx, channel, a.Interaction)
		if err != nil {
			b.log.Warn("looking for an interaction's answer", "err", err, "channel", channel)
			return "", false
		}
		if found && a.Seq == last.Seq {
			return id, true
		}
		if found {
			// An older answer was posted: the boards up to it are not owed.
			b.posted(ctx, channel, a.Game, store.Board, a.Moves, "")
			return "", false
		}
	}
	return "", false
}

// boardAt is the post of game g's board after its first moves moves,
// saying text: the board as it was then, with its last move highlighted;
// it pings the seats to act only when the game has not moved on since.
func (b *Bot) boardAt(g *store.Game, moves int, text string) (Message, error) {
	game, ok := b.game(g.Kind)
	if !ok {
		return Message{}, errNoKind(g.Kind)
	}
	moves = min(moves, len(g.Moves))
	then := g.Clone()
	then.Moves = then.Moves[:moves]
	t, err := b.replay(game, then)
	if err != nil {
		return Message{}, err
	}
	current := moves == len(g.Moves) && (g.Status == store.Playing || g.Status == store.Over)
	m := b.boardPost(t, text, t.state.Last(), current)
	if !current {
		m.Rows, m.Mentions, m.Notify = nil, nil, false
	}
	return m, nil
}
