package bot_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
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
			got, err := p.Film.Render(h.ctx)
			if err != nil || !bytes.Equal(got, tt.want) {
				t.Errorf("the film: %d bytes (%v), want %d", len(got), err, len(tt.want))
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
