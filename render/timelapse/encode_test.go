package timelapse

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/draw"
	"image/gif"
	"iter"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/tablebot/tablebot/render"
)

// testQuantizer is the tests' palette, learnt from random colours, built
// once: building one takes a while under the race detector.
var testQuantizer = sync.OnceValues(func() (*render.Quantizer, error) {
	rng := rand.New(rand.NewPCG(3, 4))
	sample := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range sample.Pix {
		sample.Pix[i] = byte(rng.IntN(256))
	}
	return render.NewQuantizer(sample)
})

// testFonts are the tests' fonts, shared as the bot shares them.
var testFonts = sync.OnceValues(render.NewFonts)

// options returns o with the shared fonts.
func options(t *testing.T, o Options) Options {
	t.Helper()
	fonts, err := testFonts()
	if err != nil {
		t.Fatal(err)
	}
	o.Fonts = fonts
	return o
}

// testBoards returns the tests' quantiser and n boards of w×h pixels: the
// first random, each next one the one before with a few rectangles
// painted over, as moves change a board.
func testBoards(t *testing.T, n, w, h int) (*render.Quantizer, []*image.Paletted) {
	t.Helper()
	q, err := testQuantizer()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pal := q.Palette()
	boards := make([]*image.Paletted, n)
	b := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	for i := range b.Pix {
		b.Pix[i] = byte(rng.IntN(len(pal)))
	}
	for i := range boards {
		boards[i] = image.NewPaletted(b.Rect, pal)
		copy(boards[i].Pix, b.Pix)
		if i == 2 {
			continue // board 4 is board 3 again: nothing changed
		}
		for range 1 + rng.IntN(3) {
			x, y := rng.IntN(w-8), rng.IntN(h-8)
			r := image.Rect(x, y, x+1+rng.IntN(8), y+1+rng.IntN(8))
			draw.Draw(b, r, image.NewUniform(pal[rng.IntN(len(pal))]), image.Point{}, draw.Src)
		}
	}
	return q, boards
}

func film(q *render.Quantizer, boards []*image.Paletted) Film {
	return Film{
		Quantizer: q, Band: 0x292e37, Ink: 0xf4f1ea, Dim: 0xffb84a,
		Frames: func(yield func(Frame, error) bool) {
			for i, b := range boards {
				if !yield(Frame{Board: b, Step: "1/2", Caption: "Ana sent the students of E to A", Delay: 10 * (i + 1)}, nil) {
					return
				}
			}
		},
	}
}

// composite decodes a GIF and returns each frame as the viewer sees it.
func composite(t *testing.T, data []byte) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	screen := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, img := range g.Image {
		draw.Draw(screen, img.Rect, img, img.Rect.Min, draw.Over)
		out = append(out, image.NewRGBA(screen.Rect))
		copy(out[len(out)-1].Pix, screen.Pix)
	}
	return g, out
}

func TestEncodeShowsEveryBoardExactly(t *testing.T) {
	const n, w, h = 12, 96, 64
	q, boards := testBoards(t, n, w, h)
	var buf bytes.Buffer
	st, err := Encode(context.Background(), &buf, film(q, boards), options(t, Options{Scale: 1, CaptionSize: 10}))
	if err != nil {
		t.Fatal(err)
	}
	g, shown := composite(t, buf.Bytes())
	if len(g.Image) != n || st.Frames != n {
		t.Fatalf("got %d frames (stats %d), want %d", len(g.Image), st.Frames, n)
	}
	if want := image.Pt(w, h+3*10); st.Size != want || g.Config.Width != want.X || g.Config.Height != want.Y {
		t.Errorf("size %v (stats %v), want %v", image.Pt(g.Config.Width, g.Config.Height), st.Size, want)
	}
	if st.Bytes != int64(buf.Len()) {
		t.Errorf("stats say %d bytes, the file has %d", st.Bytes, buf.Len())
	}
	clear, near := closestPair(q.Palette())
	pal := q.Palette()
	for i, b := range boards {
		if g.Delay[i] != 10*(i+1) {
			t.Errorf("frame %d: delay %d, want %d", i, g.Delay[i], 10*(i+1))
		}
		for y := range h {
			for x := range w {
				c := b.ColorIndexAt(x, y)
				if c == clear {
					c = near
				}
				if got, want := shown[i].RGBAAt(x, 3*10+y), pal[c]; got != want {
					t.Fatalf("frame %d pixel (%d,%d): got %v, want %v", i, x, y, got, want)
				}
			}
		}
		if i > 0 && g.Image[i].Rect.Dx()*g.Image[i].Rect.Dy() == w*(h+30) {
			t.Errorf("frame %d is the whole screen, not what changed", i)
		}
	}
}

func TestEncodeShrinks(t *testing.T) {
	q, boards := testBoards(t, 3, 96, 64)
	var buf bytes.Buffer
	st, err := Encode(context.Background(), &buf, film(q, boards), options(t, Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if want := image.Pt(96/DefaultScale, 64/DefaultScale+3*DefaultCaptionSize); st.Size != want {
		t.Errorf("size %v, want %v", st.Size, want)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 3 || g.Delay[0] != 10 {
		t.Errorf("got %d frames, the first of %d cs; want 3, 10 cs", len(g.Image), g.Delay[0])
	}
}

func TestEncodeFails(t *testing.T) {
	q, boards := testBoards(t, 2, 32, 32)
	bad := errors.New("the game broke")
	other := image.NewPaletted(image.Rect(0, 0, 16, 16), q.Palette())
	seq := func(fs ...Frame) iter.Seq2[Frame, error] {
		return func(yield func(Frame, error) bool) {
			for _, f := range fs {
				if !yield(f, nil) {
					return
				}
			}
			yield(Frame{}, bad)
		}
	}
	tests := []struct {
		name   string
		frames iter.Seq2[Frame, error]
		want   error
	}{
		{"no frames", func(func(Frame, error) bool) {}, ErrNoFrames},
		{"a frame fails", seq(Frame{Board: boards[0]}), bad},
		{"boards change size", seq(Frame{Board: boards[0]}, Frame{Board: other}), nil},
		{"no board", seq(Frame{}), nil},
		{"a board smaller than the scale", seq(Frame{Board: image.NewPaletted(image.Rect(0, 0, 1, 1), q.Palette())}), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Encode(context.Background(), &bytes.Buffer{}, Film{Quantizer: q, Frames: tt.frames}, options(t, Options{}))
			if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("got %v, want %v", err, tt.want)
			}
		})
	}
}

// failingWriter fails every write.
type failingWriter struct{}

var errDiskFull = errors.New("disk full")

func (failingWriter) Write([]byte) (int, error) { return 0, errDiskFull }

func TestEncodeReportsWriteErrors(t *testing.T) {
	q, boards := testBoards(t, 2, 32, 32)
	if _, err := Encode(context.Background(), failingWriter{}, film(q, boards), options(t, Options{})); !errors.Is(err, errDiskFull) {
		t.Errorf("got %v, want %v", err, errDiskFull)
	}
}

func TestEncodeStopsWhenCancelled(t *testing.T) {
	q, boards := testBoards(t, 3, 32, 32)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Encode(ctx, &bytes.Buffer{}, film(q, boards), options(t, Options{})); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want %v", err, context.Canceled)
	}
}

// TestEncodePaces: Options.Pace is asked before each frame is drawn, and
// once after the last (the frames may not be over), never twice in a row
// without a frame between; its error stops the film.
func TestEncodePaces(t *testing.T) {
	q, boards := testBoards(t, 3, 32, 32)
	var log []string
	f := film(q, boards)
	frames := f.Frames
	f.Frames = func(yield func(Frame, error) bool) {
		for fr, err := range frames {
			log = append(log, "draw")
			if !yield(fr, err) {
				return
			}
		}
	}
	stop := errors.New("an answer is waiting and the film must stop")
	tests := []struct {
		name    string
		stopAt  int // the pace that fails, 0 for none
		want    string
		wantErr error
	}{
		{"paced", 0, "pace draw pace draw pace draw pace", nil},
		{"stopped", 2, "pace draw pace", stop},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			log = nil
			paces := 0
			pace := func(context.Context) error {
				log = append(log, "pace")
				if paces++; paces == tt.stopAt {
					return stop
				}
				return nil
			}
			_, err := Encode(context.Background(), &bytes.Buffer{}, f, options(t, Options{Pace: pace}))
			if got := strings.Join(log, " "); got != tt.want || !errors.Is(err, tt.wantErr) {
				t.Errorf("got %q, %v; want %q, %v", got, err, tt.want, tt.wantErr)
			}
		})
	}
}
