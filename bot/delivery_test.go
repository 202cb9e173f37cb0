package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
	"github.com/tablebot/tablebot/store"
)

// retryAll moves the clock on far enough for every post waiting to be
// tried again (the longest backoff is five minutes) and waits for the
// channel's work.
func (h *host) retryAll() {
	h.clock.Advance(6 * time.Minute)
	h.wait()
}

// said returns the words of every post in the channel, one post a string.
func (h *host) said() string {
	var b strings.Builder
	for _, p := range h.posts.all() {
		b.WriteString(p.Content + "\n")
	}
	return b.String()
}

// checkSaidOnce checks that the channel's posts said every move of the
// game exactly once, in the order of the moves: the lines of a game of
// take-away are told apart by the stones left.
func (h *host) checkSaidOnce(moves int) {
	h.t.Helper()
	text := h.said()
	left := leftIn.FindAllStringSubmatch(text, -1)
	var got []string
	for _, m := range left {
		got = append(got, m[1])
	}
	got = slices.Compact(got) // a board's words and its prompt say the same pile
	if len(got) != moves {
		h.t.Errorf("the posts tell %d changes of the pile, want %d: %v", len(got), moves, got)
	}
}

// TestBacklogInBoundedPosts: while posts fail, a person and a computer
// play on; the person's answers do not overtake what the channel is owed
// (they are private), and once Discord is back the backlog goes out in a
// few posts within Discord's limits, each move said once and in order,
// the board and the ping on the last post only.
func TestBacklogInBoundedPosts(t *testing.T) {
	h := newHost(t, takeaway.Options{Board: tinyBoard})
	lobby := h.cmd("ann", "new", "players", "2", "stones", "99").Message
	h.click("ann", button(t, lobby, "ai"), "easy")
	h.cmd("ann", "start")
	before := len(h.posts.all())
	h.posts.setDown(true, nil, false)
	for i := range 40 {
		r := h.cmd("ann", "take", "stones", "1")
		if r.Failed {
			t.Fatalf("ann's move: %q", r.Message.Content)
		}
		// The first answer carries its board: the channel owed nothing yet.
		if i > 0 && (r.Message.Image != nil || len(r.Message.Mentions) > 0) {
			t.Fatalf("an answer with a board overtook the channel's owed posts: %q", r.Message.Content)
		}
		if _, err := h.db.Current(h.ctx, channel); err != nil {
			break // the game is over
		}
	}
	h.posts.setDown(false, nil, false)
	h.retryAll()
	posts := h.posts.all()[before:]
	if len(posts) == 0 || len(posts) > 4 {
		t.Fatalf("the backlog took %d posts", len(posts))
	}
	if over := h.posts.over; len(over) > 0 {
		t.Fatalf("%d posts over Discord's limit", len(over))
	}
	for i, p := range posts {
		last := i == len(posts)-1
		if (p.Image != nil) != last || len(p.Mentions) > 0 && !last {
			t.Errorf("post %d of %d: image %v, mentions %v", i+1, len(posts), p.Image != nil, p.Mentions)
		}
	}
	// Every move but the first (whose board went with ann's answer).
	g, _ := h.db.Archived(h.ctx, channel)
	cur, err := h.db.Current(h.ctx, channel)
	switch {
	case err == nil:
		h.checkSaidOnce(len(cur.Moves) - 1)
	case len(g) == 1:
		h.checkSaidOnce(len(g[0].Moves) - 1)
	}
	checkOrder(t, posts)
	if peak := h.bot.InflightPeak(); peak < 1 {
		t.Errorf("the gate saw %d posts in flight", peak)
	}
}

// tinyBoard draws a board of one pixel, as a real PNG.
func tinyBoard(ctx context.Context, v bot.BoardView) ([]byte, error) {
	var b bytes.Buffer
	err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	return b.Bytes(), err
}

// TestChannelGone: a channel Discord says the bot cannot post in any more
// is parked after the first refusal: no post is tried again, its
// computers stop and its reminders wait; a request from the channel takes
// it up again, and what it was owed is posted.
func TestChannelGone(t *testing.T) {
	h := newHostWith(t, takeaway.Options{}, &bot.Turns{RemindAfter: time.Hour, RemindMax: 3})
	lobby := h.cmd("ann", "new", "players", "3", "stones", "60").Message
	h.cmd("bob", "join")
	h.click("ann", button(t, lobby, "ai"), "easy")
	h.cmd("ann", "start")
	h.posts.setDown(true, fmt.Errorf("%w: 403 Missing Access", bot.ErrGone), false)
	h.cmd("ann", "take", "stones", "1") // answered: the channel owes nothing yet
	h.cmd("bob", "take", "stones", "1") // the computer's board is refused
	tried := h.posts.attempts()
	g, _ := h.state()
	for range 3 {
		h.retryAll()
		h.bot.Remind(h.ctx)
		h.clock.Advance(time.Hour)
		h.bot.Remind(h.ctx)
		h.wait()
	}
	if n := h.posts.attempts(); n != tried {
		t.Errorf("%d more posts tried in a parked channel", n-tried)
	}
	if now, _ := h.state(); len(now.Moves) != len(g.Moves) || now.Reminded != 0 {
		t.Errorf("a parked channel's game went on: %d moves (was %d), %d reminders", len(now.Moves), len(g.Moves), now.Reminded)
	}
	box, _ := h.db.Outbox(h.ctx, channel)
	if len(box) == 0 {
		t.Fatal("the parked channel's posts were dropped")
	}
	h.posts.setDown(false, nil, false)
	h.cmd("ann", "status") // the bot is back in the channel
	h.retryAll()
	if box, _ := h.db.Outbox(h.ctx, channel); len(box) != 0 {
		t.Errorf("still owed after the channel came back: %d", len(box))
	}
	if !strings.Contains(h.said(), "Computer (easy) takes") {
		t.Errorf("the computer's move was never posted: %q", h.said())
	}
}

// TestPostRefused: a post Discord refuses as it is (a 400) is not sent
// again as it is: the board goes out in words only, once.
func TestPostRefused(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	lobby := h.cmd("ann", "new", "players", "2", "stones", "30").Message
	h.click("ann", button(t, lobby, "ai"), "easy")
	h.cmd("ann", "start")
	h.posts.fail(1)
	h.posts.setDown(false, fmt.Errorf("%w: 400 Invalid Form Body", bot.ErrRefused), false)
	h.cmd("ann", "take", "stones", "1")
	h.retryAll()
	posts := h.posts.all()
	if len(posts) != 1 || posts[0].Image != nil || !strings.Contains(posts[0].Content, "Computer (easy) takes") {
		t.Fatalf("after a refused board: %d posts %+v", len(posts), posts)
	}
	if n := h.posts.attempts(); n != 2 {
		t.Errorf("%d tries of a refused post, want 2 (as it was, then in words)", n)
	}
	if box, _ := h.db.Outbox(h.ctx, channel); len(box) != 0 {
		t.Errorf("still owed: %d", len(box))
	}
}

// TestUndoWhileOwed: a move made and taken back while the channel's posts
// fail is never announced, and nobody is pinged for it.
func TestUndoWhileOwed(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	lobby := h.cmd("ann", "new", "players", "3", "stones", "30").Message
	h.cmd("bob", "join")
	h.click("ann", button(t, lobby, "ai"), "easy")
	h.cmd("ann", "start")
	h.posts.setDown(true, nil, false)
	h.cmd("ann", "take", "stones", "1") // its board goes with the answer
	h.cmd("bob", "take", "stones", "3") // then the computer's: owed
	_, pos := h.state()
	h.cmd("ann", "take", "stones", "2")
	if r := h.cmd("ann", "undo"); r.Failed {
		t.Fatalf("undo: %q", r.Message.Content)
	}
	h.posts.setDown(false, nil, false)
	h.retryAll()
	text := h.said()
	if strings.Contains(text, fmt.Sprintf("ann takes 2 stones: %d left", pos.Left-2)) {
		t.Errorf("the move taken back was announced: %q", text)
	}
	for _, p := range h.posts.all() {
		if p.Image != nil && !slices.Equal(p.Mentions, []string{"ann"}) {
			t.Errorf("a board pings %v, want ann (to move again): %q", p.Mentions, p.Content)
		}
	}
}

// TestStaleButtonAfterUndo: a button of a board is refused once the
// position changed, also when an undo and another move bring the game
// back to the same number of moves.
func TestStaleButtonAfterUndo(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"}, "stones", "30")
	board := h.cmd("ann", "take", "stones", "1").Message // bob's turn, with his buttons
	take := button(t, board, "take")
	h.cmd("ann", "undo")
	h.cmd("ann", "take", "stones", "2")
	before := h.record()
	r := h.click("bob", take)
	if !r.Failed || !strings.Contains(r.Message.Content, "moved on") {
		t.Errorf("an old board's button after an undo and another move: %q", r.Message.Content)
	}
	if h.record() != before {
		t.Error("the old button changed the game")
	}
}

// TestComputerThoughtForOldVersion: a computer that thought for a seat
// whose person took it back meanwhile does not have its move stored.
func TestComputerThoughtForOldVersion(t *testing.T) {
	var (
		thinking = make(chan struct{}, 1)
		release  = make(chan struct{})
		once     sync.Once
	)
	hold := func(seat int) {
		if seat != 0 {
			return
		}
		once.Do(func() {
			thinking <- struct{}{}
			<-release
		})
	}
	h := newHostWith(t, takeaway.Options{Before: hold}, &bot.Turns{RemindAfter: time.Hour, RemindMax: 1})
	h.table([]string{"ann", "bob"}, "stones", "30")
	h.cmd("bob", "settings", "then", "computer")
	h.clock.Advance(time.Hour)
	h.bot.Remind(h.ctx) // the reminder
	h.wait()
	h.clock.Advance(time.Hour)
	h.bot.Remind(h.ctx) // no reminder left: a computer stands in for ann, and thinks
	<-thinking
	h.send(command("ann", "status")) // ann is back while it thinks
	close(release)
	h.wait()
	g, pos := h.state()
	if len(g.Moves) != 0 || pos.Turn != 0 || g.Players[0].Away != "" {
		t.Errorf("the computer's move for ann's old seat was stored: %d moves, turn %d, away %q", len(g.Moves), pos.Turn, g.Players[0].Away)
	}
}

// TestReminderNotTwice: a reminder whose post failed with an unknown
// outcome (it was made after all) is looked for once Discord's nonce
// window has passed, and not posted again; its words are those written
// when it fell due.
func TestReminderNotTwice(t *testing.T) {
	h := newHostWith(t, takeaway.Options{}, &bot.Turns{RemindAfter: time.Hour, RemindMax: 3})
	h.finds = true
	h.close()
	h.open()
	h.table([]string{"ann", "bob"}, "stones", "30")
	h.posts.fail(1)
	h.posts.setDown(false, nil, true) // the failing post is made all the same
	h.remindAt(time.Hour)
	if n := len(h.reminders()); n != 1 {
		t.Fatalf("%d reminders made", n)
	}
	h.retryAll() // past the nonce window
	if n := len(h.reminders()); n != 1 {
		t.Errorf("the reminder was posted %d times", n)
	}
	if box, _ := h.db.Outbox(h.ctx, channel); len(box) != 0 {
		t.Errorf("still owed: %d", len(box))
	}
}

// TestAutoMoveStoredWithMove: a move and the pass it forces are stored in
// one transaction; a game stored with such a pass owed (by a bot that
// stopped between the two) makes it as soon as it is loaded, and when the
// bot resumes.
func TestAutoMoveStoredWithMove(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob", "cy"}, "stones", "30", "skip", "27")
	before, _ := h.state()
	r := h.cmd("ann", "take", "stones", "3") // 27 left: bob must pass
	if r.Failed || !strings.Contains(r.Message.Content, "bob must pass at 27 stones") {
		t.Fatalf("the move and its pass: %q", r.Message.Content)
	}
	g, pos := h.state()
	if len(g.Moves) != 2 || g.Version != before.Version+1 || pos.Turn != 2 {
		t.Errorf("after the move: %d moves, version %d (was %d), turn %d", len(g.Moves), g.Version, before.Version, pos.Turn)
	}

	// The old way: the pass lost. The bot makes it when it loads the game.
	for _, resume := range []bool{false, true} {
		h.cmd("ann", "undo")
		g, _ := h.db.Current(h.ctx, channel)
		if len(g.Moves) != 0 {
			t.Fatalf("undo left %d moves", len(g.Moves))
		}
		if _, err := h.db.AppendMove(h.ctx, channel, g.ID, store.Move{N: 0, Text: "p1 take 3", By: "ann"}, nil); err != nil {
			t.Fatal(err)
		}
		if resume {
			// As the migration to schema 3 leaves every live game: due.
			g, _ := h.db.Current(h.ctx, channel)
			if err := h.db.SetWake(h.ctx, channel, g.ID, g.Version, h.clock.Now()); err != nil {
				t.Fatal(err)
			}
			h.bot.Resume(h.ctx)
			h.wait()
			if g, _ := h.db.Current(h.ctx, channel); len(g.Moves) != 2 {
				t.Errorf("resumed: %d moves, want the pass made", len(g.Moves))
			}
		}
		r := h.cmd("cy", "take", "stones", "1")
		if r.Failed {
			t.Errorf("resume %v: the game is stuck: %q", resume, r.Message.Content)
		}
		h.cmd("cy", "undo")
	}
}

// TestReminderAfterAMove: a reminder whose post failed is not posted once
// the player it was for has moved (it was made for the game's version
// then), and pings nobody.
func TestReminderAfterAMove(t *testing.T) {
	h := newHostWith(t, takeaway.Options{}, &bot.Turns{RemindAfter: time.Hour, RemindMax: 3})
	h.table([]string{"ann", "bob"}, "stones", "30")
	h.posts.setDown(true, nil, false)
	h.remindAt(time.Hour) // ann's reminder: owed
	if box, _ := h.db.Outbox(h.ctx, channel); len(box) != 1 || box[0].Kind != "reminder" {
		t.Fatalf("owed: %+v", box)
	}
	h.cmd("ann", "take", "stones", "1")
	h.posts.setDown(false, nil, false)
	h.retryAll()
	if n := len(h.reminders()); n != 0 {
		t.Errorf("a reminder of a turn already played was posted (%d)", n)
	}
	if box, _ := h.db.Outbox(h.ctx, channel); len(box) != 0 {
		t.Errorf("still owed: %d", len(box))
	}
}

// TestOlderAnswerNotPostedAgain: ann's move was answered with its board,
// but the bot never learnt it (it stopped before the answer's Sent ran);
// the computer moved after it. The worker finds that answer among the
// channel's messages and posts the computer's move alone: ann's move is
// not announced a second time (it was, joined to the computer's, when the
// worker went on with the list it had read before recording the answer).
func TestOlderAnswerNotPostedAgain(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.finds = true
	h.close()
	h.open()
	h.cmd("ann", "new", "players", "2", "stones", "40")
	board := h.cmd("ann", "board").Message
	h.click("ann", button(t, board, "ai"), "easy")
	h.cmd("ann", "start")
	if _, pos := h.state(); pos.Turn != 0 {
		t.Fatalf("turn %d, want ann's", pos.Turn)
	}
	before := len(h.posts.all())
	req := command("ann", "take", "stones", "1")
	req.Interaction = "i1"
	answer := h.bot.Handle(h.ctx, req) // made, and shown by the platform,
	h.posts.answered("i1", "m-answer") // but its Sent never runs
	if answer.Then != nil {
		answer.Then() // the computer's turn, after the answer
	}
	h.wait()
	h.retryAll()
	posts := h.posts.all()[before:]
	if len(posts) != 1 {
		t.Fatalf("%d posts after the answer, want the computer's alone: %q", len(posts), h.said())
	}
	for _, line := range strings.Split(answer.Message.Content, "\n") {
		if line != "" && strings.Contains(posts[0].Content, line) {
			t.Errorf("the answered move is announced again: %q in %q", line, posts[0].Content)
		}
	}
	if box, _ := h.db.Outbox(h.ctx, channel); len(box) != 0 {
		t.Errorf("still owed: %d", len(box))
	}
}
