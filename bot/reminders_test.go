package bot_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
)

// reminders returns the reminder posts so far.
func (h *host) reminders() []bot.Message {
	var out []bot.Message
	for _, p := range h.posts.all() {
		if strings.Contains(p.Content, "is waiting for you") {
			out = append(out, p)
		}
	}
	return out
}

// remindAt moves the clock by d, sends the reminders due and waits for
// their posts.
func (h *host) remindAt(d time.Duration) {
	h.clock.Advance(d)
	h.bot.Remind(h.ctx)
	h.wait()
}

// TestReminders: a player who has not moved for the wait gets a reminder
// pinging them alone, in a new post with a link to the board, then one
// each time the wait passes again, at most the most a turn; none after
// their move, until the next player's turn has waited.
func TestReminders(t *testing.T) {
	h := newHostWith(t, takeaway.Options{}, &bot.Turns{RemindAfter: time.Hour, RemindMax: 3})
	h.table([]string{"ann", "bob"})
	h.remindAt(59 * time.Minute)
	if got := h.reminders(); len(got) != 0 {
		t.Fatalf("a reminder before the wait: %q", got[0].Content)
	}
	for i := 1; i <= 3; i++ {
		h.remindAt(time.Minute)
		h.bot.Remind(h.ctx) // twice at the same time: still one
		h.wait()
		got := h.reminders()
		if len(got) != i {
			t.Fatalf("after %d waits: %d reminders", i, len(got))
		}
		r := got[i-1]
		if !slices.Equal(r.Mentions, []string{"ann"}) || !r.Notify || !strings.Contains(r.Content, "<@ann>") || r.Nonce == "" {
			t.Errorf("reminder %d: %+v", i, r)
		}
		if !strings.Contains(r.Content, "The board: https://discord.com/channels/g/c1/answer1") {
			t.Errorf("reminder %d has no link to the board: %q", i, r.Content)
		}
		h.clock.Advance(59 * time.Minute)
	}
	if !strings.Contains(h.reminders()[2].Content, "for 3 hours") {
		t.Errorf("the third reminder: %q", h.reminders()[2].Content)
	}
	h.remindAt(5 * time.Hour)
	if n := len(h.reminders()); n != 3 {
		t.Errorf("%d reminders of one turn, want 3", n)
	}
	h.cmd("ann", "take", "stones", "1")
	h.remindAt(30 * time.Minute)
	if n := len(h.reminders()); n != 3 {
		t.Errorf("a reminder before bob's turn waited: %d", n)
	}
	h.remindAt(30 * time.Minute)
	got := h.reminders()
	if len(got) != 4 || !slices.Equal(got[3].Mentions, []string{"bob"}) {
		t.Errorf("bob's reminder: %d, %+v", len(got), got[len(got)-1])
	}
}

// TestRemindersSurviveRestart: a reminder due when the bot stops is posted
// once it starts again, and none is repeated.
func TestRemindersSurviveRestart(t *testing.T) {
	h := newHostWith(t, takeaway.Options{}, &bot.Turns{RemindAfter: time.Hour, RemindMax: 3})
	h.table([]string{"ann", "bob"})
	h.posts.fail(1) // the first reminder's post fails: it stays owed
	h.remindAt(time.Hour)
	if n := len(h.reminders()); n != 0 {
		t.Fatalf("%d reminders despite the failure", n)
	}
	h.close()
	h.clock.Advance(time.Minute) // the bot is back a minute later
	h.open()
	h.bot.Start(h.ctx)
	h.wait()
	h.bot.Remind(h.ctx)
	h.wait()
	if n := len(h.reminders()); n != 1 {
		t.Errorf("after the restart: %d reminders, want 1", n)
	}
	h.remindAt(time.Hour)
	if n := len(h.reminders()); n != 2 {
		t.Errorf("an hour later: %d reminders, want 2", n)
	}
}

// TestRemindersThenComputer: a channel may hand the seat of a player who
// answered none of their reminders to a computer, which plays it until any
// request of theirs takes it back.
func TestRemindersThenComputer(t *testing.T) {
	h := newHostWith(t, takeaway.Options{}, &bot.Turns{RemindAfter: time.Hour, RemindMax: 1})
	h.table([]string{"ann", "bob"}, "stones", "30")
	if r := h.cmd("eve", "settings", "then", "computer"); !r.Failed || !strings.Contains(r.Message.Content, "Only the players") {
		t.Errorf("a stranger changes the settings: %q", r.Message.Content)
	}
	if r := h.cmd("bob", "settings", "then", "computer"); r.Failed || !strings.Contains(r.Message.Content, "a computer plays their seat until they are back") {
		t.Fatalf("settings: %q", r.Message.Content)
	}
	h.remindAt(time.Hour)
	h.remindAt(time.Hour) // no reminder left: a computer takes ann's seat
	g, pos := h.state()
	if g.Players[0].Away != "hard" || pos.Turn != 1 || len(g.Moves) != 1 {
		t.Fatalf("after the last reminder: %+v, turn %d, %d moves", g.Players[0], pos.Turn, len(g.Moves))
	}
	h.cmd("bob", "take", "stones", "1")
	if _, pos := h.state(); pos.Turn != 1 {
		t.Errorf("the computer did not play ann's seat: turn %d", pos.Turn)
	}
	h.cmd("ann", "status") // ann is back
	if g, _ := h.state(); g.Players[0].Away != "" {
		t.Errorf("ann is still away: %+v", g.Players[0])
	}
	h.cmd("bob", "take", "stones", "1")
	if _, pos := h.state(); pos.Turn != 0 {
		t.Errorf("a computer still plays ann's seat: turn %d", pos.Turn)
	}
}

// TestSettings: the reminders a channel asks for, and the mistakes.
func TestSettings(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	tests := []struct {
		who  string
		opts []string
		want string
		fail bool
	}{
		{"eve", nil, "every 24h0m0s, at most 3 times; then the game waits", false},
		{"eve", []string{"reminders", "12h"}, "Only the players", true},
		{"ann", []string{"reminders", "1m"}, "at least 5 minutes", true},
		{"ann", []string{"reminders", "soon"}, "at least 5 minutes", true},
		// Days beyond what a duration holds once wrapped round to minutes.
		{"ann", []string{"reminders", "73473455944971d"}, "at least 5 minutes", true},
		{"ann", []string{"reminders", "366d"}, "at most 365 days", true},
		{"ann", []string{"max", "11"}, "from 1 to 10", true},
		{"ann", []string{"then", "panic"}, "Choose wait or computer", true},
		{"ann", []string{"reminders", "2d", "max", "1"}, "not moved for 48h0m0s gets a reminder, once", false},
		{"bob", []string{"reminders", "off"}, "Reminders are off in this channel.", false},
	}
	h.table([]string{"ann", "bob"})
	for _, tt := range tests {
		r := h.cmd(tt.who, "settings", tt.opts...)
		if r.Failed != tt.fail || !strings.Contains(r.Message.Content, tt.want) {
			t.Errorf("%s settings %v: %q (failed %v), want %q", tt.who, tt.opts, r.Message.Content, r.Failed, tt.want)
		}
	}
}

// TestMyGames lists, privately, the games of the server in which the
// asker has a seat: the ones waiting for them first.
func TestMyGames(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"})
	other := func(ch, who, sub string, opts ...string) {
		req := command(who, sub, opts...)
		req.Channel = ch
		if r := h.handle(req); r.Failed {
			t.Fatalf("%s in %s: %q", sub, ch, r.Message.Content)
		}
	}
	other("c2", "bob", "new")
	other("c2", "ann", "join")
	other("c2", "bob", "start")
	h.clock.Advance(3 * time.Hour)
	other("c3", "cat", "new")
	r := h.cmd("ann", "mygames")
	lines := strings.Split(r.Message.Content, "\n")
	if !r.Private || len(lines) != 3 || !strings.Contains(lines[0], "Your 2 games") ||
		!strings.Contains(lines[1], "<#c1>: **your turn**, for 3 hours") || !strings.Contains(lines[2], "<#c2>: #1 bob to play") {
		t.Errorf("ann's games:\n%s", r.Message.Content)
	}
	if r := h.cmd("eve", "mygames"); !strings.Contains(r.Message.Content, "You have no game on in this server.") {
		t.Errorf("eve's games: %q", r.Message.Content)
	}
}
