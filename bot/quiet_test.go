package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
)

// in runs /takeaway sub in channel ch as who, and waits for the channel's
// background work.
func (h *host) in(ch, who, sub string, opts ...string) bot.Reply {
	h.t.Helper()
	req := command(who, sub, opts...)
	req.Channel = ch
	r := h.send(req)
	h.bot.Wait(h.ctx, ch)
	return r
}

// at moves the host's clock on to t (UTC, RFC 3339), and looks at the
// reminders there.
func (h *host) at(t string) {
	h.t.Helper()
	to, err := time.Parse(time.RFC3339, t)
	if err != nil {
		h.t.Fatal(err)
	}
	if d := to.Sub(h.clock.Now()); d > 0 {
		h.clock.Advance(d)
	}
	h.bot.Remind(h.ctx)
	h.bot.Wait(h.ctx, "c1")
	h.bot.Wait(h.ctx, "c2")
}

// TestQuietHours: ann (DMs, quiet 23:00-07:30 in Rome) and bob play two
// games through the night the clocks go forward. Inside her quiet hours a
// turn reaches ann by no DM, its post pings nobody, no reminder comes;
// when they end (07:30 CEST, 05:30 UTC), one DM lists both games waiting
// for her, the longest first, and the reminders start again from there.
func TestQuietHours(t *testing.T) {
	t.Parallel()
	d := newDMPoster()
	h := newDMHost(t, d, map[string]string{"ann": bot.NotifyDM})
	if r := h.personal("ann", "quiet", "from", "23:00", "to", "7:30", "timezone", "Europe/Rome"); r.Failed || !strings.Contains(r.Message.Content, "23:00-07:30 Europe/Rome") {
		t.Fatalf("quiet: %+v", r.Message.Content)
	}
	if r := h.personal("bob", "quiet", "from", "23:00", "to", "23:00", "timezone", "Europe/Rome"); !r.Failed {
		t.Errorf("empty quiet hours are taken: %q", r.Message.Content)
	}
	h.at("2027-03-27T20:30:00Z") // 21:30 in Rome
	// c2: ann's turn from 20:30 UTC, DM'd (before her night).
	for _, step := range [][]string{{"ann", "new", "players", "2"}, {"bob", "join"}, {"ann", "start"}} {
		if r := h.in("c2", step[0], step[1], step[2:]...); r.Failed {
			t.Fatalf("c2 %v: %s", step, r.Message.Content)
		}
	}
	if n := len(d.of("ann")); n != 1 {
		t.Fatalf("ann has %d DMs before her night, want 1", n)
	}
	h.at("2027-03-27T21:00:00Z")
	h.table([]string{"bob", "ann"}) // c1: bob first
	h.at("2027-03-27T21:31:00Z")    // c2's reminder, before her night
	if n := len(d.of("ann")); n != 2 {
		t.Fatalf("ann has %d DMs before her night, want 2 (c2's turn and reminder)", n)
	}
	h.at("2027-03-27T22:30:00Z") // 23:30 in Rome: quiet
	posts := len(h.posts.all())
	if r := h.cmd("bob", "take", "stones", "1"); r.Failed || len(r.Message.Mentions) != 0 || r.Message.Notify {
		t.Fatalf("ann's turn in her quiet hours pings %v (%s)", r.Message.Mentions, r.Message.Content)
	}
	if n := len(d.of("ann")); n != 2 {
		t.Fatalf("ann has %d DMs after her turn in her quiet hours, want still 2", n)
	}
	if g, _ := h.db.Current(h.ctx, "c1"); !g.Wake.Equal(time.Date(2027, 3, 28, 5, 30, 0, 0, time.UTC)) {
		t.Errorf("c1 wakes at %s, want when ann's quiet hours end", g.Wake)
	}
	for _, at := range []string{"2027-03-27T23:30:00Z", "2027-03-28T01:30:00Z", "2027-03-28T05:29:00Z"} {
		h.at(at)
		if n := len(d.of("ann")); n != 2 || len(h.posts.all()) != posts {
			t.Fatalf("at %s, inside ann's quiet hours: %d DMs, %d posts", at, n, len(h.posts.all())-posts)
		}
	}
	h.at("2027-03-28T05:31:00Z")
	h.at("2027-03-28T05:40:00Z")
	dms := d.of("ann")
	if len(dms) != 3 || len(h.posts.all()) != posts {
		t.Fatalf("after ann's quiet hours: %d DMs, %d posts; want one digest", len(dms), len(h.posts.all())-posts)
	}
	digest := dms[2].Content
	if first, second := strings.Index(digest, "<#c2>"), strings.Index(digest, "<#c1>"); !strings.Contains(digest, "2 games are waiting") || first < 0 || second < first {
		t.Errorf("the digest lists c2 (waiting longest) then c1: %q", digest)
	}
	// The reminders count the time outside the quiet hours: c2's second
	// one, half an hour was left of it at 22:00, at 06:00; c1's first at
	// 06:30.
	h.at("2027-03-28T05:59:00Z")
	if n := len(d.of("ann")); n != 3 {
		t.Errorf("at 05:59, %d DMs, want 3", n)
	}
	h.at("2027-03-28T06:00:00Z")
	h.at("2027-03-28T06:29:00Z")
	if n := len(d.of("ann")); n != 4 {
		t.Errorf("at 06:29, %d DMs, want 4 (c2's reminder)", n)
	}
	h.at("2027-03-28T06:30:00Z")
	if dms := d.of("ann"); len(dms) != 5 || !strings.Contains(dms[4].Content, "is waiting for you") {
		t.Errorf("at 06:30, ann's DMs: %d, want c1's reminder", len(dms))
	}
	if len(h.posts.all()) != posts {
		t.Errorf("the channels reminded ann, who asked for DMs")
	}
	if r := h.personal("ann", "quiet", "from", "off"); r.Failed {
		t.Errorf("quiet off: %s", r.Message.Content)
	}
	if r := h.personal("ann", "quiet"); !strings.Contains(r.Message.Content, "no quiet hours") {
		t.Errorf("after off: %s", r.Message.Content)
	}
}
