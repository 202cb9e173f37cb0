package bot_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
)

// dmPoster is the host's poster with DMs, as Discord has them: a DM with
// the nonce of one made before is not made again; a user may refuse DMs;
// the next DMs may fail (made all the same: their outcome unknown).
type dmPoster struct {
	*poster
	mu       sync.Mutex
	dms      map[string][]bot.Message // by user
	refusing map[string]bool
	failures int
	tries    map[string]int // by user
}

func newDMPoster(refusing ...string) *dmPoster {
	d := &dmPoster{dms: map[string][]bot.Message{}, refusing: map[string]bool{}, tries: map[string]int{}}
	for _, u := range refusing {
		d.refusing[u] = true
	}
	return d
}

func (d *dmPoster) PostDM(ctx context.Context, user string, m bot.Message) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.tries[user]++
	if d.refusing[user] {
		return "", bot.ErrDMRefused
	}
	if !slices.ContainsFunc(d.dms[user], func(old bot.Message) bool { return m.Nonce != "" && old.Nonce == m.Nonce }) {
		d.dms[user] = append(d.dms[user], m)
	}
	if d.failures > 0 {
		d.failures--
		return "", errors.New("dm: Discord failed (the DM was made all the same)")
	}
	return "dm" + itoa(len(d.dms[user])), nil
}

// of returns the DMs sent to user so far.
func (d *dmPoster) of(user string) []bot.Message {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.dms[user])
}

// newDMHost is a host whose poster sends DMs, with reminders every hour
// at most twice, and whose players' notify settings are set.
func newDMHost(t *testing.T, d *dmPoster, notify map[string]string) *host {
	t.Helper()
	h := &host{}
	*h = *newHostWith(t, takeaway.Options{}, &bot.Turns{RemindAfter: time.Hour, RemindMax: 2})
	h.close()
	h.direct = d
	h.open()
	t.Cleanup(h.close)
	for who, where := range notify {
		if r := h.personal(who, "notify", "where", where); r.Failed {
			t.Fatalf("notify %s: %s", where, r.Message.Content)
		}
	}
	return h
}

// TestTurnDMs: with ann on dm and bob on both, each turn reaches its
// player in their DMs, with the board's buttons and a link to the channel;
// the channel's post pings bob but not ann; the DMs follow the answer that
// posted the board; a reminder follows the same preference.
func TestTurnDMs(t *testing.T) {
	t.Parallel()
	d := newDMPoster()
	h := newDMHost(t, d, map[string]string{"ann": bot.NotifyDM, "bob": bot.NotifyBoth})
	start := h.table([]string{"ann", "bob"})
	if len(start.Message.Mentions) != 0 || start.Message.Notify {
		t.Errorf("the start's board pings %v; ann asked for DMs only", start.Message.Mentions)
	}
	h.wait()
	dms := d.of("ann")
	if len(dms) != 1 || !strings.Contains(dms[0].Content, "Your turn in **") || len(dms[0].Rows) == 0 || dms[0].Image == nil {
		t.Fatalf("ann's DMs after the start: %+v", dms)
	}
	take := button(t, dms[0], "take")
	menu := h.dmClick("ann", take)
	h.dmClick("ann", button(t, menu.Message, "take"), "3")
	if p := h.lastPost(); !slices.Equal(p.Mentions, []string{"bob"}) || !p.Notify {
		t.Errorf("ann's move from her DM is posted pinging %v, want bob", p.Mentions)
	}
	if got := d.of("bob"); len(got) != 1 || len(got[0].Rows) == 0 || len(got[0].Mentions) != 0 {
		t.Fatalf("bob's DMs: %+v", got)
	}
	// bob's turn waits an hour: the channel reminds him, and so do his DMs.
	before := len(h.posts.all())
	h.clock.Advance(time.Hour)
	h.bot.Remind(h.ctx)
	h.wait()
	if ps := h.posts.all(); len(ps) != before+1 || !slices.Equal(ps[before].Mentions, []string{"bob"}) {
		t.Errorf("the channel's reminder of bob: %d posts, %+v", len(ps)-before, ps[before:])
	}
	if got := d.of("bob"); len(got) != 2 || !strings.Contains(got[1].Content, "is waiting for you") {
		t.Errorf("bob's reminder DM: %+v", got)
	}
	// bob moves by slash command: the answer is the board, the DM follows.
	if r := h.cmd("bob", "take", "stones", "1"); r.Failed || len(r.Message.Mentions) != 0 {
		t.Fatalf("bob's move: %+v", r)
	}
	if got := d.of("ann"); len(got) != 2 {
		t.Fatalf("ann's DMs after bob's move by slash command: %d, want 2", len(got))
	}
	// ann's turn waits an hour: only her DMs remind her.
	before = len(h.posts.all())
	h.clock.Advance(time.Hour)
	h.bot.Remind(h.ctx)
	h.wait()
	if ps := h.posts.all(); len(ps) != before {
		t.Errorf("the channel reminded ann, who asked for DMs only: %+v", ps[before:])
	}
	if got := d.of("ann"); len(got) != 3 || !strings.Contains(got[2].Content, "is waiting for you") {
		t.Errorf("ann's reminder DM: %+v", got)
	}
	if box, _ := h.db.Outbox(h.ctx, channel); len(box) != 0 {
		t.Errorf("still owed: %+v", box)
	}
}

// TestTurnDMRefused: Discord refusing ann's DMs pings her in the channel
// instead, and she is told once, privately, with her next answer.
func TestTurnDMRefused(t *testing.T) {
	t.Parallel()
	d := newDMPoster("ann")
	h := newDMHost(t, d, map[string]string{"ann": bot.NotifyDM})
	h.table([]string{"ann", "bob"})
	h.wait()
	if p := h.lastPost(); !slices.Equal(p.Mentions, []string{"ann"}) || !strings.Contains(p.Content, "would not take the DM") {
		t.Fatalf("the channel's ping instead of the DM: %q, %v", p.Content, p.Mentions)
	}
	r := h.cmd("ann", "take", "stones", "1")
	n := r.Notice(h.ctx)
	if n == nil || !strings.Contains(n.Content, "I could not DM you") {
		t.Fatalf("ann's next answer carries no notice: %+v", n)
	}
	n.Sent(h.ctx, "n1")
	h.cmd("bob", "take", "stones", "1")
	if r := h.cmd("ann", "board"); r.Notice(h.ctx) != nil {
		t.Errorf("ann is told again: %q", r.Notice(h.ctx).Content)
	}
	if v, _ := h.db.UserSetting(h.ctx, "ann", bot.UserDMRefused); v == "" {
		t.Errorf("the refusal is not remembered")
	}
}

// TestTurnDMRetried: a DM whose outcome was unknown is tried again with
// the same nonce, so that the player gets it once; a turn that passed
// before its DM went gets none.
func TestTurnDMRetried(t *testing.T) {
	t.Parallel()
	d := newDMPoster()
	h := newDMHost(t, d, map[string]string{"ann": bot.NotifyDM, "bob": bot.NotifyDM})
	d.failures = 1
	h.table([]string{"ann", "bob"})
	h.wait()
	box, _ := h.db.Outbox(h.ctx, channel)
	if len(box) != 1 || !box[0].Shown || box[0].Attempts != 1 {
		t.Fatalf("after a failed DM, owed %+v", box)
	}
	h.clock.Advance(time.Minute)
	h.wait()
	if got := d.of("ann"); len(got) != 1 {
		t.Errorf("ann got %d DMs, want 1", len(got))
	}
	if box, _ := h.db.Outbox(h.ctx, channel); len(box) != 0 {
		t.Errorf("still owed: %+v", box)
	}
	// A DM still owed when the turn passes is not sent.
	d.failures = 1
	h.cmd("ann", "take", "stones", "1")
	h.cmd("bob", "take", "stones", "1") // stale now, the DM is not tried again, nor waited for
	h.wait()
	d.mu.Lock()
	bobTries := d.tries["bob"]
	d.mu.Unlock()
	if got := d.of("bob"); len(got) != 1 || bobTries != 1 {
		t.Errorf("bob got %d DMs in %d tries, want the one of the failed try", len(got), bobTries)
	}
	if owed, _ := h.db.Outbox(h.ctx, channel); len(owed) != 0 {
		t.Errorf("still owed: %+v", owed)
	}
}
