package bot_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
)

// TestGameOverFilm: the game-over post, posted by the channel's worker,
// carries the game's film; a film that fails or is too large is left out
// (no bytes) and logged, and the post goes all the same.
func TestGameOverFilm(t *testing.T) {
	tests := []struct {
		name   string
		film   func(w io.Writer) error
		want   []byte
		errors int
	}{
		{"filmed", func(w io.Writer) error { _, err := w.Write([]byte("GIF89a")); return err }, []byte("GIF89a"), 0},
		{"failed", func(io.Writer) error { return errors.New("no film today") }, nil, 1},
		{"too large", func(w io.Writer) error { _, err := w.Write(make([]byte, bot.MaxFilm+1)); return err }, nil, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var filmed bot.FilmView
			h := newHost(t, takeaway.Options{Film: func(_ context.Context, w io.Writer, v bot.FilmView) error {
				filmed = v
				return tt.film(w)
			}})
			h.table([]string{"ann", "bob"}, "stones", "2")
			if r := h.cmd("ann", "take", "stones", "2"); !r.Private || !strings.HasPrefix(r.Message.Content, "✅") {
				t.Fatalf("the last move's answer: %+v", r)
			}
			h.wait()
			p := h.lastPost()
			if !strings.Contains(p.Content, "wins") || p.Film == nil || p.Film.Name != bot.FilmName || p.Film.Type != bot.FilmType {
				t.Fatalf("the game-over post: %+v", p)
			}
			if got := h.posts.film(); !bytes.Equal(got, tt.want) {
				t.Errorf("the film: %d bytes, want %d", len(got), len(tt.want))
			}
			if filmed.State == nil || !filmed.State.Over() || len(filmed.Names) != 2 {
				t.Errorf("filmed %+v, want the finished game of two", filmed)
			}
			if errs := h.log.at(slog.LevelError); len(errs) != tt.errors {
				t.Errorf("%d errors logged, want %d: %v", len(errs), tt.errors, errs)
			}
		})
	}
}

// TestFilmMadeOnce: a game-over post whose first try fails is tried again
// with the film made for the first try, not encoded again; a restart
// (the films are kept in memory only) makes it once more.
func TestFilmMadeOnce(t *testing.T) {
	tests := []struct {
		name    string
		restart bool
		want    int
	}{
		{"tried again", false, 1},
		{"tried again after a restart", true, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var made atomic.Int64
			h := newHost(t, takeaway.Options{Film: func(_ context.Context, w io.Writer, _ bot.FilmView) error {
				made.Add(1)
				_, err := w.Write([]byte("GIF89a"))
				return err
			}})
			h.table([]string{"ann", "bob"}, "stones", "2")
			h.posts.fail(1)
			h.cmd("ann", "take", "stones", "2")
			h.wait()
			if got := made.Load(); got != 1 {
				t.Fatalf("films made by the failed try: %d, want 1", got)
			}
			if tt.restart {
				h.close()
				h.open()
				h.bot.Resume(h.ctx)
			}
			h.retryAll()
			if got := made.Load(); got != int64(tt.want) {
				t.Errorf("films made: %d, want %d", got, tt.want)
			}
			if got := h.posts.film(); string(got) != "GIF89a" {
				t.Errorf("the posted film: %q", got)
			}
			if box, _ := h.db.Outbox(h.ctx, channel); len(box) != 0 {
				t.Errorf("still owed: %d", len(box))
			}
		})
	}
}
