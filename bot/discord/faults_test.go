package discord

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/internal/discordfake"
)

// historyLine reads a line of /shangrila history: "12. what happened".
var historyLine = regexp.MustCompile(`(?m)^\d+\. (.+)$`)

// checkAnnouncedOnce checks that the channel's public posts said what
// every move did exactly once, in the order of the moves (as the history
// lists them), and that no board was posted twice.
func (h *harness) checkAnnouncedOnce() {
	h.t.Helper()
	var said strings.Builder
	for _, m := range h.fake.Messages(h.world.Channel.ID) {
		if !m.Ephemeral() && m.Attachment("board.png") != nil {
			said.WriteString(m.Content + "\n")
		}
	}
	text := said.String()
	r := h.slash(h.user(0), "history", discordfake.Opt("count", 50))
	at := 0
	for _, l := range historyLine.FindAllStringSubmatch(r.Content(), -1) {
		line := l[1]
		i := strings.Index(text[at:], line)
		if i < 0 {
			h.t.Errorf("not announced, or not in order: %q", line)
			continue
		}
		at += i + len(line)
		if strings.Contains(text[at:], line) && !strings.Contains(line, "passes") {
			h.t.Errorf("announced twice: %q", line)
		}
	}
}

// TestPostFailures: Discord fails the first tries of the board posts (a
// 429 with a retry-after, 500s, a 500 after the post was made): every move
// is announced exactly once, in order, and the game goes on.
func TestPostFailures(t *testing.T) {
	tests := []struct {
		name   string
		route  discordfake.Route
		faults []discordfake.Fault
		slash  bool // moves by slash command (answers), else by menus (posts)
	}{
		{"channel posts", discordfake.RouteCreateMessage, []discordfake.Fault{
			{Status: 429, RetryAfter: 50 * time.Millisecond}, {Status: 500}, {Status: 503}, {Status: 500, Applied: true},
			{Status: 429, RetryAfter: 20 * time.Millisecond}, {Status: 500, Applied: true},
		}, false},
		{"answers", discordfake.RouteCallback, []discordfake.Fault{
			{Status: 500}, {Status: 500, Applied: true}, {Status: 429, RetryAfter: 30 * time.Millisecond}, {Status: 503},
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, discordfake.Options{}, "ann", "bob", "cat")
			board := h.openTable("suggested").Message
			h.fake.Fail(tt.route, tt.faults...)
			rng := rand.New(rand.NewPCG(5, 5))
			for i := 0; i < 8; i++ {
				g, pos := h.game()
				m := randomMove(rng, pos)
				if tt.slash {
					sub, opts := slashOptions(m)
					h.slash(userOf(g, m.Player), sub, opts...)
					continue
				}
				board = h.playByMenus(board, userOf(g, m.Player), m)
			}
			if n := h.fake.Faults(tt.route); n != 0 {
				t.Fatalf("%d faults were never met", n)
			}
			h.checkAnnouncedOnce()
			// The game goes on: the latest board's player can move.
			g, pos := h.game()
			m := randomMove(rng, pos)
			sub, opts := slashOptions(m)
			r := h.slash(userOf(g, m.Player), sub, opts...)
			h.checkBoardPost(r.Message)
		})
	}
}
