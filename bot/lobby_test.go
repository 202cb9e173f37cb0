package bot_test

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/internal/takeaway"
)

// TestLobby plays the lobby's steps and the mistakes people make in it:
// each mistake is answered privately, in words, and changes nothing.
func TestLobby(t *testing.T) {
	type step struct {
		who, sub string
		opts     []string
		want     string // in the answer
		refused  bool
	}
	tests := []struct {
		name  string
		steps []step
		then  func(t *testing.T, h *host)
	}{
		{"open, join, leave, start", []step{
			{"ann", "new", []string{"players", "3"}, "ann opens a table for up to 3 players (a race for 21 stones)", false},
			{"bob", "join", nil, "Players (2/3): ann, bob", false},
			{"cat", "join", nil, "Players (3/3): ann, bob, cat", false},
			{"cat", "leave", nil, "Players (2/3): ann, bob", false},
			{"ann", "start", nil, "Seats in order of play: #1 ann, #2 bob", false},
		}, func(t *testing.T, h *host) {
			g, pos := h.state()
			if g.Status != "playing" || pos.Left != 21 || len(g.Players) != 2 || g.Players[1].Colour != "p2" {
				t.Errorf("after start: %s, %+v", g.Status, g.Players)
			}
		}},
		{"mistakes", []step{
			{"ann", "join", nil, "There is no game in this channel. Start one with /takeaway new.", true},
			{"ann", "new", []string{"players", "9"}, "This game is for 1 to 4 players.", true},
			{"ann", "new", []string{"players", "two"}, "This game is for 1 to 4 players.", true},
			{"ann", "new", []string{"players", "1"}, "A race needs 2 or more players", true},
			{"ann", "new", []string{"stones", "500"}, `"500" is not a whole number from 1 to 99`, true},
			{"ann", "new", []string{"mode", "relay"}, `"relay" is not one of the choices: Race, Team.`, true},
			{"ann", "new", []string{"players", "2"}, "opens a table", false},
			{"bob", "new", nil, "A game is already running in this channel", true},
			{"ann", "join", nil, "You are already at this table.", true},
			{"bob", "leave", nil, "You are not at this table.", true},
			{"ann", "start", nil, "A race needs 2 or more players", true},
			{"bob", "join", nil, "Players (2/2)", false},
			{"cat", "join", nil, "The table is full: 2 players.", true},
			{"bob", "start", nil, "Only ann, who opened the table, can start the game.", true},
			{"bob", "take", []string{"stones", "1"}, "The game has not started yet.", true},
		}, nil},
		{"the last one out closes the table", []step{
			{"ann", "new", nil, "opens a table", false},
			{"ann", "leave", nil, "ann left and the table is closed.", false},
			{"ann", "status", nil, "There is no game in this channel", true},
		}, nil},
		{"the creator leaves, the next person takes over", []step{
			{"ann", "new", []string{"players", "3"}, "opens a table", false},
			{"bob", "join", nil, "ann, bob", false},
			{"ann", "leave", nil, "Players (1/3): bob", false},
			{"bob", "start", nil, "A race needs 2 or more players", true},
		}, nil},
		{"a team of one", []step{
			{"ann", "new", []string{"players", "1", "mode", "team", "stones", "5"}, "a team clearing 5 stones", false},
			{"ann", "start", nil, "take 1 to 3 of the 5 stones", false},
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHost(t, takeaway.Options{})
			for i, s := range tt.steps {
				before := h.record()
				r := h.cmd(s.who, s.sub, s.opts...)
				if !strings.Contains(r.Message.Content, s.want) {
					t.Errorf("step %d (%s %s): %q, want it to say %q", i, s.who, s.sub, r.Message.Content, s.want)
				}
				if r.Failed != s.refused || (s.refused && !r.Private) {
					t.Errorf("step %d (%s %s): failed %v private %v, want refused %v", i, s.who, s.sub, r.Failed, r.Private, s.refused)
				}
				if s.refused && h.record() != before {
					t.Errorf("step %d (%s %s): a refused request changed the game", i, s.who, s.sub)
				}
			}
			if tt.then != nil {
				tt.then(t, h)
			}
		})
	}
}

// TestLobbyButtons joins and starts with the lobby's buttons and adds a
// computer with its menu; a button of a closed table is stale.
func TestLobbyButtons(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	lobby := h.cmd("ann", "new", "players", "3").Message
	r := h.click("bob", button(t, lobby, "join"))
	if !r.Update || !strings.Contains(r.Message.Content, "ann, bob") {
		t.Fatalf("join button: %+v", r)
	}
	if r := h.click("bob", button(t, r.Message, "ai"), "hard"); !r.Failed || !strings.Contains(r.Message.Content, "Only ann") {
		t.Errorf("bob adds a computer: %q", r.Message.Content)
	}
	if r := h.click("ann", button(t, r.Message, "ai"), "godlike"); !r.Failed || !strings.Contains(r.Message.Content, "Choose easy, medium or hard") {
		t.Errorf("an unknown level: %q", r.Message.Content)
	}
	r = h.click("ann", button(t, r.Message, "ai"), "hard")
	if !strings.Contains(r.Message.Content, "ann, bob, Computer (hard)") {
		t.Fatalf("computer: %q", r.Message.Content)
	}
	for _, row := range r.Message.Rows {
		if row.Menu != nil {
			t.Error("a full table still offers computers")
		}
	}
	start := button(t, r.Message, "start")
	if r := h.click("ann", start); !r.Update || !strings.Contains(h.lastPost().Content, "Seats in order of play") {
		t.Fatalf("start button: %+v", r)
	}
	if r := h.click("ann", start); !r.Failed || !strings.Contains(r.Message.Content, "already started") {
		t.Errorf("start twice: %q", r.Message.Content)
	}
	h.cmd("ann", "cancel")
	h.cmd("ann", "new")
	if r := h.click("bob", button(t, lobby, "join")); !r.Failed || !strings.Contains(r.Message.Content, "This table is closed.") {
		t.Errorf("the first table's button: %q", r.Message.Content)
	}
}
