package discord

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// buttonWith returns the custom id of the message's button whose id ends
// with ":"+step.
func buttonWith(t testing.TB, m *discordfake.Message, step string) string {
	t.Helper()
	for _, b := range m.Buttons() {
		if strings.HasSuffix(b.CustomID, ":"+step) || strings.Contains(b.CustomID, ":"+step+":") {
			if b.Disabled {
				t.Fatalf("button %s is disabled", b.CustomID)
			}
			return b.CustomID
		}
	}
	t.Fatalf("no %s button on %q", step, m.Content)
	return ""
}

// menu returns the message's only select menu.
func menu(t testing.TB, m *discordfake.Message) *discordgo.SelectMenu {
	t.Helper()
	ms := m.SelectMenus()
	if len(ms) != 1 {
		t.Fatalf("want one menu, got %d on %q", len(ms), m.Content)
	}
	return ms[0]
}

// hasOption reports whether a menu offers value.
func hasOption(sm *discordgo.SelectMenu, value string) bool {
	for _, o := range sm.Options {
		if o.Value == value {
			return true
		}
	}
	return false
}

// playByMenus makes move m through the board's buttons and the private
// menus, and returns the new board post.
func (h *harness) playByMenus(board *discordfake.Message, user string, m shangrila.Move) *discordfake.Message {
	t := h.t
	t.Helper()
	before := len(h.fake.Messages(h.world.Channel.ID))
	step := map[shangrila.Kind]string{shangrila.Setup: "place", shangrila.Place: "place", shangrila.Recruit: "recruit", shangrila.Journey: "journey"}[m.Kind]
	r := h.click(user, board, buttonWith(t, board, step))
	if !r.Ephemeral() {
		t.Fatalf("the menu must be private: %s", r)
	}
	pick := func(values ...string) {
		t.Helper()
		sm := menu(t, r.Message)
		for _, v := range values {
			if !hasOption(sm, v) {
				t.Fatalf("menu %q lacks %s for move %s", r.Message.Content, v, m)
			}
		}
		r = h.choose(user, r.Message, sm.CustomID, values...)
	}
	switch m.Kind {
	case shangrila.Setup, shangrila.Place:
		pick(m.Sites[0].Village.String())
		pick(m.Sites[0].Discipline.String()) // a form's menu: the values autocomplete sends
	case shangrila.Journey:
		pick(m.From.String())
		pick(m.To.String())
	case shangrila.Recruit:
		s := m.Recruited()
		pick(s[0].Village.String())
		switch {
		case len(s) == 2 && s[1].Village == s[0].Village:
			pick(s[0].Discipline.String(), s[1].Discipline.String()) // the menu of masters takes two at once
		case len(s) == 2:
			pick(s[0].Discipline.String())
			r = h.click(user, r.Message, buttonWith(t, r.Message, "recruit+0")) // the offer: go on
			pick(s[1].Village.String())
			pick(s[1].Discipline.String())
		default:
			pick(s[0].Discipline.String())
			if len(r.Message.SelectMenus()) == 0 && len(r.Message.Buttons()) > 0 {
				r = h.click(user, r.Message, buttonWith(t, r.Message, "recruit!")) // the offer: just this one
			}
		}
	}
	if !strings.HasPrefix(r.Content(), "✅") {
		t.Fatalf("move %s %s by menus: %s", m.Player, m, r.Content())
	}
	v := h.fake.WaitUntil(h.ctx, func(v *discordfake.View) bool {
		return len(v.Messages(h.world.Channel.ID)) > before && !v.LastMessage(h.world.Channel.ID).Ephemeral()
	})
	return v.LastMessage(h.world.Channel.ID)
}

// TestGameByButtons plays whole games with buttons and menus only: after
// /shangrila new, no slash command is used (the lobby's Join and Start
// buttons, then the boards' buttons and menus).
func TestGameByButtons(t *testing.T) {
	tests := []struct {
		name  string
		users []string
		start string
	}{
		{"three players from setup", []string{"ann", "bob", "cat"}, "setup"},
		{"four players from the suggested start", []string{"ann", "bob", "cat", "dan"}, "suggested"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, discordfake.Options{}, tt.users...)
			board := h.openTableByButtons(tt.start)
			h.checkBoardPost(board)
			boards := 1
			defer func() { h.checkNotifications(boards) }()
			rng := rand.New(rand.NewPCG(uint64(len(tt.users)), 11))
			for moves := 0; !testing.Short() || moves < shortMoves; moves++ {
				g, pos := h.game()
				m := randomMove(rng, pos)
				board = h.playByMenus(board, userOf(g, m.Player), m)
				h.checkBoardPost(board)
				boards++
				if strings.Contains(board.Content, "The game is over") {
					break
				}
			}
		})
	}
}
