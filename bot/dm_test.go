package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
)

// dmClick presses a component as who from their DMs with the bot.
func (h *host) dmClick(who, id string, values ...string) bot.Reply {
	h.t.Helper()
	return h.handle(bot.Request{Kind: bot.ComponentRequest, User: user(who), Channel: "dm-" + who, DM: true,
		CustomID: id, Values: values})
}

// TestMoveFromDM: a board's buttons, pressed in the player's DMs, act on
// the game in its channel; the move's board is posted in the channel.
func TestMoveFromDM(t *testing.T) {
	t.Parallel()
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"})
	board := h.cmd("ann", "board").Message
	take := button(t, board, "take")

	t.Run("not their turn", func(t *testing.T) {
		if r := h.dmClick("bob", take); !r.Failed || !strings.Contains(r.Message.Content, "turn") {
			t.Errorf("bob opens ann's menu from his DMs: %+v", r)
		}
	})
	t.Run("a button of no game of theirs", func(t *testing.T) {
		if r := h.dmClick("eve", take); !r.Failed || !strings.Contains(r.Message.Content, "no longer does anything") {
			t.Errorf("eve, in no game: %+v", r)
		}
	})
	menu := h.dmClick("ann", take)
	if !menu.Private || menu.Failed {
		t.Fatalf("the menu from a DM: %+v", menu)
	}
	before := len(h.posts.all())
	done := h.dmClick("ann", button(t, menu.Message, "take"), "3")
	if !done.Update || done.Failed {
		t.Fatalf("the DM menu's move: %+v", done)
	}
	if got := len(h.posts.all()); got != before+1 {
		t.Fatalf("%d posts after a move from a DM, want 1 (in the channel)", got-before)
	}
	if p := h.lastPost(); !strings.Contains(p.Content, "ann takes 3 stones") || !slices.Equal(p.Mentions, []string{"bob"}) {
		t.Errorf("the channel's post of the DM's move: %q, mentions %v", p.Content, p.Mentions)
	}
	if r := h.dmClick("ann", take); !r.Failed || !strings.Contains(r.Message.Content, "out of date") {
		t.Errorf("the DM's button after the move: %+v", r)
	}
}
