package bot

import (
	"context"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// Turns configures the reminders of players whose turn it is.
type Turns struct {
	// RemindAfter is how long a turn waits before its player is reminded,
	// then again each time as long; 0 sends no reminders.
	RemindAfter time.Duration
	// RemindMax is the most reminders of one turn.
	RemindMax int
}

// DefaultTurns are the reminders of a channel that sets none: a day, three
// times.
var DefaultTurns = Turns{RemindAfter: 24 * time.Hour, RemindMax: 3}

// Channel settings of the reminders, which a channel's players change with
// the settings subcommand.
const (
	settingReminders = "reminders"      // a duration, or "off"
	settingRemindMax = "reminders-max"  // the most reminders a turn
	settingThen      = "reminders-then" // after the last: "wait" or "computer"
	settingStarted   = "started"        // when the game started (RFC 3339)
)

// What happens after a turn's last reminder.
const (
	thenWait     = "wait"     // nothing: the game waits
	thenComputer = "computer" // a computer plays the seat until its owner is back
)

// StandIn is the level of the computer that plays for a person who does
// not answer their reminders (and a computer seat of an imported record):
// medium, or the game's middle level; "" for a game without computers.
func StandIn(g Game) string {
	levels := g.Levels()
	if slices.Contains(levels, "medium") {
		return "medium"
	}
	if len(levels) == 0 {
		return ""
	}
	return levels[len(levels)/2]
}

// minReminders is the shortest wait a channel may set between reminders,
// and maxRemindWait the longest (a year: the reminders' times, several of
// them, stay far within what a time holds).
const (
	minReminders  = 5 * time.Minute
	maxRemindWait = 365 * 24 * time.Hour
)

// channelTurns is a channel's reminders: its own settings over the bot's.
type channelTurns struct {
	Turns
	then string
}

// turns reads a channel's reminders.
func (b *Bot) turns(ctx context.Context, channel string) (channelTurns, error) {
	out := channelTurns{Turns: *b.cfg.Turns, then: thenWait}
	if v, err := b.cfg.Store.ChannelSetting(ctx, channel, settingReminders); err != nil {
		return out, err
	} else if v == "off" {
		out.RemindAfter = 0
	} else if d, ok := parseWait(v); ok {
		out.RemindAfter = d
	}
	if v, err := b.cfg.Store.ChannelSetting(ctx, channel, settingRemindMax); err != nil {
		return out, err
	} else if n, err := strconv.Atoi(v); err == nil && n > 0 {
		out.RemindMax = n
	}
	if v, err := b.cfg.Store.ChannelSetting(ctx, channel, settingThen); err != nil {
		return out, err
	} else if v == thenComputer {
		out.then = v
	}
	return out, nil
}

// parseWait reads a wait: a Go duration ("90m", "12h") or days ("2d"). A
// wait too long to count (beyond some 290 years) is refused, not wrapped
// round to a short one.
func parseWait(s string) (time.Duration, bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n <= 0 || n > maxWaitDays {
			return 0, false
		}
		return time.Duration(n) * 24 * time.Hour, true
	}
	d, err := time.ParseDuration(s)
	return d, err == nil && d > 0
}

// maxWaitDays is the most days a time.Duration holds.
const maxWaitDays = int(math.MaxInt64 / int64(24*time.Hour))

// since is when the current turn of a game began: its last move, or its
// start.
func since(g *store.Game) time.Time {
	if n := len(g.Moves); n > 0 {
		return g.Moves[n-1].At
	}
	if t, err := time.Parse(time.RFC3339Nano, g.Settings[settingStarted]); err == nil {
		return t
	}
	return g.Created
}

// Remind looks at the games that are due (their store.Game.Wake has come,
// as the wake index says: the cost follows what is due, not the games
// stored) and does what is due: a computer's turn is woken; when the
// player to move has not moved for the channel's wait, a short post pings
// them, then again each time the wait passes, at most the channel's number
// of times a turn; after that, a channel that asks for it hands the seat to
// a computer until its owner is back. Each game is then given its next
// wake. The count lives in the stored game, written with the reminder's
// announcement, so that a restart neither loses nor repeats a reminder.
// Bot.Start calls it regularly; tests call it with their own clock.
func (b *Bot) Remind(ctx context.Context) {
	now := b.now()
	due, err := b.cfg.Store.Due(ctx, now, maxDue)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Error("reading what is due", "err", err)
		}
		return
	}
	for _, d := range due {
		if !b.owns(ctx, d.Channel) {
			continue // another replica reminds its channels
		}
		b.awayOver(ctx, d, now)
		err := b.remind(ctx, d, now)
		switch {
		case err == nil || ctx.Err() != nil:
		case errors.Is(err, errUnreplayable):
			b.log.Error("a stored game does not replay; it waits", "err", err, "channel", d.Channel, "game", d.Game)
			b.wakeNever(ctx, d)
		default:
			b.log.Error("looking at a game that is due", "err", err, "channel", d.Channel, "game", d.Game)
		}
	}
}

// wakeNever takes game d out of the games that are due, as it is: it waits
// for a change.
func (b *Bot) wakeNever(ctx context.Context, d store.Due) {
	g, err := b.cfg.Store.Current(ctx, d.Channel)
	if err == nil && g.ID == d.Game {
		err = b.cfg.Store.SetWake(ctx, d.Channel, d.Game, g.Version, time.Time{})
	}
	if err != nil && rules.ErrorCode(err) == rules.Internal && ctx.Err() == nil {
		b.log.Error("taking a game out of the due ones", "err", err, "channel", d.Channel)
	}
}

// maxDue is the most games one look at the reminders takes up: the rest
// wait for the next (a start after a long stop finds many).
const maxDue = 1000

// computerAgain is when a game left waiting on a computer is looked at
// again (the computer failed, or the bot stopped while it thought).
const computerAgain = 10 * time.Minute

// remind does what is due in game d: a computer's turn, a reminder, a seat
// handed over; and sets when to look at it again.
func (b *Bot) remind(ctx context.Context, d store.Due, now time.Time) error {
	unlock := b.lock(d.Channel)
	defer unlock()
	t, err := b.load(ctx, d.Channel, "")
	switch {
	case rules.ErrorCode(err) == store.NotFound:
		return nil
	case err != nil:
		return err
	case t.stored.ID != d.Game:
		return nil
	}
	if b.parked(ctx, d.Channel) {
		return b.setWake(ctx, t, time.Time{}) // until the channel is back
	}
	if _, ok := t.computerToAct(); ok {
		b.wake(d.Channel)
		return b.setWake(ctx, t, now.Add(computerAgain))
	}
	turns, err := b.turns(ctx, d.Channel)
	if err != nil {
		return err
	}
	if done, err := b.quietLook(ctx, t, turns, now); done || err != nil {
		return err
	}
	next, err := b.remindAt(ctx, t, turns, t.stored.Reminded)
	if err != nil {
		return err
	}
	if next.IsZero() || now.Before(next) {
		return b.setWake(ctx, t, next)
	}
	return b.remindSeats(ctx, t, turns, now)
}

// setWake sets when to look at t's game again, if it is still at t's
// version.
func (b *Bot) setWake(ctx context.Context, t *table, at time.Time) error {
	return ignoreConflict(b.cfg.Store.SetWake(ctx, t.stored.Channel, t.stored.ID, t.stored.Version, t.awayWake(at)))
}

// wakeAt is when the bot is to look at table t again by itself, with the
// channel's reminders turns, its turn having begun at began with reminded
// reminders sent: at once when a computer is to act, when the next reminder
// (or the hand-over after the last) falls due when a person is; never once
// the game is over, or without reminders.
func wakeAt(t *table, turns channelTurns, began time.Time, reminded int) time.Time {
	if t.state == nil || t.state.Over() {
		return time.Time{}
	}
	if _, ok := t.computerToAct(); ok {
		return began
	}
	if turns.RemindAfter <= 0 || reminded >= turns.RemindMax && turns.then != thenComputer {
		return time.Time{}
	}
	if reminded > turns.RemindMax {
		return time.Time{} // handed over already
	}
	return began.Add(time.Duration(reminded+1) * turns.RemindAfter)
}

// remindSeats sends t's reminder, or hands the waiting seats to a
// computer after the last, with the game's next wake.
func (b *Bot) remindSeats(ctx context.Context, t *table, turns channelTurns, now time.Time) error {
	var waiting []int
	for _, seat := range t.toAct() {
		if level(t.seat(seat)) != "" || !t.seat(seat).AwayUntil.IsZero() {
			continue // a computer's, or a person's who is away
		}
		// Nobody in their quiet hours is reminded (quietLook).
		if until, err := b.quietUntil(ctx, t.seat(seat).UserID, now); err != nil {
			return err
		} else if until.IsZero() {
			waiting = append(waiting, seat)
		}
	}
	if len(waiting) == 0 {
		return b.setWake(ctx, t, time.Time{})
	}
	version, g := t.stored.Version, t.stored
	if g.Reminded >= turns.RemindMax {
		lv := StandIn(t.game)
		if lv == "" {
			return b.setWake(ctx, t, time.Time{}) // no computer to stand in
		}
		_, err := b.cfg.Store.Update(ctx, g.Channel, g.ID, func(g *store.Game) error {
			if g.Version != version {
				return fail(store.Conflict, "bot.err.conflict")
			}
			for _, seat := range waiting {
				g.Players[seat].Away = lv
			}
			g.Reminded++
			g.Wake = now // the computer's turn
			return nil
		})
		if err == nil {
			b.wake(g.Channel)
		}
		return ignoreConflict(err)
	}
	// A reminder follows where each one's turns reach them: those who
	// asked for DMs only are reminded there, not in the channel.
	where, err := b.notices(ctx, g)
	if err != nil {
		return err
	}
	owed := noticeOf(t, waiting, where)
	pinged := slices.DeleteFunc(slices.Clone(waiting), func(seat int) bool { return slices.Contains(owed.noPing, t.seat(seat).UserID) })
	if len(pinged) == 0 {
		pinged = waiting // said in the words only: nobody is pinged in the channel
	}
	text := b.reminderText(t, pinged, now)
	next, err := b.remindAt(ctx, t, turns, g.Reminded+1)
	if err != nil {
		return err
	}
	_, err = b.cfg.Store.UpdateAnnounced(ctx, g.Channel, g.ID, func(g *store.Game) (*store.Announcement, error) {
		if g.Version != version {
			return nil, fail(store.Conflict, "bot.err.conflict")
		}
		g.Reminded++
		g.Wake = t.awayWake(next)
		return owed.owe(&store.Announcement{Kind: store.Reminder, Lines: []string{text}}), nil
	})
	if err == nil {
		b.deliver(g.Channel)
	}
	return ignoreConflict(err)
}

// reminderText is what a reminder of the seats waiting in t says, written
// once when it falls due (a post tried again says the same).
func (b *Bot) reminderText(t *table, waiting []int, now time.Time) string {
	pub := b.cfg.Catalog.Printer(t.lang())
	var names []string
	for _, seat := range waiting {
		names = append(names, "<@"+t.seat(seat).UserID+">")
	}
	text := pub.T("bot.remind", "mention", strings.Join(names, " "), "game", t.game.Title(pub),
		"waited", waited(pub, now.Sub(since(t.stored))))
	if link := b.link(t.stored.Guild, t.stored.Channel, t.stored.BoardMessage); link != "" {
		text += " " + pub.T("bot.remind.board", "link", link)
	}
	return text
}

// ignoreConflict drops the conflict of a game that moved meanwhile: its
// reminder is not due any more.
func ignoreConflict(err error) error {
	if rules.ErrorCode(err) == store.Conflict {
		return nil
	}
	return err
}

// remindNow posts reminder a of game g, if the game is still at the
// version the reminder was written for (nobody moved, no seat changed).
func (b *Bot) remindNow(ctx context.Context, g *store.Game, a store.Announcement) (bool, time.Duration) {
	game, ok := b.game(g.Kind)
	if !ok || g.Status != store.Playing || g.Version != a.Version || len(a.Lines) == 0 {
		b.drop(ctx, g.Channel, a)
		return true, 0
	}
	t, err := b.replay(game, g)
	if err != nil {
		b.drop(ctx, g.Channel, a)
		return true, 0
	}
	var mentions []string
	for _, seat := range t.toAct() {
		if pl := t.seat(seat); level(pl) == "" && !slices.Contains(a.NoPing, pl.UserID) {
			mentions = append(mentions, pl.UserID)
		}
	}
	if len(mentions) == 0 {
		// Nobody to remind in the channel: the DMs it owes, if any, go
		// (the announcement is then Shown), or it is dropped.
		b.drop(ctx, g.Channel, a)
		return true, 0
	}
	text := strings.Join(a.Lines, "\n")
	p := part{lines: a.Lines, last: a}
	if a.Doubt && b.now().Sub(a.Created) > nonceWindow {
		// Past Discord's window for nonces: look for the reminder itself.
		if _, found := b.find(ctx, g.Channel, text); found {
			b.posted(ctx, g.Channel, g.ID, store.Reminder, a.Version, "")
			return true, 0
		}
	}
	m := Message{Content: clipContent(text), Mentions: mentions, Notify: true, Nonce: nonce(a.Seq)}
	return b.attempt(ctx, g, store.Reminder, p, []store.Announcement{a}, m)
}

// waited writes a duration for people: "3 days 2 hours", "5 hours", "12
// minutes".
func waited(p *i18n.Printer, d time.Duration) string {
	days, hours, minutes := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	switch {
	case days > 0 && hours > 0:
		return p.N("bot.n.days", days) + " " + p.N("bot.n.hours", hours)
	case days > 0:
		return p.N("bot.n.days", days)
	case hours > 0:
		return p.N("bot.n.hours", hours)
	}
	return p.N("bot.n.minutes", max(minutes, 1))
}

// back gives a person their seat back from the computer that stood in for
// them: any request of theirs in the channel does it.
func (b *Bot) back(ctx context.Context, req Request) {
	g, err := b.cfg.Store.Current(ctx, req.Channel)
	if err != nil || g.Status != store.Playing {
		return
	}
	away := false
	for _, p := range g.Players {
		away = away || p.UserID == req.User.ID && p.Away != ""
	}
	if !away {
		return
	}
	unlock := b.lock(req.Channel)
	defer unlock()
	_, err = b.cfg.Store.Update(ctx, req.Channel, g.ID, func(g *store.Game) error {
		for i := range g.Players {
			if g.Players[i].UserID == req.User.ID {
				g.Players[i].Away = ""
			}
		}
		return nil
	})
	if err != nil && ctx.Err() == nil && rules.ErrorCode(err) == rules.Internal {
		b.log.Error("giving a seat back", "err", err, "channel", req.Channel)
	}
}

// Start starts the bot's own background work: it resumes what the games
// were doing when the bot stopped (computer turns, posts owed), then
// sends the reminders as they fall due, looking every minute (or every
// tenth of the reminders' wait when that is shorter, at least every
// second). Close stops it.
func (b *Bot) Start(ctx context.Context) {
	b.watchOwners(b.bg)
	b.Resume(ctx)
	every := time.Minute
	if d := b.cfg.Turns.RemindAfter / 10; d > 0 && d < every {
		every = max(d, time.Second)
	}
	b.remindIn(every)
}

// remindIn sends the reminders due after d, and so on every d.
func (b *Bot) remindIn(d time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return
	}
	b.remindTimer = b.clock.AfterFunc(d, func() {
		if !b.enter() {
			return
		}
		defer b.running.Done()
		b.Remind(b.bg)
		b.remindIn(d)
	})
}
