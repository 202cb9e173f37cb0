package discord

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/internal/discordfake"
)

// TestPostDM posts to users directly through the real discordgo client:
// the DM channel is opened (once) and the post lands there; a user who
// refuses DMs is bot.ErrDMRefused, which parks no channel.
func TestPostDM(t *testing.T) {
	t.Parallel()
	h := newHarness(t, discordfake.Options{}, "ann", "bob")
	ann := h.user(0)
	bob := h.fake.AddUser(discordfake.User{ID: h.user(1), Username: "bob", RefusesDMs: true})
	var poster bot.DirectPoster = h.adapter

	for i, text := range []string{"your turn", "your turn again"} {
		id, err := poster.PostDM(h.ctx, ann, bot.Message{Content: text, Nonce: fmt.Sprintf("tb%d", i)})
		if err != nil {
			t.Fatalf("PostDM(ann, %q): %v", text, err)
		}
		dm, ok := h.fake.DMChannel(ann)
		if m := h.fake.LastMessage(dm.ID); !ok || m == nil || m.ID != id || m.Content != text {
			t.Errorf("ann's DM after %q: %+v", text, m)
		}
	}
	if dm, _ := h.fake.DMChannel(ann); len(h.fake.Messages(dm.ID)) != 2 {
		t.Errorf("ann's DM has %d messages, want 2 in one channel", len(h.fake.Messages(dm.ID)))
	}

	_, err := poster.PostDM(h.ctx, bob.ID, bot.Message{Content: "your turn"})
	if !errors.Is(err, bot.ErrDMRefused) || errors.Is(err, bot.ErrGone) {
		t.Errorf("PostDM to a user refusing DMs: %v, want ErrDMRefused and not ErrGone", err)
	}
}
