package shangrila

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/store"
)

// TestBoardShowsLastMove plays a move through the command layer, as
// Discord does, and checks that /shangrila board, also after the bot
// restarts, posts the image of the move's own post: the board with the
// move that led to it highlighted, which a player coming back hours later
// looks for. Without the last move the image differs.
func TestBoardShowsLastMove(t *testing.T) {
	r, err := sharedRenderer()
	if err != nil {
		t.Fatal(err)
	}
	cat := catalog(t)
	db := openDB(t)
	draw := NewBoardFunc(r, cat)
	open := func() *bot.Bot {
		b, err := bot.New(bot.Config{Store: db, Catalog: cat, Games: []bot.Game{New(Options{Board: draw})}, KeepSeatOrder: true})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	ctx := context.Background()
	handle := func(b *bot.Bot, user, command string, options map[string]string) bot.Reply {
		t.Helper()
		rep := b.Handle(ctx, bot.Request{Kind: bot.CommandRequest, User: bot.User{ID: user, Name: user}, Channel: "c", Guild: "g",
			Game: Kind, Command: command, Options: options})
		if rep.Failed {
			t.Fatalf("%s %s: %s", user, command, rep.Message.Content)
		}
		if rep.Message.Sent != nil {
			rep.Message.Sent(ctx, "m-"+command) // delivered, as an adapter says
		}
		return rep
	}
	image := func(rep bot.Reply) []byte {
		t.Helper()
		if rep.Message.Image == nil {
			t.Fatal("no image")
		}
		data, err := rep.Message.Image.Render(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	b := open()
	handle(b, "ann", "new", map[string]string{"players": "3"})
	handle(b, "bo", "join", nil)
	handle(b, "cy", "join", nil)
	handle(b, "ann", "start", nil)
	moved := image(handle(b, "ann", "place", map[string]string{"village": "A", "master": "rainmaker"}))
	if again := image(handle(b, "cy", "board", nil)); !bytes.Equal(again, moved) {
		t.Error("board's image is not the move's")
	}
	b.Close()

	b = open() // the bot restarted
	defer b.Close()
	rep := handle(b, "cy", "board", nil)
	if after := image(rep); !bytes.Equal(after, moved) {
		t.Error("board's image after a restart is not the move's")
	}
	_, st, err := b.Table(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := draw(ctx, bot.BoardView{State: st, Names: []string{"ann", "bo", "cy"}})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(plain, moved) {
		t.Error("the board without its last move looks the same: the test shows nothing")
	}
}

// TestBoardIntoLentBuffer: a board drawn into a buffer its caller lends
// (bot.WithImageBuffer, as the Discord adapter does for an answer) is
// drawn there, and is its own bytes only, whatever the buffer held: drawn
// into one that held a larger image, it is the board drawn afresh.
func TestBoardIntoLentBuffer(t *testing.T) {
	r, err := sharedRenderer()
	if err != nil {
		t.Fatal(err)
	}
	cat := catalog(t)
	db := openDB(t)
	b, err := bot.New(bot.Config{Store: db, Catalog: cat, Games: []bot.Game{New(Options{Board: NewBoardFunc(r, cat)})}, KeepSeatOrder: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx := context.Background()
	var rep bot.Reply
	for _, step := range []struct {
		user, command string
		options       map[string]string
	}{
		{"ann", "new", map[string]string{"players": "3"}}, {"bo", "join", nil}, {"cy", "join", nil}, {"ann", "start", nil},
		{"ann", "place", map[string]string{"village": "A", "master": "rainmaker"}},
	} {
		rep = b.Handle(ctx, bot.Request{Kind: bot.CommandRequest, User: bot.User{ID: step.user, Name: step.user}, Channel: "c", Guild: "g",
			Game: Kind, Command: step.command, Options: step.options})
		if rep.Failed {
			t.Fatalf("%s %s: %s", step.user, step.command, rep.Message.Content)
		}
		if rep.Message.Sent != nil {
			rep.Message.Sent(ctx, "m-"+step.command) // delivered, as an adapter says
		}
	}
	if rep.Message.Image == nil {
		t.Fatal("no image")
	}
	fresh, err := rep.Message.Image.Render(ctx)
	if err != nil {
		t.Fatal(err)
	}
	buf := bytes.NewBuffer(bytes.Repeat([]byte{0xab}, 2*len(fresh)+12345)) // a larger image's bytes
	lent, err := rep.Message.Image.Render(bot.WithImageBuffer(ctx, buf))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(lent, fresh) {
		t.Errorf("drawn into a lent buffer: %d bytes, starting % x; want the %d bytes drawn afresh", len(lent), lent[:min(8, len(lent))], len(fresh))
	}
	if len(lent) == 0 || &lent[0] != &buf.Bytes()[0] {
		t.Error("not drawn into the lent buffer")
	}
}

// openDB opens a database in a temporary directory, closed when the test
// ends.
func openDB(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "t.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
