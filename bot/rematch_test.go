package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
	"github.com/tablebot/tablebot/store"
)

// endGame plays a take-away game of players to its end (ann takes the
// last stones) and returns its game-over post.
func endGame(t *testing.T, h *host, players ...string) bot.Message {
	t.Helper()
	h.table(players, "stones", "2")
	h.cmd(players[0], "take", "stones", "2")
	h.wait()
	return h.lastPost()
}

// TestRematchRefusals: only a person of the finished game may ask for its
// rematch, and only while the channel is free; only those asked accept;
// the creator's Start waits for everybody; a rematch with computers
// alone besides the asker starts at once. Every refusal changes nothing.
func TestRematchRefusals(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	over := endGame(t, h, "ann", "bob")
	rematch := button(t, over, "rematch")
	if r := h.click("eve", rematch); !r.Failed || !strings.Contains(r.Message.Content, "Only a person who played") {
		t.Errorf("a stranger's rematch: %q", r.Message.Content)
	}
	if h.record() != "" {
		t.Fatal("a refused rematch opened a table")
	}
	r := h.click("bob", rematch)
	if r.Failed || r.Update || !strings.Contains(r.Message.Content, "rematch") || len(r.Message.Mentions) != 1 || r.Message.Mentions[0] != "ann" {
		t.Fatalf("bob's rematch: %+v", r)
	}
	lobby := r.Message
	before := h.record()
	for _, tc := range []struct {
		name, who, id, want string
	}{
		{"a second rematch", "ann", rematch, "already running"},
		{"the asker accepts again", "bob", button(t, lobby, "accept"), "not waiting for you"},
		{"a stranger accepts", "eve", button(t, lobby, "accept"), "not waiting for you"},
		{"a stranger declines", "eve", button(t, lobby, "decline"), "not waiting for you"},
	} {
		if r := h.click(tc.who, tc.id); !r.Failed || !strings.Contains(r.Message.Content, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, r.Message.Content, tc.want)
		}
	}
	if r := h.cmd("bob", "start"); !r.Failed || !strings.Contains(r.Message.Content, "once everybody seated has accepted") {
		t.Errorf("start before everybody accepted: %q", r.Message.Content)
	}
	if h.record() != before {
		t.Fatal("a refusal changed the rematch table")
	}
	if r := h.click("ann", button(t, lobby, "accept")); r.Failed || !r.Update {
		t.Fatalf("ann accepts: %+v", r)
	}
	if g, _ := h.state(); g.Status != store.Playing || g.Players[0].UserID == "" {
		t.Fatalf("after everybody accepted: %+v", g)
	}
}

// TestRematchLeft: leaving a rematch table declines the rematch: the
// table closes, no game.
func TestRematchLeft(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	over := endGame(t, h, "ann", "bob")
	if r := h.click("ann", button(t, over, "rematch")); r.Failed {
		t.Fatalf("ann's rematch: %s", r.Message.Content)
	}
	if r := h.cmd("bob", "leave"); r.Failed || !strings.Contains(r.Message.Content, "bob declined the rematch") {
		t.Errorf("bob leaves: %q", r.Message.Content)
	}
	if got := h.record(); got != "" {
		t.Errorf("a table after the rematch was left: %s", got)
	}
}

// TestRematchOfComputers: a rematch whose other seats are computers
// starts at once, with the same computers.
func TestRematchOfComputers(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.cmd("ann", "new", "players", "2", "stones", "2")
	board := h.cmd("ann", "board").Message
	h.click("ann", button(t, board, "ai"), "easy")
	h.cmd("ann", "start")
	h.cmd("ann", "take", "stones", "2")
	h.wait()
	if _, err := h.db.Current(h.ctx, channel); err == nil {
		t.Fatal("the game did not end") // the seats' order is the seed's, fixed
	}
	r := h.click("ann", button(t, h.lastPost(), "rematch"))
	if r.Failed || !strings.Contains(r.Message.Content, "ann") {
		t.Fatalf("ann's rematch: %+v", r)
	}
	g, _ := h.state()
	if g.Status != store.Playing || len(g.Players) != 2 {
		t.Fatalf("the rematch of computers: %+v", g)
	}
	computers := 0
	for _, p := range g.Players {
		if p.Computer == "easy" {
			computers++
		}
	}
	if computers != 1 {
		t.Errorf("the rematch seats %+v", g.Players)
	}
}

// TestRematchByID: the Rematch button names its game by its number in
// the channel, which the rematch reads by id: an older game of the
// channel is rematched with its own seats; a number that is not the
// token's game, or no game, is stale; a button posted before it carried
// the number still finds its game.
func TestRematchByID(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	first := endGame(t, h, "ann", "bob")
	second := endGame(t, h, "ann", "cat")
	a, ok := bot.ParseAction(button(t, first, "rematch"))
	if !ok || len(a.Args) != 1 || a.Args[0] != "1" {
		t.Fatalf("the first game's rematch button: %+v", a)
	}
	other, _ := bot.ParseAction(button(t, second, "rematch"))
	forged := a
	forged.Args = other.Args
	missing := a
	missing.Args = []string{"99"}
	for _, tc := range []struct{ name, id string }{
		{"another game's number", forged.ID()},
		{"no such game", missing.ID()},
	} {
		if r := h.click("bob", tc.id); !r.Failed || !strings.Contains(r.Message.Content, "out of date") || strings.Contains(r.Message.Content, "no value") {
			t.Errorf("%s: %q, want stale", tc.name, r.Message.Content)
		}
	}
	if h.record() != "" {
		t.Fatal("a stale rematch opened a table")
	}
	tests := []struct {
		name, who, id string
		want          []string
	}{
		{"the older game", "bob", a.ID(), []string{"ann", "bob"}},
		{"a button without the number", "cat", bot.Action{Kind: other.Kind, Game: other.Game, Position: other.Position, Step: other.Step}.ID(), []string{"ann", "cat"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if r := h.click(tt.who, tt.id); r.Failed {
				t.Fatalf("rematch: %q", r.Message.Content)
			}
			g, _ := h.state()
			var got []string
			for _, p := range g.Players {
				got = append(got, p.UserID)
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("the rematch's seats %v, want %v", got, tt.want)
			}
			h.cmd(tt.who, "leave") // declined: the channel is free again
		})
	}
}
