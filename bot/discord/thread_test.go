package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/internal/discordfake"
)

// TestThread plays in a thread, as in a channel: one game there, the
// computers' boards posted there, notifying the person to move; the bot has
// exactly the permissions its invite asks for (Send Messages in Threads
// among them). A thread whose bot lacks it refuses the computers' posts,
// as Discord does.
func TestThread(t *testing.T) {
	for _, tt := range []struct {
		name   string
		perms  int64
		denied bool
	}{
		{"the invite's permissions", Permissions, false},
		{"without Send Messages in Threads", Permissions &^ discordgo.PermissionSendMessagesInThreads, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, discordfake.Options{ExpectBreaches: true}, "ann")
			thread := h.fake.AddChannel(discordfake.Channel{GuildID: h.world.Guild.ID, Name: "menara night",
				Type: discordgo.ChannelTypeGuildPublicThread, ParentID: h.world.Channel.ID, BotPermissions: tt.perms})
			ann := h.user(0)
			slash := func(sub string, opts ...discordfake.Option) *discordfake.Response {
				t.Helper()
				r := h.fake.SlashCommand(ann, thread.ID, command, sub, opts...).Wait(h.ctx)
				h.adapter.waitIdle()
				h.bot.Wait(h.ctx, thread.ID)
				return r
			}
			lobby := slash("new", discordfake.Opt("players", 3), discordfake.Opt("start", "suggested")).Message
			for i := 0; i < 2; i++ {
				lobby = h.fake.Select(ann, lobby, menu(t, lobby).CustomID, "easy").Wait(h.ctx).Message
				h.adapter.waitIdle()
			}
			r := slash("start")
			if r.Ephemeral() {
				t.Fatalf("start: %s", r.Content())
			}
			g, _, err := h.bot.Table(h.ctx, thread.ID)
			if err != nil || len(g.Players) != 3 {
				t.Fatalf("the thread's game: %v", err)
			}
			if _, _, err := h.bot.Table(h.ctx, h.world.Channel.ID); err == nil {
				t.Error("the game is also the parent channel's")
			}
			// Ann moves when it is her turn; the computers move after her,
			// posting their boards in the thread (not as answers).
			if strings.Contains(r.Content(), "<@"+ann+">") {
				choice := func(r *discordfake.Response) string {
					if len(r.Choices) == 0 {
						t.Fatal("no choices")
					}
					return r.Choices[0].Value.(string)
				}
				v := choice(h.fake.Autocomplete(ann, thread.ID, command, "place", "village", "").Wait(h.ctx))
				d := choice(h.fake.Autocomplete(ann, thread.ID, command, "place", "master", "", discordfake.Opt("village", v)).Wait(h.ctx))
				if r := slash("place", discordfake.Opt("village", v), discordfake.Opt("master", d)); r.Ephemeral() {
					t.Fatalf("ann's move: %s", r.Content())
				}
			}
			var computerPosts int
			for _, m := range h.fake.Messages(thread.ID) {
				if !m.Ephemeral() && m.InteractionID == "" && m.Attachment("board.png") != nil {
					computerPosts++
				}
			}
			denied := len(h.fake.Denied()) > 0
			if denied != tt.denied {
				t.Errorf("denied %v, want %v: %v", denied, tt.denied, h.fake.Denied())
			}
			if !tt.denied && computerPosts == 0 {
				t.Errorf("no computer's board in the thread")
			}
			if len(h.fake.Messages(h.world.Channel.ID)) != 0 {
				t.Errorf("the bot posted in the parent channel")
			}
		})
	}
}
