package discord

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/internal/discordfake"
)

// TestComputerPlayers plays a whole game with two people and two computer
// players (easy and hard) through the fake Discord: the creator adds the
// computers from the lobby's menu, they move by themselves with the same
// public posts, a hint answers privately, and one person hands their seat
// to a computer before the end.
func TestComputerPlayers(t *testing.T) {
	h := newHarness(t, discordfake.Options{}, "ann", "bob")
	ann, bob := h.user(0), h.user(1)
	lobby := h.slash(ann, "new", discordfake.Opt("players", 4), discordfake.Opt("start", "suggested")).Message
	lobby = h.click(bob, lobby, buttonWith(t, lobby, "join")).Message
	for _, level := range []string{"easy", "hard"} {
		lobby = h.choose(ann, lobby, menu(t, lobby).CustomID, level).Message
	}
	if !strings.Contains(lobby.Content, "Computer (easy)") || !strings.Contains(lobby.Content, "Computer (hard)") {
		t.Fatalf("lobby: %q", lobby.Content)
	}
	if len(lobby.SelectMenus()) != 0 {
		t.Error("a full table still offers computers")
	}
	h.click(ann, lobby, buttonWith(t, lobby, "start"))

	rng := rand.New(rand.NewPCG(4, 4))
	channel := h.world.Channel.ID
	humans := map[string]bool{ann: true, bob: true}
	hinted, handed := false, false
	limit := 200
	if testing.Short() {
		limit = shortMoves
	}
	var seen string // what the wait below saw last, for a failure's message
	defer func() {
		if t.Failed() && seen != "" {
			t.Logf("the last public message was: %s", seen)
		}
	}()
	for moves := 0; moves < limit; moves++ {
		// Wait until a person is to move (computers move by themselves),
		// or the game is over.
		var over bool
		h.fake.WaitUntil(h.ctx, func(v *discordfake.View) bool {
			last := v.LastMessage(channel)
			if last == nil || last.Ephemeral() {
				return false
			}
			seen = fmt.Sprintf("%q pinging %v", last.Content, last.Pinged)
			g, pos, err := h.gameIn(channel)
			if err != nil {
				over = strings.Contains(last.Content, "The game is over")
				return over
			}
			u := userOf(g, pos.Turn())
			// The post that gives a person their turn notifies them
			// (a new message, not an edit), and nobody else.
			return humans[u] && len(last.Notified) == 1 && last.Notified[0] == u
		})
		if over {
			break
		}
		g, pos := h.game()
		user := userOf(g, pos.Turn())
		if !hinted {
			r := h.slash(user, "hint")
			if !r.Ephemeral() || !strings.HasPrefix(r.Content(), "💡") {
				t.Errorf("hint: %s", r)
			}
			hinted = true
		}
		if moves >= 3 && user == bob && !handed {
			// Bob leaves on his turn; a medium computer plays his seat from
			// now on (and so moves at once). Handing over out of turn posts
			// no ping, which the wait above would not recognise.
			r := h.slash(bob, "resign")
			if !r.Ephemeral() {
				t.Fatalf("resign must ask privately first: %s", r)
			}
			h.choose(bob, r.Message, menu(t, r.Message).CustomID, "medium")
			delete(humans, bob)
			handed = true
			continue
		}
		m := randomMove(rng, pos)
		sub, opts := slashOptions(m)
		if r := h.slash(user, sub, opts...); r.Ephemeral() {
			t.Fatalf("move refused: %s", r.Content())
		}
	}
	if !testing.Short() {
		if _, _, err := h.gameIn(channel); err == nil {
			t.Fatal("the game did not end")
		}
	}
	// The computers' moves were stored as theirs.
	var computerMoves int
	for _, m := range h.fake.Messages(channel) {
		if strings.Contains(m.Content, "Computer (") && m.Attachment("board.png") != nil {
			computerMoves++
		}
	}
	if computerMoves == 0 {
		t.Error("no board post of a computer's move")
	}
}
