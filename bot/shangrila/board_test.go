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
	db, err := store.Open(filepath.Join(t.TempDir(), "t.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
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
