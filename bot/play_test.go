package bot_test

import (
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
)

// TestTurns plays a race of two by commands and by the board's menu:
// each move is stored and answered with the board, which mentions exactly
// the player to move; moves out of turn, illegal moves, stale buttons and
// strangers are refused and change nothing.
func TestTurns(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	first := h.table([]string{"ann", "bob"}, "stones", "7")
	if !slices.Equal(first.Message.Mentions, []string{"ann"}) || first.Private {
		t.Fatalf("the first board: %+v", first.Message)
	}
	type step struct {
		who, sub, stones string
		want             string
		refused          bool
		mentions         []string
	}
	steps := []step{
		{"bob", "take", "1", "It is p1's turn, not p2's", true, nil},
		{"eve", "take", "1", "You are not playing in this game.", true, nil},
		{"ann", "take", "4", "Take 1 to 3 stones", true, nil},
		{"ann", "take", "lots", "Give a number of stones", true, nil},
		{"ann", "take", "2", "ann takes 2 stones: 5 left", false, []string{"bob"}},
		{"bob", "take", "1", "bob takes 1 stone: 4 left", false, []string{"ann"}},
	}
	for i, s := range steps {
		before := h.record()
		r := h.cmd(s.who, s.sub, "stones", s.stones)
		if !strings.Contains(r.Message.Content, s.want) || r.Failed != s.refused {
			t.Fatalf("step %d: %q (failed %v), want %q", i, r.Message.Content, r.Failed, s.want)
		}
		if s.refused {
			if h.record() != before || !r.Private {
				t.Errorf("step %d: refused, but public or the game changed", i)
			}
			continue
		}
		if r.Private || !slices.Equal(r.Message.Mentions, s.mentions) || !strings.Contains(r.Message.Content, "<@"+s.mentions[0]+">") {
			t.Errorf("step %d: the board mentions %v in %q, want %v", i, r.Message.Mentions, r.Message.Content, s.mentions)
		}
	}
	// By the menu: the board's button opens a private menu of the legal
	// takes; the choice makes the move, and the board goes to the channel.
	board := h.cmd("ann", "board").Message
	stale := button(t, first.Message, "take")
	if r := h.click("ann", stale); !r.Failed || !strings.Contains(r.Message.Content, "out of date") {
		t.Errorf("the first board's button: %q", r.Message.Content)
	}
	if r := h.click("bob", button(t, board, "take")); !r.Failed || !strings.Contains(r.Message.Content, "turn") {
		t.Errorf("bob opens ann's menu: %q", r.Message.Content)
	}
	menu := h.click("ann", button(t, board, "take"))
	if !menu.Private || menu.Failed || len(menu.Message.Rows) != 2 || len(menu.Message.Rows[0].Menu.Options) != 3 || menu.Message.Rows[1].Buttons[0].Label != "Cancel" {
		t.Fatalf("the menu: %+v", menu)
	}
	before := len(h.posts.all())
	done := h.click("ann", button(t, menu.Message, "take"), "3")
	if !done.Update || !strings.Contains(h.lastPost().Content, "ann takes 3 stones: 1 left") {
		t.Fatalf("the menu's move: %+v", done)
	}
	if got := len(h.posts.all()); got != before+1 {
		t.Errorf("%d posts after a menu's move, want 1", got-before)
	}
	if p := h.lastPost(); !slices.Equal(p.Mentions, []string{"bob"}) || !p.Notify || p.Nonce == "" {
		t.Errorf("the menu's board post: mentions %v, notify %v, nonce %q", p.Mentions, p.Notify, p.Nonce)
	}
	// The menu again: the board it came from moved on.
	if r := h.click("ann", button(t, menu.Message, "take"), "1"); !r.Failed || !strings.Contains(r.Message.Content, "out of date") {
		t.Errorf("a second choice in the same menu: %q", r.Message.Content)
	}
	if r := h.click("ann", "takeaway:zzz:1:nonsense"); !r.Failed {
		t.Errorf("a forged button was accepted")
	}
	// The game-over post is the channel's worker's; the answer says done.
	if r := h.cmd("bob", "take", "stones", "1"); !r.Private || !strings.HasPrefix(r.Message.Content, "✅") {
		t.Errorf("the answer to the last move: %+v", r)
	}
	h.wait()
	if p := h.lastPost(); !strings.Contains(p.Content, "bob takes the last stone and wins") || !slices.Equal(p.Mentions, []string{"ann", "bob"}) ||
		len(p.Rows) != 1 || !strings.Contains(p.Rows[0].Buttons[0].ID, ":rematch:") || p.Nonce == "" {
		t.Errorf("the end, which pings everybody, with a Rematch button: %+v", p)
	}
	if r := h.cmd("ann", "take", "stones", "1"); !r.Failed || !strings.Contains(r.Message.Content, "There is no game in this channel") {
		t.Errorf("a move after the end: %q", r.Message.Content)
	}
}

// TestBoardPingsNobody: anyone may see the board again, but a repost
// names the player to move without pinging them, so that nobody can ping
// a player again and again.
func TestBoardPingsNobody(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"})
	for _, who := range []string{"ann", "bob", "eve"} {
		r := h.cmd(who, "board")
		if r.Failed || r.Private || len(r.Message.Mentions) != 0 {
			t.Errorf("%s: board: %+v", who, r.Message)
		}
		if !strings.Contains(r.Message.Content, "<@ann>, take") {
			t.Errorf("%s: the board does not say whose turn it is: %q", who, r.Message.Content)
		}
	}
}

// TestUndo takes back a player's move with the computer moves that
// followed it, and refuses once someone else has moved.
func TestUndo(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.cmd("ann", "new", "players", "3", "stones", "30")
	h.cmd("bob", "join")
	h.click("ann", button(t, h.cmd("ann", "board").Message, "ai"), "easy")
	h.cmd("ann", "start")
	h.cmd("ann", "take", "stones", "2")
	h.cmd("bob", "take", "stones", "1")
	h.wait() // the computer's move
	g, pos := h.state()
	if len(g.Moves) != 3 || pos.Turn != 0 {
		t.Fatalf("moves %d, turn %d", len(g.Moves), pos.Turn)
	}
	if r := h.cmd("ann", "undo"); !r.Failed || !strings.Contains(r.Message.Content, "only take back your own last move") {
		t.Errorf("ann undoes bob's move: %q", r.Message.Content)
	}
	r := h.cmd("bob", "undo")
	if r.Failed || !strings.Contains(r.Message.Content, "bob takes back their move (take 1)") || !slices.Equal(r.Message.Mentions, []string{"bob"}) {
		t.Fatalf("bob's undo: %+v", r.Message)
	}
	g, pos = h.state()
	if len(g.Moves) != 1 || pos.Left != 28 || pos.Turn != 1 {
		t.Errorf("after the undo: moves %d, left %d, turn %d", len(g.Moves), pos.Left, pos.Turn)
	}
	if r := h.cmd("eve", "undo"); !r.Failed || !strings.Contains(r.Message.Content, "not playing") {
		t.Errorf("a stranger's undo: %q", r.Message.Content)
	}
}

// TestUndoSealed: a game may keep moves from being taken back (what they
// showed cannot be unseen): undo refuses them, and changes nothing.
func TestUndoSealed(t *testing.T) {
	h := newHost(t, takeaway.Options{Sealed: 1})
	h.table([]string{"ann", "bob"})
	h.cmd("ann", "take", "stones", "1")
	before := h.record()
	if r := h.cmd("ann", "undo"); !r.Failed || !strings.Contains(r.Message.Content, "cannot be unseen") {
		t.Errorf("undo of a sealed move: %q", r.Message.Content)
	}
	if h.record() != before {
		t.Error("the refused undo changed the game")
	}
	h.cmd("bob", "take", "stones", "1")
	if r := h.cmd("bob", "undo"); r.Failed {
		t.Errorf("undo of a move after the seal: %q", r.Message.Content)
	}
}

// TestResign: resigning asks first, privately; the answer resigns, or
// hands the seat to a computer, which then plays it.
func TestResign(t *testing.T) {
	t.Run("resign", func(t *testing.T) {
		h := newHost(t, takeaway.Options{})
		h.table([]string{"ann", "bob", "cat"})
		q := h.cmd("bob", "resign")
		if !q.Private || !strings.Contains(q.Message.Content, "Leave the game?") {
			t.Fatalf("the question: %+v", q.Message)
		}
		if r := h.click("bob", button(t, q.Message, "x")); !r.Update || !strings.Contains(r.Message.Content, "Nothing was played") {
			t.Errorf("cancel: %q", r.Message.Content)
		}
		r := h.click("bob", button(t, q.Message, "rs"))
		if r.Failed || !strings.Contains(h.lastPost().Content, "bob resigns") {
			t.Fatalf("resign: %+v", r)
		}
		_, pos := h.state()
		if !pos.Resigned[1] {
			t.Error("bob did not resign")
		}
		if r := h.click("bob", button(t, q.Message, "rs")); !r.Failed {
			t.Errorf("resigning twice: %q", r.Message.Content)
		}
		r = h.cmd("cat", "resign")
		h.click("cat", button(t, r.Message, "rs"))
		if p := h.lastPost(); !strings.Contains(p.Content, "wins") {
			t.Errorf("the last one left wins: %q", p.Content)
		}
	})
	t.Run("hand over", func(t *testing.T) {
		h := newHost(t, takeaway.Options{})
		h.table([]string{"ann", "bob"}, "stones", "9")
		q := h.cmd("ann", "resign")
		r := h.click("ann", button(t, q.Message, "rc"), "hard")
		h.wait()
		if posts := h.posts.all(); r.Failed || len(posts) == 0 || !strings.Contains(posts[0].Content, "ann hands their seat to Computer (hard)") {
			t.Fatalf("hand over: %+v, posts %+v", r, posts)
		}
		g, pos := h.state()
		if g.Players[0].Computer != "hard" || g.Players[0].UserID != "" || pos.Turn != 1 || pos.Left != 8 {
			t.Errorf("after the hand-over: %+v, turn %d, left %d", g.Players[0], pos.Turn, pos.Left)
		}
		if r := h.cmd("ann", "take", "stones", "1"); !r.Failed || !strings.Contains(r.Message.Content, "not playing") {
			t.Errorf("ann after handing over: %q", r.Message.Content)
		}
	})
}

// TestCancel: only the creator, or who manages the channel, ends a game.
func TestCancel(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"})
	if r := h.cmd("bob", "cancel"); !r.Failed || !strings.Contains(r.Message.Content, "Only the player who opened the game") {
		t.Errorf("bob cancels: %q", r.Message.Content)
	}
	mod := user("mod")
	mod.ManageChannels = true
	r := h.handle(bot.Request{Kind: bot.CommandRequest, User: mod, Channel: channel, Game: takeaway.Kind, Command: "cancel"})
	if r.Failed || !strings.Contains(r.Message.Content, "mod cancelled the game") {
		t.Errorf("a moderator cancels: %q", r.Message.Content)
	}
	if g, err := h.db.Archived(h.ctx, channel); err != nil || len(g) != 1 || g[0].Status != "cancelled" {
		t.Errorf("archived: %v, %v", g, err)
	}
}

// TestLanguageWho: while a game is on, only its players, its creator and
// who manages the channel may change the channel's language.
func TestLanguageWho(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	if r := h.cmd("eve", "language", "language", "it"); r.Failed {
		t.Errorf("without a game anyone may: %q", r.Message.Content)
	}
	h.table([]string{"ann", "bob"})
	if r := h.cmd("eve", "language", "language", "es"); !r.Failed || !strings.Contains(r.Message.Content, "Only the players") {
		t.Errorf("eve mid-game: %q", r.Message.Content)
	}
	if r := h.cmd("bob", "language", "language", "es"); r.Failed {
		t.Errorf("bob mid-game: %q", r.Message.Content)
	}
	mod := user("mod")
	mod.ManageChannels = true
	if r := h.handle(bot.Request{Kind: bot.CommandRequest, User: mod, Channel: channel, Game: takeaway.Kind, Command: "language",
		Options: map[string]string{"language": "en"}}); r.Failed {
		t.Errorf("a moderator mid-game: %q", r.Message.Content)
	}
}

// TestInfo: status, history and rules answer privately.
func TestInfo(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"}, "stones", "9")
	h.cmd("ann", "take", "stones", "3")
	h.cmd("bob", "take", "stones", "2")
	tests := []struct {
		sub  string
		opts []string
		want []string
	}{
		{"status", nil, []string{"**Take-away**: 2 moves made.", "To move: #1 ann (p1)", "Stones left: 4"}},
		{"history", nil, []string{"The last 2 moves:", "1. ann takes 3 stones: 6 left", "2. bob takes 2 stones: 4 left"}},
		{"history", []string{"count", "1"}, []string{"The last move:", "2. bob takes 2"}},
		{"history", []string{"count", "0"}, []string{"Give a number of moves from 1 to 50."}},
		{"history", []string{"count", "abc"}, []string{"Give a number of moves from 1 to 50."}},
		{"rules", nil, []string{"Take-away (1/2)"}},
	}
	for _, tt := range tests {
		t.Run(tt.sub+strings.Join(tt.opts, ""), func(t *testing.T) {
			r := h.cmd("eve", tt.sub, tt.opts...)
			if !r.Private {
				t.Errorf("public: %q", r.Message.Content)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.Message.Content, w) {
					t.Errorf("%q, want it to say %q", r.Message.Content, w)
				}
			}
		})
	}
	page := h.cmd("ann", "rules")
	next := h.click("ann", button(t, page.Message, "rules"))
	if !next.Update || !strings.Contains(next.Message.Content, "(2/2)") {
		t.Errorf("the next page: %q", next.Message.Content)
	}
}

// TestMovesCounted: every stored move counts in tablebot_moves_total,
// the players', the computers' and the automatic ones.
func TestMovesCounted(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.cmd("ann", "new", "stones", "2")
	h.click("ann", button(t, h.cmd("ann", "board").Message, "ai"), "hard")
	h.cmd("ann", "start")
	h.cmd("ann", "take", "stones", "1")
	h.wait()
	g, err := h.db.Archived(h.ctx, channel)
	if err != nil || len(g) != 1 {
		t.Fatalf("the game did not end: %v", err)
	}
	rec := httptest.NewRecorder()
	h.metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	want := "tablebot_moves_total " + itoa(len(g[0].Moves))
	if !strings.Contains(rec.Body.String(), want+"\n") {
		t.Errorf("metrics lack %q", want)
	}
}
