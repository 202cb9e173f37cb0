package bot

import (
	"context"
	"errors"
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
// nonce, retried with backoff when Discord fails, and after a restart. A
// channel Discord says is gone is parked (failures.go).

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
// posts them. The turn DMs n owes are the worker's to send once m is
// posted.
func (b *Bot) carry(m *Message, t *table, n notice) {
	channel, game, version := t.stored.Channel, t.stored.ID, t.stored.Version
	unping(m, n.noPing)
	m.Sent = func(ctx context.Context, messageID string) {
		if err := b.cfg.Store.Posted(ctx, channel, game, store.Board, version, messageID); err != nil && rules.ErrorCode(err) == rules.Internal {
			b.log.Error("recording a posted board", "err", err, "channel", channel)
		}
		if len(n.dm) > 0 {
			b.deliver(channel)
		}
	}
	m.Unsent = func(ctx context.Context) {
		if err := b.cfg.Store.Retry(ctx, channel, game, store.Board, version, b.now(), true); err != nil {
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
// long to wait before the next one is due (0: nothing is owed, or the
// channel is parked).
func (b *Bot) deliverNext(ctx context.Context, channel string) (again bool, wait time.Duration) {
	if b.parked(ctx, channel) {
		return false, 0
	}
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
	now := b.now()
	first := box[0]
	if due := first.Created.Add(replyGrace); b.awaited(first) && now.Before(due) {
		return false, due.Sub(now)
	}
	if now.Before(first.NextTry) && !superseded(box) {
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
	release, err := b.gate.acquire(ctx, false)
	if err != nil {
		return false, 0
	}
	defer release()
	switch {
	case first.Shown:
		return b.deliverDMs(ctx, g, first)
	case first.Kind == store.Reminder:
		return b.remindNow(ctx, g, first)
	case first.Kind == store.Notice:
		return b.noticeNow(ctx, g, first)
	}
	owed, later := b.owedBoards(box, now)
	return b.deliverBoards(ctx, g, owed, later)
}

// owedBoards returns the boards of one game at the head of the outbox that
// go out together: those owed one after the other, all in doubt or none (a
// post whose try may have been made is tried again as it was: same
// changes, same nonce, so that if the first try was made after all,
// Discord makes no second), and none still waiting for its answer. later
// reports whether more boards of the game follow them: the board then
// goes with those.
func (b *Bot) owedBoards(box []store.Announcement, now time.Time) (owed []store.Announcement, later bool) {
	first := box[0]
	n := 0
	for _, a := range box {
		if a.Game != first.Game || a.Kind != store.Board || a.Doubt != first.Doubt || a.Shown ||
			b.awaited(a) && now.Before(a.Created.Add(replyGrace)) {
			break
		}
		n++
	}
	for _, a := range box[n:] {
		if a.Kind == store.Board && a.Game == first.Game {
			later = true
		}
	}
	return box[:n], later
}

// deliverBoards posts the first post of the owed boards of game g: the
// words of the oldest changes, or, when they all fit, every change's words
// with the board after the last of them, unless later boards of the game
// are owed after them (then the board goes with those: only the last post
// of a backlog shows the board and pings).
func (b *Bot) deliverBoards(ctx context.Context, g *store.Game, owed []store.Announcement, later bool) (bool, time.Duration) {
	last := owed[len(owed)-1]
	for _, a := range owed {
		if a.Interaction != "" {
			// An answer that was to carry it may have been made after all
			// (before the process stopped, or by a try whose outcome was
			// unknown): look for it before posting.
			switch id, what := b.answered(ctx, g.Channel, owed); what {
			case answeredLast:
				b.posted(ctx, g.Channel, g.ID, store.Board, last.Version, id)
				return true, 0
			case answeredOlder:
				// The boards up to that answer are no longer owed: what is
				// still owed must be read again, or the answered move would
				// be announced a second time with the ones after it.
				return true, 0
			}
			break
		}
	}
	p := plan(owed)[0]
	p.board = p.board && !later
	text := b.partText(g, p)
	if owed[0].Doubt && b.now().Sub(owed[0].Created) > nonceWindow {
		// Past Discord's window for nonces: look for the post itself.
		if id, found := b.find(ctx, g.Channel, text); found {
			b.posted(ctx, g.Channel, g.ID, store.Board, p.last.Version, boardID(p, id))
			return true, 0
		}
	}
	var m Message
	if p.board {
		var err error
		if m, err = b.boardAt(ctx, g, last.Moves, text, last.NoPing, ""); err != nil {
			b.log.Error("a game of an announcement does not replay; the announcement is dropped", "err", err, "channel", g.Channel, "game", g.ID)
			b.drop(ctx, g.Channel, last)
			return true, 0
		}
	} else {
		m = Message{Content: text}
	}
	m.Nonce = nonce(p.last.Seq)
	if !b.markTried(ctx, g, owed[0], p) {
		return false, 0
	}
	return b.attempt(ctx, g, store.Board, p, owed, m)
}

// markTried records, before a board post of several replicas' channel is
// tried, that the boards it carries may be posted from now on (Doubt):
// if this replica dies or loses the channel after the post is made but
// before it records it, the replica that takes the channel over tries the
// same post again (the same boards, the same nonce, which Discord makes no
// second message of) instead of joining them to later moves' in a new post
// that would announce them twice (seen in TestCluster). The only replica
// needs no mark: no other can post meanwhile, and a person acting after a
// restart waits for what the channel is owed. False: the mark could not
// be written; the worker tries later.
func (b *Bot) markTried(ctx context.Context, g *store.Game, first store.Announcement, p part) bool {
	if _, alone := b.cfg.Owners.(everything); alone || first.Doubt {
		return true
	}
	if err := b.cfg.Store.Retry(ctx, g.Channel, g.ID, store.Board, p.last.Version, b.now(), true); err != nil {
		if ctx.Err() == nil {
			b.log.Error("marking a post as tried", "err", err, "channel", g.Channel)
		}
		return false
	}
	return true
}

// boardID is the id of a part's post as the game's latest board: none for
// a post of words only.
func boardID(p part, id string) string {
	if !p.board {
		return ""
	}
	return id
}

// partText is what a post of a backlog says, in the channel's language.
func (b *Bot) partText(g *store.Game, p part) string {
	lines := p.lines
	if p.skipped > 0 {
		pub := b.cfg.Catalog.Printer(langOf(g))
		lines = append([]string{pub.N("bot.backlog.skipped", p.skipped, "command", "/"+g.Kind)}, lines...)
	}
	return strings.Join(lines, "\n")
}

// nonceWindow is how long Discord is sure to remember a post's nonce (it
// says "the past few minutes"); a post retried later is looked for first.
const nonceWindow = 4 * time.Minute

// find looks for a post of the channel that begins with text, among its
// latest.
func (b *Bot) find(ctx context.Context, channel, text string) (string, bool) {
	f, ok := b.cfg.Poster.(Finder)
	if !ok || text == "" {
		return "", false
	}
	id, found, err := f.Find(ctx, channel, text)
	if err != nil {
		b.failed(ctx, channel, "looking for a post", err)
	}
	return id, found
}

// failed logs a failed request to the platform about a channel, and parks
// the channel when the platform says it is gone.
func (b *Bot) failed(ctx context.Context, channel, doing string, err error) {
	if errors.Is(err, ErrGone) {
		b.park(ctx, channel, err)
		return
	}
	if ctx.Err() == nil {
		b.log.Warn(doing, "err", err, "channel", channel)
	}
}

// awaited reports whether an announcement waits for an answer of this
// process to carry it; one made before the process started waits for
// nothing (its answer was made or never will be).
func (b *Bot) awaited(a store.Announcement) bool {
	return a.Reply && !a.Created.Before(b.born)
}

// attempt posts m, part p of the owed announcements of kind for game g,
// and records the outcome: posted (the part's announcements are no longer
// owed), refused (posted in words only, or dropped), the channel gone
// (parked), or to be tried again after a backoff (all the owed ones, so
// that the same post is tried again).
func (b *Bot) attempt(ctx context.Context, g *store.Game, kind string, p part, owed []store.Announcement, m Message) (bool, time.Duration) {
	channel := g.Channel
	if b.cfg.Poster == nil {
		b.posted(ctx, channel, g.ID, kind, p.last.Version, "")
		return true, 0
	}
	id, err := b.cfg.Poster.Post(ctx, channel, m)
	switch {
	case err == nil:
		b.posted(ctx, channel, g.ID, kind, p.last.Version, boardID(p, id))
		return true, 0
	case ctx.Err() != nil:
		return false, 0
	case errors.Is(err, ErrGone):
		b.park(ctx, channel, err)
		return false, 0
	case errors.Is(err, ErrRefused):
		return b.refused(ctx, g, kind, p, m, err)
	}
	return b.later(ctx, g, kind, owed, err)
}

// later records that posting the owed announcements of kind for game g
// failed with err, and when to try again: after a backoff, or the wait a
// rate limit asks for.
func (b *Bot) later(ctx context.Context, g *store.Game, kind string, owed []store.Announcement, err error) (bool, time.Duration) {
	channel := g.Channel
	attempts := owed[0].Attempts + 1
	limited := retryAfter(err)
	wait := max(Jitter(backoff(b.cfg.Retry, attempts)), limited)
	b.log.Warn("posting in a channel failed; trying again later", "err", err, "channel", channel, "attempt", attempts, "wait", wait)
	// A rate limited post was not made; any other failure may have been.
	doubt := limited == 0
	if err := b.cfg.Store.Retry(ctx, channel, g.ID, kind, owed[len(owed)-1].Version, b.now().Add(wait), doubt); err != nil {
		b.log.Error("recording a failed post", "err", err, "channel", channel)
		return false, 0
	}
	return false, wait
}

// refused handles a post Discord refused as it is: a board is posted again
// in words only (without its image and buttons, within the limits); what is
// still refused is dropped and logged, since sending it again cannot help.
func (b *Bot) refused(ctx context.Context, g *store.Game, kind string, p part, m Message, err error) (bool, time.Duration) {
	if m.Image != nil || m.Film != nil || len(m.Rows) > 0 {
		words := Message{Content: clipContent(m.Content), Mentions: m.Mentions, Notify: m.Notify, Nonce: m.Nonce + "w"}
		if _, err2 := b.cfg.Poster.Post(ctx, g.Channel, words); err2 == nil {
			b.log.Error("Discord refused a board post; it was posted in words only", "err", err, "channel", g.Channel, "game", g.ID)
			b.posted(ctx, g.Channel, g.ID, kind, p.last.Version, "")
			return true, 0
		} else if errors.Is(err2, ErrGone) {
			b.park(ctx, g.Channel, err2)
			return false, 0
		}
	}
	b.log.Error("Discord refused a post; it is dropped", "err", err, "channel", g.Channel, "game", g.ID, "kind", kind)
	b.posted(ctx, g.Channel, g.ID, kind, p.last.Version, "")
	return true, 0
}

// posted records that announcements up to version upTo were posted as
// message id ("" for a post that is not the game's board).
func (b *Bot) posted(ctx context.Context, channel, game, kind string, upTo uint64, id string) {
	if kind == store.Board {
		b.films.forget(game)
	}
	if err := b.cfg.Store.Posted(ctx, channel, game, kind, upTo, id); err != nil && ctx.Err() == nil {
		b.log.Error("recording a post", "err", err, "channel", channel)
	}
}

// drop removes announcement a without posting it.
func (b *Bot) drop(ctx context.Context, channel string, a store.Announcement) {
	b.posted(ctx, channel, a.Game, a.Kind, a.Version, "")
}

// What answered found.
const (
	answeredNone  = iota // no answer: the boards are still owed
	answeredLast         // the answer that carries the last owed board (its id)
	answeredOlder        // an older answer, recorded as posted: read the outbox again
)

// answered looks, among the channel's messages, for the answer to one of
// the interactions whose answers were to carry the owed boards.
func (b *Bot) answered(ctx context.Context, channel string, owed []store.Announcement) (string, int) {
	f, ok := b.cfg.Poster.(Finder)
	if !ok {
		return "", answeredNone
	}
	last := owed[len(owed)-1]
	for i := len(owed) - 1; i >= 0; i-- {
		a := owed[i]
		if a.Interaction == "" {
			continue
		}
		id, found, err := f.Answer(ctx, channel, a.Interaction)
		if err != nil {
			b.failed(ctx, channel, "looking for an interaction's answer", err)
			return "", answeredNone
		}
		if found && a.Seq == last.Seq {
			return id, answeredLast
		}
		if found {
			// An older answer was posted: the boards up to it are not owed.
			b.posted(ctx, channel, a.Game, store.Board, a.Version, "")
			return "", answeredOlder
		}
	}
	return "", answeredNone
}

// boardAt is the post of game g's board after its first moves moves,
// saying text: the board as it was then, with its last move highlighted;
// it pings the seats to act, but those of noPing, only when the game has
// not moved on since. user is whose DM it is ("" for the channel's).
func (b *Bot) boardAt(ctx context.Context, g *store.Game, moves int, text string, noPing []string, user string) (Message, error) {
	game, ok := b.game(g.Kind)
	if !ok {
		return Message{}, errNoKind(g.Kind)
	}
	moves = min(moves, len(g.Moves))
	t := &table{game: game, stored: g.Clone()}
	t.stored.Moves = t.stored.Moves[:moves]
	if moves == len(g.Moves) {
		var err error
		if t, err = b.replay(game, t.stored); err != nil {
			return Message{}, err
		}
	} else {
		// An older board: replayed apart, not cached (the cache holds the
		// game as it stands).
		st, err := game.Load(t.stored.Record())
		if err != nil {
			return Message{}, err
		}
		t.state = st
	}
	current := moves == len(g.Moves) && (g.Status == store.Playing || g.Status == store.Over)
	if current && t.state.Over() {
		t.rated = b.ratedLines(ctx, t)
	}
	m := b.boardFor(t, text, t.state.Last(), current, user)
	if !current {
		m.Rows, m.Mentions, m.Notify = nil, nil, false
	}
	unping(&m, noPing)
	m.Content = clipContent(m.Content)
	return m, nil
}
