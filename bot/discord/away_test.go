package discord

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/internal/discordfake"
)

// TestAwayThroughDiscord: with the real discordgo client, ann's time away
// and her return are told in her game's channel by new messages that
// allow no mention and notify nobody; the answers are hers alone.
func TestAwayThroughDiscord(t *testing.T) {
	if testing.Short() {
		t.Skip("the host's TestAwayWait and TestAwayComputer hold away under -short")
	}
	t.Parallel()
	h := newFilmHarness(t, false, "ann", "bob", "cat")
	h.openTable("suggested")
	ask := func(sub string, opts ...discordfake.Option) *discordfake.Response {
		t.Helper()
		h.settle()
		r := h.fake.SlashCommand(h.user(0), h.world.Channel.ID, bot.PersonCommand, sub, opts...).Wait(h.ctx)
		h.settle()
		if !r.Ephemeral() {
			t.Errorf("%s's answer is public: %s", sub, r)
		}
		return r
	}
	told := func(text string) {
		t.Helper()
		var found []*discordfake.Message
		for _, m := range h.fake.Messages(h.world.Channel.ID) {
			if strings.Contains(m.Content, text) {
				found = append(found, m)
			}
		}
		if len(found) != 1 {
			t.Fatalf("%d messages say %q, want 1", len(found), text)
		}
		m := found[0]
		if am := m.AllowedMentions; am == nil || len(am.Parse) > 0 || len(am.Users) > 0 || len(m.Pinged) > 0 || len(m.Notified) > 0 {
			t.Errorf("%q may ping: allowed %+v, pinged %v, notified %v", m.Content, am, m.Pinged, m.Notified)
		}
	}
	if r := ask("away", discordfake.Opt("for", "3d")); !strings.Contains(r.Content(), "You are away until") {
		t.Fatalf("away: %s", r)
	}
	told("💤 ann is away until <t:")
	if r := ask("back"); !strings.Contains(r.Content(), "Welcome back") {
		t.Fatalf("back: %s", r)
	}
	told("👋 ann is back.")
}
