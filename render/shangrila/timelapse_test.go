package shangrila

import (
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/render/timelapse"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// uploadLimit is the most bytes a file may have for Discord to take it
// from the bot.
const uploadLimit = 8 << 20

// longestSeed is the seed of randomMoves that plays the longest
// 4-player game among the first hundred seeds (153 moves; a game between
// people takes some 140).
const longestSeed = 84

// randomMoves plays a 4-player game of random moves from seed, from the
// setup on, at most limit moves (0: to the end), and returns its start
// and its moves.
func randomMoves(tb testing.TB, seed uint64, limit int) (shangrila.Position, []shangrila.Move) {
	tb.Helper()
	start, err := shangrila.NewPosition(shangrila.Colours[:4], shangrila.StartSetup)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	p := start
	var moves []shangrila.Move
	for p.Phase() != shangrila.Over && (limit == 0 || len(moves) < limit) {
		m := p.RandomMove(rng)
		if p, _, err = p.Apply(m); err != nil {
			tb.Fatal(err)
		}
		moves = append(moves, m)
	}
	return start, moves
}

// encodeFilm encodes the timelapse of the moves and decodes it again.
func encodeFilm(tb testing.TB, start shangrila.Position, moves []shangrila.Move) (*gif.GIF, timelapse.Stats, int) {
	tb.Helper()
	r := renderer(tb)
	var buf bytes.Buffer
	st, err := timelapse.Encode(context.Background(), &buf, r.Timelapse(&start, moves, Options{Names: benchNames, Labels: english(tb)}), timelapse.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	n := buf.Len()
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		tb.Fatal(err)
	}
	return g, st, n
}

func TestTimelapse(t *testing.T) {
	// The film starts two placements before the end of the setup (28
	// placements with four players) and shows them and two moves of play:
	// the start and a frame a move, each shown as long as its kind says.
	const from, moves = 26, 4
	played, ms := randomMoves(t, longestSeed, from+moves)
	start := played
	for _, m := range ms[:from] {
		var err error
		if start, _, err = start.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	g, st, size := encodeFilm(t, start, ms[from:])
	if got, want := len(g.Image), moves+1; got != want || st.Frames != want {
		t.Fatalf("got %d frames (stats %d), want %d: the start and one a move", got, st.Frames, want)
	}
	if int64(size) != st.Bytes {
		t.Errorf("stats say %d bytes, the file has %d", st.Bytes, size)
	}
	if g.LoopCount != 0 {
		t.Errorf("loop count %d, want 0 (for ever)", g.LoopCount)
	}
	if w := g.Config.Width; w != Width/timelapse.DefaultScale {
		t.Errorf("width %d, want %d", w, Width/timelapse.DefaultScale)
	}
	for i, want := range []int{MoveDelay, SetupDelay, SetupDelay, MoveDelay, FinalDelay} {
		if g.Delay[i] != want {
			t.Errorf("frame %d shows for %d cs, want %d", i, g.Delay[i], want)
		}
	}
	// After the first, a frame is the rectangle that changed, its
	// unchanged pixels transparent: a small part of the file.
	if size > 40*(moves+1)<<10 {
		t.Errorf("%d frames take %d bytes, more than 40 KB a frame", moves+1, size)
	}
}

func TestTimelapseLongestGame(t *testing.T) {
	if testing.Short() {
		t.Skip("the longest game takes seconds to draw")
	}
	start, moves := randomMoves(t, longestSeed, 0)
	g, _, size := encodeFilm(t, start, moves)
	if len(g.Image) != len(moves)+1 {
		t.Errorf("got %d frames, want %d", len(g.Image), len(moves)+1)
	}
	if size >= uploadLimit {
		t.Errorf("the longest game's film has %d bytes, at least the limit %d", size, uploadLimit)
	}
}

func TestTimelapseStopsAtAnIllegalMove(t *testing.T) {
	start, moves := randomMoves(t, longestSeed, 3)
	moves[2] = moves[1] // the same master placed twice
	var buf bytes.Buffer
	if _, err := timelapse.Encode(context.Background(), &buf, renderer(t).Timelapse(&start, moves, Options{}), timelapse.Options{}); err == nil {
		t.Error("an illegal move made a film")
	}
}

// BenchmarkTimelapseLongestGame is the cost of the longest game's film,
// from the record's moves to the GIF: the moves replayed, every board
// drawn, shrunk and encoded; at the default scale (half size) and at full
// size (its captions twice as large), with the file's size.
func BenchmarkTimelapseLongestGame(b *testing.B) {
	r := renderer(b)
	start, moves := randomMoves(b, longestSeed, 0)
	opts := Options{Names: benchNames, Labels: english(b)}
	for _, scale := range []int{timelapse.DefaultScale, 1} {
		b.Run(fmt.Sprintf("scale=%d", scale), func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if _, err := timelapse.Encode(context.Background(), &buf, r.Timelapse(&start, moves, opts), timelapse.Options{Scale: scale, CaptionSize: timelapse.DefaultCaptionSize * timelapse.DefaultScale / scale}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len())/1e6, "MB")
			b.ReportMetric(float64(len(moves)), "moves")
		})
	}
}
