package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// Away: a person says they are away until a time (/tablebot away), in
// every game and server. Each of their games in play marks their seats
// (store.Player.AwayUntil) and its channel is told once, pinging nobody;
// while they are away their turns ping nobody and no reminder or DM goes
// to them, and with then:computer a computer (the stand-in of unanswered
// reminders, store.Player.Away) plays their seats. They are back with
// /tablebot back, with any other command of the bot, or when the time
// ends: the game whose wake (the due index) comes first at that time
// gives their seats back in all their games, and each channel is told
// once, pinging nobody (but the board, when it is their turn again).

// UserAway is the user setting of a person who is away: "<until, RFC
// 3339> <then>"; none while they are not.
const UserAway = "away"

// The subcommands of away and their options (and optThen).
const (
	cmdAway  = "away"
	cmdBack  = "back"
	optUntil = "until"
	optFor   = "for"
)

// settingBack is the game setting of when a person last came back to it:
// a turn's reminders count from then.
const settingBack = "back"

// maxAway is the longest a person may be away at once.
const maxAway = 366 * 24 * time.Hour

// awayCommands are PersonCommand's away and back.
func awayCommands() []CommandSpec {
	return []CommandSpec{
		{Name: cmdAway, Options: []OptionSpec{
			{Name: optUntil, Type: StringOption}, {Name: optFor, Type: StringOption},
			{Name: optThen, Type: StringOption, Choices: ChoicesOf("choice.away.", thenWait, thenComputer)},
		}},
		{Name: cmdBack},
	}
}

// absence is a person's time away: until when (UTC, to the second), and
// whether their games wait for them or a computer plays their seats.
type absence struct {
	until time.Time
	then  string
}

// String is the UserAway setting of a.
func (a absence) String() string { return a.until.UTC().Format(time.RFC3339) + " " + a.then }

// parseAbsence reads a UserAway setting.
func parseAbsence(v string) (absence, bool) {
	at, then, ok := strings.Cut(strings.TrimSpace(v), " ")
	until, err := time.Parse(time.RFC3339, at)
	if !ok || err != nil || then != thenWait && then != thenComputer {
		return absence{}, false
	}
	return absence{until: until.UTC(), then: then}, true
}

// untilLayouts are the forms of away's until, on the person's clock.
var untilLayouts = []string{"2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02"}

// readAbsence reads away's options at now: exactly one of until (a date,
// or a date and time, in loc) and span (3d, 12h, 1w), and then.
func readAbsence(until, span, then string, now time.Time, loc *time.Location) (absence, error) {
	until, span, then = strings.TrimSpace(until), strings.TrimSpace(span), strings.TrimSpace(strings.ToLower(then))
	a := absence{then: thenWait}
	switch then {
	case "", thenWait:
	case thenComputer:
		a.then = thenComputer
	default:
		return absence{}, fail(Invalid, "bot.away.bad-then", "then", then)
	}
	switch {
	case until != "" && span != "":
		return absence{}, fail(Invalid, "bot.away.both")
	case until == "" && span == "":
		return absence{}, fail(Invalid, "bot.away.neither")
	case span != "":
		d, ok := readSpan(span)
		if !ok {
			return absence{}, fail(Invalid, "bot.away.bad-for", "for", span)
		}
		a.until = now.Add(min(d, maxAway+time.Hour))
	default:
		at, ok := readUntil(until, loc)
		if !ok {
			return absence{}, fail(Invalid, "bot.away.bad-until", "until", until)
		}
		if !at.After(now) {
			return absence{}, fail(Invalid, "bot.away.past", "until", until)
		}
		a.until = at
	}
	if a.until.Sub(now) > maxAway {
		return absence{}, fail(Invalid, "bot.away.long")
	}
	a.until = a.until.UTC().Truncate(time.Second)
	return a, nil
}

// readUntil reads a date, or a date and time, on loc's clock.
func readUntil(s string, loc *time.Location) (time.Time, bool) {
	for _, layout := range untilLayouts {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// readSpan reads a time away: weeks ("1w"), days ("3d") or a Go duration
// ("12h").
func readSpan(s string) (time.Duration, bool) {
	s = strings.ToLower(s)
	if weeks, ok := strings.CutSuffix(s, "w"); ok {
		n, err := strconv.Atoi(weeks)
		if err != nil || n <= 0 || n > 60 {
			return 0, false
		}
		return time.Duration(n) * 7 * 24 * time.Hour, true
	}
	return parseWait(s)
}

// awayZone is the zone a person's until is read in: their quiet hours',
// else UTC (mine false).
func (b *Bot) awayZone(ctx context.Context, user string) (loc *time.Location, mine bool, err error) {
	q, ok, err := b.quietOf(ctx, user)
	if err != nil || !ok {
		return time.UTC, false, err
	}
	return q.loc, true, nil
}

// away sets the asker away, marks their games and tells their channels;
// privately, saying until when on their clock.
func (b *Bot) away(ctx context.Context, req Request) (Reply, error) {
	p := b.printer(req.User.Locale)
	loc, mine, err := b.awayZone(ctx, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	a, err := readAbsence(req.Option(optUntil), req.Option(optFor), req.Option(optThen), b.now(), loc)
	if err != nil {
		return Reply{}, err
	}
	if err := b.cfg.Store.SetUserSetting(ctx, req.User.ID, UserAway, a.String()); err != nil {
		return Reply{}, err
	}
	told := 0
	live, err := b.cfg.Store.LiveOf(ctx, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	for _, l := range live {
		if ok, err := b.markGame(ctx, l.Channel, req.User.ID, a); err != nil {
			b.awayFailed(ctx, "marking a game of a person away", err, l.Channel)
		} else if ok {
			told++
		}
	}
	zone := p.T("bot.away.zone.utc")
	if mine {
		zone = p.T("bot.away.zone.quiet", "zone", loc.String())
	}
	text := p.T("bot.away.set."+a.then, "until", a.until.In(loc).Format("2006-01-02 15:04"), "zone", zone) + " " + toldText(p, told)
	return Reply{Private: true, Message: Message{Content: text}}, nil
}

// comeBackCommand ends the asker's time away.
func (b *Bot) comeBackCommand(ctx context.Context, req Request) (Reply, error) {
	p := b.printer(req.User.Locale)
	v, err := b.cfg.Store.UserSetting(ctx, req.User.ID, UserAway)
	if err != nil {
		return Reply{}, err
	}
	if v == "" {
		return Reply{Private: true, Message: Message{Content: p.T("bot.away.not")}}, nil
	}
	told, err := b.comeBack(ctx, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Private: true, Message: Message{Content: p.T("bot.away.back") + " " + toldText(p, told)}}, nil
}

// toldText says how many channels were told.
func toldText(p *i18n.Printer, told int) string {
	if told == 0 {
		return p.T("bot.away.told-none")
	}
	return p.N("bot.away.told", told)
}

// awayEnds ends the time away of the asker of any request but away's and
// back's own: using the bot is being back.
func (b *Bot) awayEnds(ctx context.Context, req Request) {
	if req.User.ID == "" || req.Game == PersonCommand && (req.Command == cmdAway || req.Command == cmdBack) {
		return
	}
	v, err := b.cfg.Store.UserSetting(ctx, req.User.ID, UserAway)
	if err == nil && v != "" {
		_, err = b.comeBack(ctx, req.User.ID)
	}
	if err != nil && ctx.Err() == nil {
		b.log.Error("ending a person's time away", "err", err, "user", req.User.ID)
	}
}

// comeBack ends user's time away: the setting first, then their seats in
// every game; it returns how many channels were told.
func (b *Bot) comeBack(ctx context.Context, user string) (int, error) {
	if err := b.cfg.Store.SetUserSetting(ctx, user, UserAway, ""); err != nil {
		return 0, err
	}
	return b.returnSeats(ctx, user, func(time.Time) bool { return true })
}

// awayOver is the wake of game d at now: the people of its game whose
// time away has ended are back, in all their games.
func (b *Bot) awayOver(ctx context.Context, d store.Due, now time.Time) {
	g, err := b.cfg.Store.Current(ctx, d.Channel)
	if err != nil || g.ID != d.Game {
		return
	}
	for _, p := range g.Players {
		if p.UserID == "" || p.AwayUntil.IsZero() || p.AwayUntil.After(now) {
			continue
		}
		if err := b.awayEnded(ctx, d.Channel, p.UserID, now); err != nil {
			b.awayFailed(ctx, "ending a time away", err, d.Channel)
		}
	}
}

// awayEnded ends user's time away, over by now as the game of channel
// says; unless they are away again, for longer: that game's mark is then
// set anew.
func (b *Bot) awayEnded(ctx context.Context, channel, user string, now time.Time) error {
	v, err := b.cfg.Store.UserSetting(ctx, user, UserAway)
	if err != nil {
		return err
	}
	if a, ok := parseAbsence(v); ok && a.until.After(now) {
		_, err := b.markGame(ctx, channel, user, a)
		return err
	}
	if v != "" {
		if err := b.cfg.Store.SetUserSetting(ctx, user, UserAway, ""); err != nil {
			return err
		}
	}
	_, err = b.returnSeats(ctx, user, func(until time.Time) bool { return !until.After(now) })
	return err
}

// returnSeats gives user their seats back in every game of theirs marked
// away until a time that ended says is over; it returns how many channels
// were told.
func (b *Bot) returnSeats(ctx context.Context, user string, ended func(time.Time) bool) (int, error) {
	live, err := b.cfg.Store.LiveOf(ctx, user)
	if err != nil {
		return 0, err
	}
	told := 0
	for _, l := range live {
		if ok, err := b.returnGame(ctx, l.Channel, user, ended); err != nil {
			b.awayFailed(ctx, "giving a seat back", err, l.Channel)
		} else if ok {
			told++
		}
	}
	return told, nil
}

// awayFailed logs a failure to mark a game, or to give its seat back, but
// that of a game gone meanwhile.
func (b *Bot) awayFailed(ctx context.Context, doing string, err error, channel string) {
	if code := rules.ErrorCode(err); code != store.NotFound && code != store.Conflict && ctx.Err() == nil {
		b.log.Error(doing, "err", err, "channel", channel)
	}
}

// errUnchanged aborts an update that finds nothing to change.
var errUnchanged = errors.New("bot: nothing to change")

// markGame marks user away as a says in the channel's game in play, and
// tells the channel (nothing when it was so already). It reports whether
// the channel was told.
func (b *Bot) markGame(ctx context.Context, channel, user string, a absence) (bool, error) {
	unlock := b.lock(channel)
	defer unlock()
	t, err := b.load(ctx, channel, "")
	if err != nil || t.state == nil || t.state.Over() || t.stored.Status != store.Playing {
		return false, err
	}
	stand := ""
	if a.then == thenComputer {
		stand = StandIn(t.game)
	}
	pub := b.cfg.Catalog.Printer(t.lang())
	_, err = b.cfg.Store.UpdateAnnounced(ctx, channel, t.stored.ID, func(g *store.Game) (*store.Announcement, error) {
		name, changed := "", false
		for i := range g.Players {
			pl := &g.Players[i]
			if pl.UserID != user {
				continue
			}
			name = pl.Name
			lv := pl.Away
			if stand != "" {
				lv = stand
			}
			changed = changed || !pl.AwayUntil.Equal(a.until) || pl.Away != lv
			pl.AwayUntil, pl.Away = a.until, lv
		}
		if !changed {
			return nil, errUnchanged
		}
		return &store.Announcement{Kind: store.Notice, Lines: []string{awayNotice(pub, name, a.until, stand)}}, nil
	})
	if errors.Is(err, errUnchanged) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	b.deliver(channel)
	if stand != "" {
		b.wake(channel) // their seat may be the computer's to play now
	}
	return true, nil
}

// returnGame gives user their seats back in the channel's game in play
// where they are marked away until a time ended says is over, and tells
// the channel: in words that ping nobody, or, when a seat of theirs a
// computer played is to act, with the board, which pings them (their
// turn). It reports whether the channel was told.
func (b *Bot) returnGame(ctx context.Context, channel, user string, ended func(time.Time) bool) (bool, error) {
	unlock := b.lock(channel)
	defer unlock()
	t, err := b.load(ctx, channel, "")
	if err != nil || t.state == nil || t.state.Over() || t.stored.Status != store.Playing {
		return false, err
	}
	where, err := b.notices(ctx, t.stored)
	if err != nil {
		return false, err
	}
	pub := b.cfg.Catalog.Printer(t.lang())
	now := b.now()
	_, err = b.cfg.Store.UpdateAnnounced(ctx, channel, t.stored.ID, func(g *store.Game) (*store.Announcement, error) {
		name, back, turn := "", false, false
		for i, pl := range g.Players {
			if pl.UserID != user || pl.AwayUntil.IsZero() || !ended(pl.AwayUntil) {
				continue
			}
			name, back = pl.Name, true
			turn = turn || pl.Away != "" && t.mayAct(i)
			g.Players[i].AwayUntil, g.Players[i].Away = time.Time{}, ""
		}
		if !back {
			return nil, errUnchanged
		}
		if g.Settings == nil {
			g.Settings = map[string]string{}
		}
		g.Settings[settingBack] = now.UTC().Format(time.RFC3339Nano)
		g.Wake = now // the host judges the game as it is now
		said := pub.T("bot.away.returned", "name", name)
		if turn {
			after := &table{game: t.game, stored: g, state: t.state}
			return turnNotice(after, where).owe(viaChannel.announcement(said)), nil
		}
		return &store.Announcement{Kind: store.Notice, Lines: []string{said}}, nil
	})
	if errors.Is(err, errUnchanged) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	b.deliver(channel)
	return true, nil
}

// absences reads the time away of the people among players who are
// away now, by user.
func (b *Bot) absences(ctx context.Context, players []store.Player) (map[string]absence, error) {
	var users []string
	for _, p := range players {
		if p.UserID != "" && p.Computer == "" {
			users = append(users, p.UserID)
		}
	}
	settings, err := b.cfg.Store.UserSettings(ctx, users...)
	if err != nil {
		return nil, err
	}
	now := b.now()
	out := map[string]absence{}
	for _, u := range users {
		if a, ok := parseAbsence(settings[u][UserAway]); ok && a.until.After(now) {
			out[u] = a
		}
	}
	return out, nil
}

// markAway marks the seats of g's people who are away, as aways says, a
// computer at level stand ("": none) playing for those who asked for one:
// a game that starts while they are away.
func markAway(g *store.Game, aways map[string]absence, stand string) {
	for i := range g.Players {
		pl := &g.Players[i]
		a, ok := aways[pl.UserID]
		if !ok || pl.UserID == "" {
			continue
		}
		pl.AwayUntil = a.until
		if a.then == thenComputer && stand != "" {
			pl.Away = stand
		}
	}
}

// awayNotice is what a channel is told of name away until then, a
// computer at level stand playing for them ("": the game waits).
func awayNotice(p *i18n.Printer, name string, until time.Time, stand string) string {
	if stand == "" {
		return p.T("bot.away.gone.wait", "name", name, "until", stamp(until))
	}
	return p.T("bot.away.gone.computer", "name", name, "until", stamp(until), "computer", computerName(p, stand))
}

// stamp writes a time for a channel: a Discord timestamp, which each
// reader sees on their own clock.
func stamp(t time.Time) string { return fmt.Sprintf("<t:%d:f>", t.Unix()) }

// awayNote says, in p's language, that the person of seat, named name,
// is away and until when; "" when they are not.
func (t *table) awayNote(p *i18n.Printer, name string, seat int) string {
	pl := t.seat(seat)
	if pl.AwayUntil.IsZero() || pl.UserID == "" {
		return ""
	}
	if pl.Away != "" {
		return p.T("bot.away.turn.computer", "name", name, "until", stamp(pl.AwayUntil))
	}
	return p.T("bot.away.turn.wait", "name", name, "until", stamp(pl.AwayUntil))
}

// awayNotes are the away notes of t's seats to act, a line each.
func (t *table) awayNotes(p *i18n.Printer, names []string) string {
	var lines []string
	for _, seat := range t.toAct() {
		if s := t.awayNote(p, names[seat], seat); s != "" {
			lines = append(lines, s)
		}
	}
	return strings.Join(lines, "\n")
}

// awayWake is at, the wake of t's game, or the end of the first time away
// of its people when that comes sooner: the wake that gives their seats
// back.
func (t *table) awayWake(at time.Time) time.Time {
	if t.state == nil || t.state.Over() {
		return at
	}
	for _, pl := range t.stored.Players {
		if pl.UserID != "" && !pl.AwayUntil.IsZero() && (at.IsZero() || pl.AwayUntil.Before(at)) {
			at = pl.AwayUntil
		}
	}
	return at
}

// backAt is when the last person came back to g, if they did.
func backAt(g *store.Game) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339Nano, g.Settings[settingBack])
	return t, err == nil
}
