package discord

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/internal/discordfake"
)

// TestReminders: through Discord, a reminder is a new message that
// notifies the player to move alone, at most the most a turn, and none
// after their move.
func TestReminders(t *testing.T) {
	h := newHarness(t, discordfake.Options{}, "ann", "bob", "cat")
	h.openTable("suggested")
	g, pos := h.game()
	mover := userOf(g, pos.Turn())
	reminders := func() []*discordfake.Message {
		var out []*discordfake.Message
		for _, m := range h.fake.Messages(h.world.Channel.ID) {
			if strings.Contains(m.Content, "is waiting for you") {
				out = append(out, m)
			}
		}
		return out
	}
	remind := func() {
		h.bot.Remind(h.ctx)
		h.settle()
	}
	for i := 1; i <= 3; i++ {
		h.advance(time.Hour)
		remind()
		got := reminders()
		want := min(i, 2)
		if len(got) != want {
			t.Fatalf("after %d hours: %d reminders, want %d", i, len(got), want)
		}
		last := got[len(got)-1]
		if len(last.Notified) != 1 || last.Notified[0] != mover {
			t.Errorf("reminder %d notifies %v, want %s", len(got), last.Notified, mover)
		}
	}
	m := randomMove(rand.New(rand.NewPCG(1, 1)), pos)
	sub, opts := slashOptions(m)
	h.slash(mover, sub, opts...)
	remind()
	if n := len(reminders()); n != 2 {
		t.Errorf("%d reminders after the move, want 2", n)
	}
}
