package bot_test

import (
	"context"
	"io"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
)

// TestFilmWaitsItsTurn: a film is made frame by frame, each frame when the
// bot has nothing else to do: while another channel's answer is being
// drawn, or an interaction answered, the film draws no frame, but one
// once it has waited a second (so that it arrives even when the bot is
// never idle); once the answer is out, it draws the rest and is posted.
func TestFilmWaitsItsTurn(t *testing.T) {
	tests := []struct {
		name string
		// hold makes the bot busy until release is called.
		hold func(h *host, held *heldBoard) (release func())
	}{
		{"an answer drawn", func(h *host, held *heldBoard) func() {
			req := command("ann", "board")
			req.Channel = "c2"
			r := h.send(req)
			if r.Message.Image == nil {
				t.Fatalf("the board's answer has no image: %+v", r)
			}
			held.arm()
			drawn := make(chan error, 1)
			go func() {
				_, err := r.Message.Image.Render(h.ctx)
				drawn <- err
			}()
			<-held.drawing
			return func() {
				close(held.release)
				if err := <-drawn; err != nil {
					t.Errorf("the answer's board: %v", err)
				}
			}
		}},
		{"an interaction answered", func(h *host, _ *heldBoard) func() { return h.bot.Answering() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			held := newHeldBoard()
			var frames atomic.Int64
			film := func(ctx context.Context, w io.Writer, v bot.FilmView) error {
				for range 3 {
					if err := v.Pace(ctx); err != nil {
						return err
					}
					frames.Add(1)
				}
				_, err := w.Write([]byte("GIF89a"))
				return err
			}
			h := newHost(t, takeaway.Options{Board: held.draw, Film: film})
			h.in("c2", "ann", "new", "players", "2")
			h.in("c2", "bob", "join")
			h.in("c2", "ann", "start")
			h.table([]string{"ann", "bob"}, "stones", "2")

			release := tt.hold(h, held)
			h.send(command("ann", "take", "stones", "2")) // the game ends: c1's worker films it
			filmWaited(t, h, 1)
			if got := frames.Load(); got != 0 {
				t.Fatalf("%d frames drawn while the bot was busy, want 0", got)
			}
			h.clock.Advance(bot.FilmPatience)
			filmWaited(t, h, 2)
			if got := frames.Load(); got != 1 {
				t.Fatalf("%d frames drawn after waiting long, want 1", got)
			}
			release()
			h.wait()
			if got := frames.Load(); got != 3 {
				t.Errorf("%d frames drawn, want 3", got)
			}
			if got := h.posts.film(); string(got) != "GIF89a" {
				t.Errorf("the posted film: %q", got)
			}
		})
	}
}

// heldBoard draws boards, the first after arm held until release is
// closed (drawing tells that it is held).
type heldBoard struct {
	armed   atomic.Bool
	drawing chan struct{}
	release chan struct{}
}

func newHeldBoard() *heldBoard {
	return &heldBoard{drawing: make(chan struct{}), release: make(chan struct{})}
}

// arm holds the next board drawn.
func (b *heldBoard) arm() { b.armed.Store(true) }

func (b *heldBoard) draw(ctx context.Context, v bot.BoardView) ([]byte, error) {
	if b.armed.CompareAndSwap(true, false) {
		close(b.drawing)
		<-b.release
	}
	return takeaway.Draw(ctx, v)
}

// filmWaited waits until the host's films have waited n times for their
// next frame.
func filmWaited(t *testing.T, h *host, n int) {
	t.Helper()
	for range 1_000_000 {
		if h.bot.FilmWaits() >= n {
			return
		}
		runtime.Gosched()
	}
	t.Fatalf("the film waited %d times, want %d", h.bot.FilmWaits(), n)
}
