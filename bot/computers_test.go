package bot_test

import (
	"context"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
	"github.com/tablebot/tablebot/store"
)

// leftIn reads "N left" from a board post of take-away.
var leftIn = regexp.MustCompile(`(\d+) left`)

// checkOrder checks that posts show the pile shrinking, each once: boards
// posted out of the order of their moves, or twice, would not.
func checkOrder(t *testing.T, posts []bot.Message) {
	t.Helper()
	last := 1 << 30
	for _, p := range posts {
		m := leftIn.FindStringSubmatch(p.Content)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if n >= last {
			t.Errorf("a board with %d left after one with %d: posts out of order", n, last)
		}
		last = n
	}
}

// TestComputerSeats: computer players move by themselves after a person's
// move, one after the other, each with its board post, in order, until a
// person is to move or the game is over.
func TestComputerSeats(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.cmd("ann", "new", "players", "4", "stones", "40")
	board := h.cmd("ann", "board").Message
	for _, lv := range []string{"easy", "hard", "easy"} {
		board = h.click("ann", button(t, board, "ai"), lv).Message
	}
	h.cmd("ann", "start")
	for i := 0; i < 20; i++ {
		if _, err := h.db.Current(h.ctx, channel); err != nil {
			break // the game is over
		}
		_, pos := h.state()
		if pos.Turn != 0 {
			t.Fatalf("a computer's turn is left waiting: turn %d", pos.Turn)
		}
		h.cmd("ann", "take", "stones", "1")
		h.wait()
	}
	posts := h.posts.all()
	if len(posts) == 0 {
		t.Fatal("no computer posted")
	}
	checkOrder(t, posts)
	for _, p := range posts {
		if len(p.Mentions) > 1 || len(p.Mentions) == 1 && p.Mentions[0] != "ann" {
			t.Errorf("a computer's board pings %v", p.Mentions)
		}
	}
	g, err := h.db.Archived(h.ctx, channel)
	if err != nil || len(g) != 1 {
		t.Fatalf("the game did not end")
	}
	computer := 0
	for _, m := range g[0].Moves {
		if m.By == store.Computer {
			computer++
		}
	}
	want := computer
	if last := g[0].Moves[len(g[0].Moves)-1]; last.By != store.Computer {
		want++ // the game-over post of ann's last move is the channel's too
	}
	if want != len(posts) {
		t.Errorf("%d computer moves, %d posts", computer, len(posts))
	}
}

// TestOneRunnerPerChannel wakes a channel's computers again and again
// (a restart's Resume, a hand-over, a person's board) while a computer
// thinks: a channel's computer turns never overlap, and their boards go
// out in the order of the moves.
func TestOneRunnerPerChannel(t *testing.T) {
	var (
		mu       sync.Mutex
		thinking int
		most     int
		gate     = make(chan struct{})
		entered  = make(chan struct{}, 1)
		once     sync.Once
	)
	before := func(seat int) {
		mu.Lock()
		thinking++
		most = max(most, thinking)
		mu.Unlock()
		first := false
		once.Do(func() { first = true })
		if first {
			entered <- struct{}{}
			<-gate
		}
		mu.Lock()
		thinking--
		mu.Unlock()
	}
	h := newHost(t, takeaway.Options{Before: before})
	h.cmd("ann", "new", "players", "4", "stones", "30")
	h.cmd("bob", "join")
	board := h.cmd("ann", "board").Message
	board = h.click("ann", button(t, board, "ai"), "easy").Message
	h.click("ann", button(t, board, "ai"), "hard")
	h.cmd("ann", "start")
	h.cmd("ann", "take", "stones", "1")
	h.send(command("bob", "take", "stones", "1")) // the computers' turns begin
	<-entered
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.bot.Resume(h.ctx)
			h.send(command("bob", "board"))
		}()
	}
	wg.Wait()
	close(gate)
	h.wait()
	mu.Lock()
	defer mu.Unlock()
	if most != 1 {
		t.Errorf("%d computers thought at once in one channel", most)
	}
	checkOrder(t, h.posts.all())
	if _, pos := h.state(); pos.Turn != 0 {
		t.Errorf("the computers did not play their turns: turn %d", pos.Turn)
	}
}

// TestComputerFailsOnce: a computer that finds no move is logged once and
// its seat waits; nothing loops and nothing is stored.
func TestComputerFailsOnce(t *testing.T) {
	h := newHost(t, takeaway.Options{Broken: true})
	h.cmd("ann", "new", "stones", "10")
	h.click("ann", button(t, h.cmd("ann", "board").Message, "ai"), "broken")
	h.cmd("ann", "start")
	h.cmd("ann", "take", "stones", "1")
	h.wait()
	errs := h.log.at(slog.LevelError)
	if len(errs) != 1 || !strings.Contains(errs[0], "a computer player found no move") {
		t.Errorf("errors logged: %q", errs)
	}
	if g, _ := h.state(); len(g.Moves) != 1 {
		t.Errorf("%d moves stored", len(g.Moves))
	}
	// A later wake tries once more, and logs once more.
	h.bot.Resume(h.ctx)
	h.wait()
	if errs := h.log.at(slog.LevelError); len(errs) != 2 {
		t.Errorf("after a wake: %d errors logged", len(errs))
	}
}

// TestTeamAnySeat: in a cooperative game any seat may act at any time;
// the board mentions everyone who may, and the team wins together.
func TestTeamAnySeat(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	r := h.table([]string{"ann", "bob"}, "mode", "team", "stones", "5")
	if got := r.Message.Mentions; len(got) != 2 {
		t.Errorf("the first board mentions %v, want both", got)
	}
	for _, s := range []struct{ who, n string }{{"bob", "2"}, {"bob", "1"}, {"ann", "1"}} {
		if r := h.cmd(s.who, "take", "stones", s.n); r.Failed {
			t.Fatalf("%s takes %s: %q", s.who, s.n, r.Message.Content)
		}
	}
	if r := h.cmd("eve", "take", "stones", "1"); !r.Failed {
		t.Errorf("a stranger took")
	}
	h.cmd("ann", "take", "stones", "1")
	h.wait()
	if p := h.lastPost(); !strings.Contains(p.Content, "the team wins") {
		t.Errorf("the end: %q", p.Content)
	}
}

// TestShutdown: a request cut off by the bot's shutdown (its context
// cancelled) is answered with the apology, changes nothing, and is no
// error in the log.
func TestShutdown(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"})
	before := h.record()
	ctx, cancel := context.WithCancel(h.ctx)
	cancel()
	r := h.bot.Handle(ctx, bot.Request{Kind: bot.CommandRequest, User: user("ann"), Channel: channel, Game: takeaway.Kind,
		Command: "take", Options: map[string]string{"stones": "1"}})
	if !r.Failed || h.record() != before {
		t.Errorf("a cancelled request: %+v", r)
	}
	if errs := h.log.at(slog.LevelError); len(errs) != 0 {
		t.Errorf("errors logged: %q", errs)
	}
}

// TestResumeUnreplayable: after a restart, a stored game that does not
// replay is said in the log, and the others go on.
func TestResumeUnreplayable(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"})
	_, err := h.db.Update(h.ctx, channel, mustCurrent(t, h).ID, func(g *store.Game) error {
		g.Setup = append(g.Setup, "mode nonsense")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	h.bot.Resume(h.ctx)
	if errs := h.log.at(slog.LevelError); len(errs) != 1 || !strings.Contains(errs[0], "does not replay") {
		t.Errorf("errors logged: %q", errs)
	}
}

func mustCurrent(t *testing.T, h *host) *store.Game {
	t.Helper()
	g, err := h.db.Current(h.ctx, channel)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestComputersAlone: a table's creator may leave computers seated and
// start a game of computers alone, a demonstration: the table stays theirs
// (nobody else may start it), the computers play it to the end by
// themselves, and no post pings anyone. A person leaving a table without
// computers still closes it.
func TestComputersAlone(t *testing.T) {
	h := newHost(t, takeaway.Options{})
	lobby := h.cmd("ann", "new", "players", "3", "stones", "12").Message
	for _, lv := range []string{"easy", "hard"} {
		lobby = h.click("ann", button(t, lobby, "ai"), lv).Message
	}
	r := h.cmd("ann", "leave")
	if r.Failed || !strings.Contains(r.Message.Content, "Players (2/3): Computer (easy), Computer (hard)") ||
		!strings.Contains(r.Message.Content, "ann starts a game of the computers alone, to watch") {
		t.Fatalf("ann leaves the computers seated: %q", r.Message.Content)
	}
	lobby = h.click("ann", button(t, r.Message, "ai"), "easy").Message
	if !strings.Contains(lobby.Content, "Players (3/3)") {
		t.Fatalf("the third computer: %q", lobby.Content)
	}
	if r := h.cmd("bob", "start"); !r.Failed || !strings.Contains(r.Message.Content, "Only ann") {
		t.Errorf("bob starts ann's table: %q", r.Message.Content)
	}
	if r := h.cmd("ann", "start"); r.Failed {
		t.Fatalf("start: %q", r.Message.Content)
	}
	games, err := h.db.Archived(h.ctx, channel)
	if err != nil || len(games) != 1 {
		t.Fatalf("the computers did not play the game to its end: %v, %d archived", err, len(games))
	}
	for _, m := range games[0].Moves {
		if m.By != store.Computer {
			t.Errorf("a move not by a computer: %+v", m)
		}
	}
	posts := h.posts.all()
	if len(posts) == 0 {
		t.Fatal("the computers posted nothing")
	}
	for _, p := range posts {
		if len(p.Mentions) > 0 {
			t.Errorf("a post pings %v: %q", p.Mentions, p.Content)
		}
	}
	checkOrder(t, posts)

	// Without computers the last person out closes the table.
	h.cmd("ann", "new", "players", "2")
	if r := h.cmd("ann", "leave"); !strings.Contains(r.Message.Content, "the table is closed") {
		t.Errorf("the last person out: %q", r.Message.Content)
	}
}
