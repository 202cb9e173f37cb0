package discord

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/internal/discordfake"
)

// TestRestart stops the bot in the middle of a game and starts it again
// on the same database: the game continues, and the latest board's
// buttons still work.
func TestRestart(t *testing.T) {
	h := newHarness(t, discordfake.Options{}, "ann", "bob", "cat")
	board := h.openTable("suggested").Message
	rng := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 6; i++ {
		g, pos := h.game()
		m := randomMove(rng, pos)
		board = h.playByMenus(board, userOf(g, m.Player), m)
	}
	before, _ := h.game()
	h.stop()
	h.start()
	if got := h.fake.WaitSessions(h.ctx, 2); len(got) < 2 {
		t.Fatalf("the bot did not reconnect: %d sessions", len(got))
	}
	after, pos := h.game()
	if after.Record() != before.Record() {
		t.Fatalf("the game changed across the restart:\n%s\n%s", before.Record(), after.Record())
	}
	for i := 0; i < 6; i++ {
		g, pos := h.game()
		m := randomMove(rng, pos)
		board = h.playByMenus(board, userOf(g, m.Player), m)
		h.checkBoardPost(board)
	}
	_ = pos
	r := h.slash(h.user(0), "history", discordfake.Opt("count", 20))
	if !r.Ephemeral() || strings.Count(r.Content(), "\n") < 12 {
		t.Errorf("history after the restart: %q", r.Content())
	}
}

// TestClosedStaysClosed: a gateway session that comes back after the
// adapter closed it (discordgo reconnects by itself when a heartbeat fails
// while the session closes) is closed again: a closed bot holds no
// connection, and no shard, until its process ends.
func TestClosedStaysClosed(t *testing.T) {
	h := newHarness(t, discordfake.Options{}, "ann")
	h.fake.WaitSessions(h.ctx, 1)
	session := h.adapter.session
	h.stop()
	h.fake.WaitDisconnected(h.ctx)
	// What discordgo's reconnect does after such a heartbeat.
	if err := session.Open(); err != nil {
		t.Fatalf("reopening the closed session: %v", err)
	}
	h.fake.WaitDisconnected(h.ctx)
}
