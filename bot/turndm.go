package bot

import (
	"context"
	"errors"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablebot/tablebot/store"
)

// Turn DMs. A change that gives the turn to people (a move, the start) or
// reminds them records, in its announcement and so in the same
// transaction, who is owed the turn in their DMs (notify dm or both) and
// whom the channel's post does not ping (notify dm): the settings as they
// are when the change is made. Once the channel's post is made (by the
// answer or by the channel's worker) the announcement stays in the outbox,
// Shown, and the worker sends the DMs: the board, the same buttons as the
// channel's post (pressed there, they act in the channel: dm.go), a link
// to the channel. Each DM has a nonce of its announcement and user, so
// that a try made again makes no second DM while Discord remembers it.
// Discord refusing a DM (the user does not accept the bot's DMs) falls
// back to a ping in the channel, and the player is told once, privately,
// with their next interaction's answer (noticeOwed).

// UserDMRefused is the user setting that remembers Discord refused a turn
// DM to them: dmRefusedOwed until they are told, then dmRefusedTold.
const UserDMRefused = "dm-refused"

// The values of UserDMRefused.
const (
	dmRefusedOwed = "owed"
	dmRefusedTold = "told"
)

// direct returns the poster of DMs, when the platform has DMs.
func (b *Bot) direct() (DirectPoster, bool) {
	dp, ok := b.cfg.Poster.(DirectPoster)
	return dp, ok
}

// reach is where a person's turns reach them: their notify setting, and
// when their quiet hours end if they are in them now (zero: they are not).
type reach struct {
	where string
	quiet time.Time
}

// notices reads where the turns of g's people reach them, by user: their
// notify setting when the platform has DMs (else everybody is pinged in
// the channel), and their quiet hours. Read just before the change is
// committed.
func (b *Bot) notices(ctx context.Context, g *store.Game) (map[string]reach, error) {
	_, direct := b.direct()
	var users []string
	for _, p := range g.Players {
		if p.UserID != "" && p.Computer == "" {
			users = append(users, p.UserID)
		}
	}
	// One read of the people's settings, for both.
	settings, err := b.cfg.Store.UserSettings(ctx, users...)
	if err != nil {
		return nil, err
	}
	out := map[string]reach{}
	now := b.now()
	for _, u := range users {
		r := reach{where: NotifyChannel}
		if w := settings[u][UserNotify]; direct && w != "" {
			r.where = w
		}
		if q, ok := parseQuiet(settings[u][UserQuiet]); ok {
			_, r.quiet = q.at(now)
		}
		out[u] = r
	}
	return out, nil
}

// notice is who is owed a turn in their DMs, whom the channel's post does
// not ping, and when the first of those in their quiet hours is out of
// them (zero: none is in them).
type notice struct {
	dm, noPing []string
	quietEnd   time.Time
}

// noticeOf is the notice of the people among seats, whose turns reach
// them as where says: nobody in their quiet hours is DM'd or pinged.
func noticeOf(t *table, seats []int, where map[string]reach) notice {
	var n notice
	for _, seat := range seats {
		pl := t.seat(seat)
		if level(pl) != "" || pl.UserID == "" || slices.Contains(n.dm, pl.UserID) || slices.Contains(n.noPing, pl.UserID) {
			continue
		}
		r := where[pl.UserID]
		switch {
		case !pl.AwayUntil.IsZero(): // away: no DM, no ping
			n.noPing = append(n.noPing, pl.UserID)
		case !r.quiet.IsZero():
			n.noPing = append(n.noPing, pl.UserID)
			if n.quietEnd.IsZero() || r.quiet.Before(n.quietEnd) {
				n.quietEnd = r.quiet
			}
		case r.where == NotifyDM:
			n.dm = append(n.dm, pl.UserID)
			n.noPing = append(n.noPing, pl.UserID)
		case r.where == NotifyBoth:
			n.dm = append(n.dm, pl.UserID)
		}
	}
	return n
}

// turnNotice is the notice of the seats to act in t.
func turnNotice(t *table, where map[string]reach) notice {
	return noticeOf(t, t.toAct(), where)
}

// wake is when a game whose turn n announces is to be looked at: at
// wake, or when the quiet hours of its players end (their digest; the
// reminders are counted from there).
func (n notice) wake(wake time.Time) time.Time {
	if n.quietEnd.IsZero() {
		return wake
	}
	return n.quietEnd
}

// owe records n in announcement a.
func (n notice) owe(a *store.Announcement) *store.Announcement {
	if a != nil {
		a.DM, a.NoPing = n.dm, n.noPing
	}
	return a
}

// unping takes the users who are not to be pinged off a post's mentions.
func unping(m *Message, noPing []string) {
	if len(noPing) == 0 || len(m.Mentions) == 0 {
		return
	}
	m.Mentions = slices.DeleteFunc(slices.Clone(m.Mentions), func(u string) bool { return slices.Contains(noPing, u) })
	m.Notify = m.Notify && len(m.Mentions) > 0
}

// dmNonce names the DM of announcement seq to user: at most 25
// characters.
func dmNonce(seq uint64, user string) string {
	return "tb" + strconv.FormatUint(seq, 36) + "d" + userKey(user)
}

// userKey is a short name of a user for a nonce: a snowflake in base 36
// (at most 13 characters), or a hash of another id.
func userKey(user string) string {
	id, err := strconv.ParseUint(user, 10, 64)
	if err != nil {
		h := fnv.New64a()
		h.Write([]byte(user))
		id = h.Sum64()
	}
	return strconv.FormatUint(id, 36)
}

// deliverDMs sends the DMs Shown announcement a of game g still owes, then
// pings in the channel those who refuse DMs; the announcement is then no
// longer owed. A DM that failed otherwise is tried again later, with the
// others (the same nonces: those made are not made twice).
func (b *Bot) deliverDMs(ctx context.Context, g *store.Game, a store.Announcement) (bool, time.Duration) {
	dp, ok := b.direct()
	if !ok || b.staleTurn(g, a) {
		b.drop(ctx, g.Channel, a)
		return true, 0
	}
	var refused []string
	for _, user := range a.DM {
		m, err := b.turnDM(ctx, g, a, user)
		if err != nil {
			b.log.Error("a turn DM cannot be made; it is dropped", "err", err, "channel", g.Channel, "game", g.ID)
			b.drop(ctx, g.Channel, a)
			return true, 0
		}
		_, err = dp.PostDM(ctx, user, m)
		switch {
		case err == nil:
		case ctx.Err() != nil:
			return false, 0
		case errors.Is(err, ErrDMRefused), errors.Is(err, ErrGone), errors.Is(err, ErrRefused):
			b.log.Info("a turn DM was refused; the channel pings the player", "err", err, "channel", g.Channel, "user", user)
			if slices.Contains(a.NoPing, user) {
				refused = append(refused, user) // pinged by nothing else
			}
			b.dmRefused(ctx, user, err)
		default:
			return b.later(ctx, g, a.Kind, []store.Announcement{a}, err)
		}
	}
	if len(refused) == 0 {
		b.posted(ctx, g.Channel, g.ID, a.Kind, a.Version, "")
		return true, 0
	}
	return b.attempt(ctx, g, a.Kind, part{last: a}, []store.Announcement{a}, b.refusedPing(g, a, refused))
}

// superseded reports whether the outbox's first announcement is DMs
// owed (Shown) for a turn a later board of its game announces over: they
// are stale, and go at once, not after their next try's wait.
func superseded(box []store.Announcement) bool {
	first := box[0]
	return first.Shown && slices.ContainsFunc(box[1:], func(a store.Announcement) bool {
		return a.Game == first.Game && a.Kind == store.Board
	})
}

// staleTurn reports whether the turn a announces is no longer the game's:
// it moved on, or ended (a reminder: anything changed since).
func (b *Bot) staleTurn(g *store.Game, a store.Announcement) bool {
	if g.Status != store.Playing || g.Position > a.Version || a.Moves != len(g.Moves) {
		return true
	}
	return a.Kind == store.Reminder && g.Version != a.Version
}

// turnDM is the DM of announcement a of game g to user: for a board, what
// happened, the board and its buttons; for a reminder, its words. Both
// say which game and link to its channel.
func (b *Bot) turnDM(ctx context.Context, g *store.Game, a store.Announcement, user string) (Message, error) {
	game, ok := b.game(g.Kind)
	if !ok {
		return Message{}, errNoKind(g.Kind)
	}
	pub := b.cfg.Catalog.Printer(langOf(g))
	where := b.channelLink(g)
	var m Message
	if a.Kind == store.Reminder {
		text := pub.T("bot.dm.remind", "game", game.Title(pub), "channel", where, "waited", waited(pub, b.now().Sub(since(g))))
		if link := b.link(g.Guild, g.Channel, g.BoardMessage); link != "" {
			text += " " + pub.T("bot.remind.board", "link", link)
		}
		m = Message{Content: clipContent(text)}
	} else {
		head := pub.T("bot.dm.turn", "game", game.Title(pub), "channel", where)
		var err error
		if m, err = b.boardAt(ctx, g, a.Moves, strings.Join(append([]string{head}, a.Lines...), "\n"), nil, user); err != nil {
			return Message{}, err
		}
	}
	// A DM notifies its reader by itself: it mentions nobody.
	m.Mentions, m.Notify = nil, false
	m.Nonce = dmNonce(a.Seq, user)
	return m, nil
}

// channelLink links to a game's channel ("" where links are not made).
func (b *Bot) channelLink(g *store.Game) string {
	if b.cfg.LinkBase == "" || g.Guild == "" {
		return "<#" + g.Channel + ">"
	}
	return b.cfg.LinkBase + g.Guild + "/" + g.Channel
}

// refusedPing is the channel's ping of the players to whom Discord
// refused the turn DM of announcement a.
func (b *Bot) refusedPing(g *store.Game, a store.Announcement, users []string) Message {
	pub := b.cfg.Catalog.Printer(langOf(g))
	who := make([]string, len(users))
	for i, u := range users {
		who[i] = "<@" + u + ">"
	}
	text := pub.T("bot.dm.fallback", "mention", strings.Join(who, " "))
	if link := b.link(g.Guild, g.Channel, g.BoardMessage); link != "" {
		text += " " + pub.T("bot.remind.board", "link", link)
	}
	return Message{Content: clipContent(text), Mentions: users, Notify: true, Nonce: nonce(a.Seq) + "p"}
}

// dmRefused remembers that Discord refused a turn DM to user, so that
// they are told once why their turns ping them in the channel.
func (b *Bot) dmRefused(ctx context.Context, user string, why error) {
	if !errors.Is(why, ErrDMRefused) {
		return
	}
	v, err := b.cfg.Store.UserSetting(ctx, user, UserDMRefused)
	if err == nil && v == "" {
		err = b.cfg.Store.SetUserSetting(ctx, user, UserDMRefused, dmRefusedOwed)
	}
	if err != nil && ctx.Err() == nil {
		b.log.Error("remembering a refused DM", "err", err, "user", user)
	}
}

// noticeOwed makes reply look, once delivered, for the private notice
// owed to the asker: that Discord refused their turn DMs. It goes as a
// private follow-up of the answer, whatever the answer (a board is
// public, a menu's step an edit); once it is sent it is not owed any more.
func (b *Bot) noticeOwed(req Request, reply *Reply) {
	if req.User.ID == "" || req.Kind == AutocompleteRequest {
		return
	}
	user := req.User.ID
	p := b.printer(req.User.Locale)
	reply.Notice = func(ctx context.Context) *Message {
		v, err := b.cfg.Store.UserSetting(ctx, user, UserDMRefused)
		if err != nil || v != dmRefusedOwed {
			return nil
		}
		command := "/" + PersonCommand + " " + p.T(b.textID(PersonCommand, "cmd", cmdNotify, "name"))
		return &Message{Content: p.T("bot.dm.refused", "command", command), Sent: func(ctx context.Context, _ string) {
			if err := b.cfg.Store.SetUserSetting(ctx, user, UserDMRefused, dmRefusedTold); err != nil && ctx.Err() == nil {
				b.log.Error("remembering a notice given", "err", err, "user", user)
			}
		}}
	}
}
