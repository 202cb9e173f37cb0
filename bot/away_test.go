package bot_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
)

// postsWith returns the channel's posts that hold text, checking that
// none of them pings anybody.
func (h *host) postsWith(text string) []bot.Message {
	h.t.Helper()
	var out []bot.Message
	for _, p := range h.posts.all() {
		if strings.Contains(p.Content, text) {
			if len(p.Mentions) > 0 || p.Notify {
				h.t.Errorf("%q pings %v", p.Content, p.Mentions)
			}
			out = append(out, p)
		}
	}
	return out
}

// awaySetting returns who's stored UserAway.
func (h *host) awaySetting(who string) string {
	h.t.Helper()
	v, err := h.db.UserSetting(h.ctx, who, bot.UserAway)
	if err != nil {
		h.t.Fatal(err)
	}
	return v
}

// TestAwayWait: ann (turns in the channel and by DM) is away for two
// days while her game waits: her channel is told once, pinging nobody;
// her turn's post says she is away until when and pings her not, no DM
// and no reminder reach her; when the two days end, the wake of the game
// gives her seat back, tells the channel, and the reminders count from
// then.
func TestAwayWait(t *testing.T) {
	t.Parallel()
	d := newDMPoster()
	h := newDMHost(t, d, map[string]string{"ann": bot.NotifyBoth})
	h.table([]string{"bob", "ann"})
	r := h.personal("ann", "away", "for", "2d")
	if r.Failed || !strings.Contains(r.Message.Content, "until 2026-11-25 12:00 (UTC") || !strings.Contains(r.Message.Content, "channel of your game was told") {
		t.Fatalf("away: %q", r.Message.Content)
	}
	if v := h.awaySetting("ann"); v != "2026-11-25T12:00:00Z wait" {
		t.Errorf("the stored setting: %q", v)
	}
	until := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	stamp := "<t:" + itoa(int(until.Unix())) + ":f>"
	if got := h.postsWith("💤 ann is away until " + stamp + "; the game waits for them."); len(got) != 1 {
		t.Fatalf("%d away notices, want 1", len(got))
	}
	dms := len(d.of("ann"))
	r = h.cmd("bob", "take", "stones", "1")
	if r.Failed || slices.Contains(r.Message.Mentions, "ann") || !strings.Contains(r.Message.Content, "💤 ann is away until "+stamp+".") {
		t.Fatalf("ann's turn while she is away: %q, pinging %v", r.Message.Content, r.Message.Mentions)
	}
	if r := h.cmd("bob", "status"); !strings.Contains(r.Message.Content, "💤 ann is away until "+stamp+".") {
		t.Errorf("the status does not say ann is away: %q", r.Message.Content)
	}
	for _, step := range []time.Duration{time.Hour, time.Hour, 5 * time.Hour, 40 * time.Hour} {
		h.remindAt(step)
		h.remindAt(time.Minute)
	}
	if n := len(h.reminders()); n != 0 || len(d.of("ann")) != dms {
		t.Fatalf("while ann is away: %d reminders, %d DMs", n, len(d.of("ann"))-dms)
	}
	if got := h.postsWith("is away until"); len(got) != 1 {
		t.Errorf("%d away notices, want still 1", len(got))
	}
	if g, _ := h.db.Current(h.ctx, channel); !g.Players[1].AwayUntil.Equal(until) || !g.Wake.Equal(until) {
		t.Errorf("after her reminders' times, ann's seat %+v, the game wakes at %s; want at her return", g.Players[1], g.Wake)
	}
	h.at(until.Format(time.RFC3339))
	if got := h.postsWith("👋 ann is back."); len(got) != 1 {
		t.Fatalf("%d back notices when the time ends, want 1", len(got))
	}
	if g, _ := h.db.Current(h.ctx, channel); !g.Players[1].AwayUntil.IsZero() || h.awaySetting("ann") != "" {
		t.Errorf("after the time away: seat %+v, setting %q", g.Players[1], h.awaySetting("ann"))
	}
	h.remindAt(59 * time.Minute)
	if n := len(h.reminders()); n != 0 {
		t.Errorf("a reminder before an hour from her return: %d", n)
	}
	h.remindAt(time.Minute)
	if got := h.reminders(); len(got) != 1 || !slices.Equal(got[0].Mentions, []string{"ann"}) {
		t.Errorf("an hour after her return, the reminders: %d", len(got))
	}
}

// TestAwayComputer: ann away with then:computer: a computer plays her
// seat at once and at each of her turns; her seat comes back to her with
// any other command of hers, with /tablebot back, and when the time
// ends; each time her channel is told, pinging nobody.
func TestAwayComputer(t *testing.T) {
	t.Parallel()
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"}, "stones", "60")
	away := func() {
		t.Helper()
		if r := h.personal("ann", "away", "for", "1d", "then", "computer"); r.Failed || !strings.Contains(r.Message.Content, "A computer plays your seats") {
			t.Fatalf("away: %q", r.Message.Content)
		}
		h.wait()
		g, pos := h.state()
		if g.Players[0].Away == "" || g.Players[0].AwayUntil.IsZero() || pos.Turn != 1 {
			t.Fatalf("after ann went away: %+v, turn %d", g.Players[0], pos.Turn)
		}
		if r := h.cmd("bob", "take", "stones", "1"); r.Failed {
			t.Fatalf("bob: %q", r.Message.Content)
		}
		if _, pos := h.state(); pos.Turn != 1 {
			t.Fatalf("the computer did not play ann's seat: turn %d", pos.Turn)
		}
	}
	back := func(how string, wantBacks int) {
		t.Helper()
		g, pos := h.state()
		if g.Players[0].Away != "" || !g.Players[0].AwayUntil.IsZero() || h.awaySetting("ann") != "" {
			t.Fatalf("after %s: %+v, setting %q", how, g.Players[0], h.awaySetting("ann"))
		}
		if n := len(h.postsWith("👋 ann is back.")); n != wantBacks {
			t.Errorf("after %s: %d back notices, want %d", how, n, wantBacks)
		}
		if pos.Turn != 1 {
			t.Fatalf("after %s: turn %d", how, pos.Turn)
		}
		h.cmd("bob", "take", "stones", "1")
		if _, pos := h.state(); pos.Turn != 0 {
			t.Errorf("after %s, a computer still plays ann's seat", how)
		}
		h.cmd("ann", "take", "stones", "1")
	}
	away()
	if n := len(h.postsWith("💤 ann is away until")); n != 1 {
		t.Errorf("%d away notices, want 1", n)
	}
	h.cmd("ann", "status") // any command of hers
	back("another command", 1)

	away()
	if r := h.personal("ann", "back"); r.Failed || !strings.Contains(r.Message.Content, "Welcome back") {
		t.Errorf("back: %q", r.Message.Content)
	}
	back("/tablebot back", 2)
	if r := h.personal("ann", "back"); !strings.Contains(r.Message.Content, "You are not away") {
		t.Errorf("back again: %q", r.Message.Content)
	}

	away()
	h.remindAt(23 * time.Hour)
	if g, _ := h.state(); g.Players[0].Away == "" {
		t.Fatalf("ann's seat came back before her time ended")
	}
	h.remindAt(time.Hour)
	back("the time's end", 3)
	if n := len(h.postsWith("💤 ann is away until")); n != 3 {
		t.Errorf("%d away notices, want 3", n)
	}
}

// TestAwayRefused: every mistake is told, and changes nothing.
func TestAwayRefused(t *testing.T) {
	t.Parallel()
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"})
	record, posts := h.record(), len(h.posts.all())
	tests := []struct {
		name string
		opts []string
		want string
	}{
		{"both", []string{"until", "2026-12-03", "for", "3d"}, "either `until` or `for`, not both"},
		{"neither", []string{"then", "computer"}, "Give `until`"},
		{"past", []string{"until", "2026-11-23 11:59"}, "has passed already"},
		{"bad date", []string{"until", "3 December"}, "is not a date"},
		{"bad duration", []string{"for", "three days"}, "is not a time away"},
		{"no time", []string{"for", "0d"}, "is not a time away"},
		{"too long", []string{"for", "400d"}, "a year at most"},
		{"bad then", []string{"for", "3d", "then", "sleep"}, "is not what happens meanwhile"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := h.personal("ann", "away", tt.opts...)
			if !r.Failed || !strings.Contains(r.Message.Content, tt.want) {
				t.Errorf("away %v: %q, want %q", tt.opts, r.Message.Content, tt.want)
			}
			if h.awaySetting("ann") != "" || h.record() != record || len(h.posts.all()) != posts {
				t.Errorf("away %v changed something", tt.opts)
			}
			if g, _ := h.state(); !g.Players[0].AwayUntil.IsZero() {
				t.Errorf("away %v marked the seat: %+v", tt.opts, g.Players[0])
			}
		})
	}
}

// TestAwayClock: until is read on the clock of the asker's quiet hours,
// else in UTC, and the answer says which.
func TestAwayClock(t *testing.T) {
	t.Parallel()
	h := newHost(t, takeaway.Options{})
	if r := h.personal("ann", "away", "until", "2026-12-03 18:00"); !strings.Contains(r.Message.Content, "until 2026-12-03 18:00 (UTC") || h.awaySetting("ann") != "2026-12-03T18:00:00Z wait" {
		t.Errorf("in UTC: %q, stored %q", r.Message.Content, h.awaySetting("ann"))
	}
	h.personal("bob", "quiet", "from", "23:00", "to", "07:00", "timezone", "Europe/Rome")
	r := h.personal("bob", "away", "until", "2026-12-03", "then", "computer")
	if !strings.Contains(r.Message.Content, "until 2026-12-03 00:00 (Europe/Rome, your quiet hours' time zone)") || h.awaySetting("bob") != "2026-12-02T23:00:00Z computer" {
		t.Errorf("in Rome: %q, stored %q", r.Message.Content, h.awaySetting("bob"))
	}
	if r := h.personal("ann", "notify"); r.Failed || h.awaySetting("ann") != "" {
		t.Errorf("another command of ann's did not end her time away: %q", h.awaySetting("ann"))
	}
}

// TestAwayAtStart: a game that starts while one of its players is away
// (they joined before) starts with their seat marked, a computer playing
// it when they asked for one.
func TestAwayAtStart(t *testing.T) {
	t.Parallel()
	h := newHost(t, takeaway.Options{})
	h.cmd("bob", "new", "players", "2")
	h.cmd("ann", "join")
	if r := h.personal("ann", "away", "for", "1w", "then", "computer"); r.Failed || !strings.Contains(r.Message.Content, "no channel was told") {
		t.Fatalf("away: %q", r.Message.Content)
	}
	if r := h.cmd("bob", "start"); r.Failed {
		t.Fatalf("start: %q", r.Message.Content)
	}
	g, _ := h.state()
	if g.Players[1].UserID != "ann" || g.Players[1].AwayUntil.IsZero() || g.Players[1].Away == "" {
		t.Fatalf("ann's seat at the start: %+v", g.Players[1])
	}
	h.cmd("bob", "take", "stones", "1")
	if _, pos := h.state(); pos.Turn != 0 {
		t.Errorf("no computer played ann's seat: turn %d", pos.Turn)
	}
}
