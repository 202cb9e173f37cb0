package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the IANA zones, wherever the bot runs

	"github.com/tablebot/tablebot/store"
)

// Quiet hours: a person's night, in their own time zone. Inside them no
// turn DM is sent to them, no reminder pings them and the channel's post
// of their turn pings nobody; the game wakes when they end, and one digest
// (by DM, or in the channel, as notify says) lists every game waiting for
// them, the longest waiting first.

// UserQuiet is the user setting of a person's quiet hours:
// "23:00-07:30 Europe/Rome"; none: no quiet hours (the default).
const UserQuiet = "quiet"

// UserQuietDigest is the user setting that remembers the end of the last
// quiet hours whose digest was sent (RFC 3339), so that it goes once.
const UserQuietDigest = "quiet-digest"

// The subcommand of quiet hours and its options.
const (
	cmdQuiet    = "quiet"
	optFrom     = "from"
	optTo       = "to"
	optTimezone = "timezone"
	quietOff    = "off"
)

// quietCommand is PersonCommand's quiet subcommand.
func quietCommand() CommandSpec {
	return CommandSpec{Name: cmdQuiet, Options: []OptionSpec{
		{Name: optFrom, Type: StringOption}, {Name: optTo, Type: StringOption},
		{Name: optTimezone, Type: StringOption, Autocomplete: true},
	}}
}

// personChoices answers PersonCommand's autocomplete: the time zones.
func personChoices(req Request) []Choice {
	if req.Command == cmdQuiet && req.Focused == optTimezone {
		return zoneChoices(req.Option(optTimezone))
	}
	return []Choice{}
}

// quietHours are a person's quiet hours: from and to, in minutes of the
// day, in loc; to before from spans midnight.
type quietHours struct {
	from, to int
	loc      *time.Location
}

// parseQuiet reads a UserQuiet setting.
func parseQuiet(v string) (quietHours, bool) {
	span, zone, ok := strings.Cut(strings.TrimSpace(v), " ")
	if !ok {
		return quietHours{}, false
	}
	from, to, ok := strings.Cut(span, "-")
	if !ok {
		return quietHours{}, false
	}
	return newQuiet(from, to, zone)
}

// newQuiet reads quiet hours from "HH:MM" to "HH:MM" in an IANA zone.
func newQuiet(from, to, zone string) (quietHours, bool) {
	f, ok1 := clockMinutes(from)
	t, ok2 := clockMinutes(to)
	loc, err := time.LoadLocation(strings.TrimSpace(zone))
	if !ok1 || !ok2 || err != nil || f == t || zone == "" || strings.EqualFold(zone, "local") {
		return quietHours{}, false
	}
	return quietHours{from: f, to: t, loc: loc}, true
}

// clockMinutes reads "HH:MM" (or "H:MM") as minutes of the day.
func clockMinutes(s string) (int, bool) {
	var h, m int
	if n, err := fmt.Sscanf(strings.TrimSpace(s), "%d:%d", &h, &m); err != nil || n != 2 || h < 0 || h > 23 || m < 0 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}

// String is the setting's form of q.
func (q quietHours) String() string {
	return fmt.Sprintf("%02d:%02d-%02d:%02d %s", q.from/60, q.from%60, q.to/60, q.to%60, q.loc)
}

// at reports whether instant t is inside the quiet hours, and when the
// quiet hours it is in end. The times are read on the zone's clock on the
// day they fall, so that a change of the clocks (summer time) moves them
// with it; a time the change skips is read as the clock after it.
func (q quietHours) at(t time.Time) (bool, time.Time) {
	lt := t.In(q.loc)
	for _, back := range []int{1, 0} {
		y, m, d := lt.AddDate(0, 0, -back).Date()
		start := time.Date(y, m, d, q.from/60, q.from%60, 0, 0, q.loc)
		endDay := d
		if q.to < q.from {
			endDay++
		}
		end := time.Date(y, m, endDay, q.to/60, q.to%60, 0, 0, q.loc)
		if !t.Before(start) && t.Before(end) {
			return true, end
		}
	}
	return false, time.Time{}
}

// quietOf reads a user's quiet hours: ok false when they have none.
func (b *Bot) quietOf(ctx context.Context, user string) (quietHours, bool, error) {
	v, err := b.cfg.Store.UserSetting(ctx, user, UserQuiet)
	if err != nil || v == "" {
		return quietHours{}, false, err
	}
	q, ok := parseQuiet(v)
	return q, ok, nil
}

// quiet sets the asker's quiet hours (from:off removes them), or with no
// option tells them what they are; privately either way.
func (b *Bot) quiet(ctx context.Context, req Request) (Reply, error) {
	p := b.printer(req.User.Locale)
	from, to, zone := req.Option(optFrom), req.Option(optTo), req.Option(optTimezone)
	switch {
	case from == "" && to == "" && zone == "":
		q, ok, err := b.quietOf(ctx, req.User.ID)
		if err != nil || !ok {
			return Reply{Private: true, Message: Message{Content: p.T("bot.quiet.none")}}, err
		}
		return Reply{Private: true, Message: Message{Content: p.T("bot.quiet.is", "hours", q.String())}}, nil
	case strings.EqualFold(from, quietOff):
		if err := b.cfg.Store.SetUserSetting(ctx, req.User.ID, UserQuiet, ""); err != nil {
			return Reply{}, err
		}
		return Reply{Private: true, Message: Message{Content: p.T("bot.quiet.off")}}, nil
	}
	q, ok := newQuiet(from, to, zone)
	if !ok {
		return Reply{}, fail(Invalid, "bot.quiet.bad", "from", from, "to", to, "timezone", zone)
	}
	if err := b.cfg.Store.SetUserSetting(ctx, req.User.ID, UserQuiet, q.String()); err != nil {
		return Reply{}, err
	}
	return Reply{Private: true, Message: Message{Content: p.T("bot.quiet.set", "hours", q.String())}}, nil
}

// commonZones are the time zones quiet's autocomplete offers first; any
// IANA zone typed in full is taken.
var commonZones = []string{
	"Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Madrid", "Europe/Paris", "Europe/Rome", "Europe/Berlin",
	"Europe/Amsterdam", "Europe/Brussels", "Europe/Zurich", "Europe/Vienna", "Europe/Stockholm", "Europe/Warsaw",
	"Europe/Athens", "Europe/Helsinki", "Europe/Istanbul", "Europe/Moscow", "Africa/Lagos", "Africa/Cairo",
	"Africa/Johannesburg", "Asia/Dubai", "Asia/Kolkata", "Asia/Bangkok", "Asia/Singapore", "Asia/Shanghai",
	"Asia/Tokyo", "Asia/Seoul", "Australia/Perth", "Australia/Sydney", "Pacific/Auckland", "America/St_Johns",
	"America/Halifax", "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix",
	"America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu", "America/Mexico_City", "America/Bogota",
	"America/Lima", "America/Santiago", "America/Buenos_Aires", "America/Sao_Paulo", "UTC",
}

// zoneChoices suggests the common zones that match what is typed (any
// part of the name), and the typed name itself when it is a zone.
func zoneChoices(typed string) []Choice {
	typed = strings.TrimSpace(typed)
	out := []Choice{}
	if _, err := time.LoadLocation(typed); err == nil && typed != "" && !strings.EqualFold(typed, "local") {
		out = append(out, Choice{Name: typed, Value: typed})
	}
	low := strings.ToLower(typed)
	for _, z := range commonZones {
		if len(out) == MaxChoices {
			break
		}
		if z != typed && strings.Contains(strings.ToLower(z), low) {
			out = append(out, Choice{Name: z, Value: z})
		}
	}
	return out
}

// quietUntil returns when user's quiet hours around now end, or the zero
// time when they are not in them.
func (b *Bot) quietUntil(ctx context.Context, user string, now time.Time) (time.Time, error) {
	q, ok, err := b.quietOf(ctx, user)
	if err != nil || !ok {
		return time.Time{}, err
	}
	_, end := q.at(now)
	return end, nil
}

// quietEnded returns the end of user's latest quiet hours when a turn
// that began at began waited into them, and they have ended by now (and
// the next have not begun, and it was not long ago); the zero time
// otherwise. sent reports whether their digest was sent already (it lists
// every game waiting for them, this one too).
func (b *Bot) quietEnded(ctx context.Context, user string, began, now time.Time) (end time.Time, sent bool, err error) {
	q, ok, err := b.quietOf(ctx, user)
	if err != nil || !ok {
		return time.Time{}, false, err
	}
	end = q.lastEnd(now)
	if inside, _ := q.at(now); inside || end.IsZero() || !began.Before(end) || now.Sub(end) > digestWindow {
		return time.Time{}, false, nil
	}
	v, err := b.cfg.Store.UserSetting(ctx, user, UserQuietDigest)
	return end, v == end.UTC().Format(time.RFC3339), err
}

// digestWindow is how long after quiet hours end their digest may still
// go: a game that wakes later (its next reminder) reminds as usual.
const digestWindow = 2 * time.Hour

// lastEnd is when the latest quiet hours that ended by t ended.
func (q quietHours) lastEnd(t time.Time) time.Time {
	lt := t.In(q.loc)
	for back := range 3 {
		y, m, d := lt.AddDate(0, 0, -back).Date()
		if end := time.Date(y, m, d, q.to/60, q.to%60, 0, 0, q.loc); !end.After(t) {
			return end
		}
	}
	return time.Time{}
}

// digest sends user, whose quiet hours ended at end, the list of every
// game waiting for them, longest first: by DM when their turns reach them
// there, else in the channel of game g; and remembers it was sent. A
// digest that fails is tried again at the game's next look.
func (b *Bot) digest(ctx context.Context, g *store.Game, user string, end time.Time) error {
	pub := b.cfg.Catalog.Printer(langOf(g))
	games, err := b.myGames(ctx, user, "", pub)
	if err != nil {
		return err
	}
	var lines []string
	for _, mg := range games {
		if mg.mine {
			lines = append(lines, "- "+mg.line)
		}
	}
	if len(lines) == 0 {
		return b.cfg.Store.SetUserSetting(ctx, user, UserQuietDigest, end.UTC().Format(time.RFC3339))
	}
	where, err := b.notifyWhere(ctx, user)
	if err != nil {
		return err
	}
	text := clipContent(strings.Join(append([]string{pub.N("bot.quiet.digest", len(lines), "mention", "<@"+user+">")}, lines...), "\n"))
	if dp, direct := b.direct(); direct && where != NotifyChannel {
		nonce := "tbq" + strconv.FormatInt(end.Unix(), 36) + "d" + userKey(user)
		if _, err := dp.PostDM(ctx, user, Message{Content: text, Nonce: nonce}); err != nil && !errors.Is(err, ErrDMRefused) {
			return err
		}
	} else {
		// In the channel, through its outbox, as a reminder.
		_, err := b.cfg.Store.UpdateAnnounced(ctx, g.Channel, g.ID, func(*store.Game) (*store.Announcement, error) {
			return &store.Announcement{Kind: store.Reminder, Lines: []string{text}}, nil
		})
		if err != nil {
			return err
		}
		b.deliver(g.Channel)
	}
	return b.cfg.Store.SetUserSetting(ctx, user, UserQuietDigest, end.UTC().Format(time.RFC3339))
}

// quietLook sends the digests owed to t's waiting people whose quiet
// hours ended, and keeps reminders out of quiet hours. It reports whether
// it set the game's next look: while everybody waiting is in quiet hours,
// the game waits for the first to come out of them.
func (b *Bot) quietLook(ctx context.Context, t *table, turns channelTurns, now time.Time) (bool, error) {
	loud := false
	var first time.Time
	for _, seat := range t.toAct() {
		pl := t.seat(seat)
		if level(pl) != "" || pl.UserID == "" || !pl.AwayUntil.IsZero() {
			continue // a computer's seat, or a person's who is away
		}
		end, done, err := b.quietEnded(ctx, pl.UserID, since(t.stored), now)
		switch {
		case err != nil:
			return false, err
		case done:
			// Another game's look sent it, listing this one.
		case !end.IsZero():
			if err := b.digest(ctx, t.stored, pl.UserID, end); err != nil {
				b.log.Warn("sending a digest failed; trying again", "err", err, "channel", t.stored.Channel, "user", pl.UserID)
				return true, b.setWake(ctx, t, now.Add(time.Minute))
			}
		}
		until, err := b.quietUntil(ctx, pl.UserID, now)
		switch {
		case err != nil:
			return false, err
		case until.IsZero():
			loud = true
		case first.IsZero() || until.Before(first):
			first = until
		}
	}
	if !loud && !first.IsZero() {
		return true, b.setWake(ctx, t, first)
	}
	return false, nil
}

// remindAt is wakeAt for t with reminded reminders sent, its turn's time
// counted outside the quiet hours of the one waiting person who has some.
func (b *Bot) remindAt(ctx context.Context, t *table, turns channelTurns, reminded int) (time.Time, error) {
	began := since(t.stored)
	if back, ok := backAt(t.stored); ok && back.After(began) {
		began = back // the time away does not count
	}
	next := wakeAt(t, turns, began, reminded)
	if next.IsZero() || !next.After(began) {
		return next, nil
	}
	var quiet []quietHours
	for _, seat := range t.toAct() {
		if pl := t.seat(seat); level(pl) == "" && pl.UserID != "" {
			q, ok, err := b.quietOf(ctx, pl.UserID)
			if err != nil {
				return next, err
			}
			if ok {
				quiet = append(quiet, q)
			}
		}
	}
	if len(quiet) != 1 {
		return next, nil
	}
	return quiet[0].after(began, next.Sub(began)), nil
}

// after returns when d of time outside the quiet hours has passed since
// began.
func (q quietHours) after(began time.Time, d time.Duration) time.Time {
	cursor := began
	for range 1000 { // days: far more than the longest reminders' wait
		if in, end := q.at(cursor); in {
			cursor = end
			continue
		}
		next := q.nextStart(cursor)
		if next.IsZero() || !cursor.Add(d).After(next) {
			return cursor.Add(d)
		}
		d -= next.Sub(cursor)
		cursor = next
	}
	return cursor.Add(d)
}

// nextStart is when the first quiet hours after t begin.
func (q quietHours) nextStart(t time.Time) time.Time {
	lt := t.In(q.loc)
	for day := range 3 {
		y, m, d := lt.AddDate(0, 0, day).Date()
		if start := time.Date(y, m, d, q.from/60, q.from%60, 0, 0, q.loc); start.After(t) {
			return start
		}
	}
	return time.Time{}
}
