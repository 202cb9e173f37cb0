package discord

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/internal/discordfake"
)

// TestStatsThroughDiscord ends a game of Shangri-La through the fake
// Discord (two of three resign: ann wins), then asks /tablebot stats and
// leaderboard as Discord sends them: the game-over post shows the
// ratings, stats answer privately (publicly when asked), the user option
// arrives as the user's id, and the leaderboard ranks by rating.
func TestStatsThroughDiscord(t *testing.T) {
	t.Parallel()
	h := newFilmHarness(t, false, "ann", "bob", "cat")
	post, _ := h.playToEnd()
	if !strings.Contains(post.Content, "⭐ Ratings: ann ") || !strings.Contains(post.Content, "(+") {
		t.Errorf("the game-over post shows no ratings:\n%s", post.Content)
	}
	ask := func(user, sub string, opts ...discordfake.Option) *discordfake.Response {
		t.Helper()
		h.settle()
		return h.fake.SlashCommand(user, h.world.Channel.ID, bot.PersonCommand, sub, opts...).Wait(h.ctx)
	}
	tests := []struct {
		name      string
		r         func() *discordfake.Response
		ephemeral bool
		want      []string
	}{
		{"mine", func() *discordfake.Response { return ask(h.user(0), "stats") }, true,
			[]string{"📊 **ann** in this server", "**The Bridges of Shangri-La**: 1 won of 1 (100%)", "⭐ rating **"}},
		{"bob's, public", func() *discordfake.Response {
			return ask(h.user(0), "stats", discordfake.Opt("user", h.user(1)), discordfake.Opt("public", true))
		}, false, []string{"📊 **bob** in this server", "0 won of 1 (0%)", "Resigned 1"}},
		{"leaderboard", func() *discordfake.Response {
			return ask(h.user(2), "leaderboard", discordfake.Opt("game", "shangrila"))
		}, false, []string{"🏆 **The Bridges of Shangri-La** in this server, all time", "🥇 **ann** ", "1/1 won"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.r()
			if r.Ephemeral() != tt.ephemeral {
				t.Errorf("ephemeral %v, want %v: %s", r.Ephemeral(), tt.ephemeral, r)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.Content(), w) {
					t.Errorf("%q lacks %q", r.Content(), w)
				}
			}
			if r.Message != nil && len(r.Message.Pinged) > 0 {
				t.Errorf("pinged %v", r.Message.Pinged)
			}
		})
	}
}
