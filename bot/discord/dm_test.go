package discord

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bwmarrin/discordgo"

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

// TestMoveFromDMButtons: the buttons of a board, in a player's DMs, make
// the move through the menus there (a DM interaction: a user, no member,
// no guild), and the move's board is posted in the game's channel.
func TestMoveFromDMButtons(t *testing.T) {
	t.Parallel()
	h := newHarness(t, discordfake.Options{}, "ann", "bob", "cat")
	board := h.openTableByButtons("setup")
	g, pos := h.game()
	m := randomMove(rand.New(rand.NewPCG(3, 27)), pos)
	player := userOf(g, m.Player)
	dm := h.fake.OpenDM(player)
	sent, err := h.adapter.session.ChannelMessageSendComplex(dm.ID, &discordgo.MessageSend{
		Content: "Your turn", Components: board.Components,
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}},
	})
	if err != nil {
		t.Fatalf("the DM: %v", err)
	}
	after := h.playByMenus(h.fake.Message(sent.ID), player, m)
	if after.ChannelID != h.world.Channel.ID || after.ID == board.ID {
		t.Errorf("the move's board is not a new post in the channel: %+v", after)
	}
	if g2, _ := h.game(); len(g2.Moves) != len(g.Moves)+1 {
		t.Errorf("%d moves after a move from a DM, want %d", len(g2.Moves), len(g.Moves)+1)
	}
	h.checkBoardPost(after)
}
