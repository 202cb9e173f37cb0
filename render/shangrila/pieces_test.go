package shangrila

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/internal/racetest"
	"github.com/tablebot/tablebot/render"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// boardsOf returns the boards after moves from to to (not included) of a
// random game of players from a fixed seed.
func boardsOf(t *testing.T, players int, seed uint64, from, to int) []game {
	t.Helper()
	g := start(t, players, shangrila.StartSetup)
	rng := rand.New(rand.NewPCG(seed, seed))
	var out []game
	for n := 0; n < to && g.pos.Phase() != shangrila.Over; n++ {
		g = g.apply(t, g.pos.RandomMove(rng))
		if n+1 >= from {
			out = append(out, g)
		}
	}
	return out
}

// TestBandNames draws boards of two 4-player games and a 3-player one,
// interleaved as a bot draws its channels' boards, then one game's
// backwards as undo goes, with a renderer of its own whose encoder names
// the map's bands by their pieces (see pieces.go), and checks each image
// against the same board drawn whole; and that most of the map's bands
// were found by name, not drawn.
func TestBandNames(t *testing.T) {
	racetest.OneGoroutine(t)
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := boardsOf(t, 4, 101, 30, 40), boardsOf(t, 4, 102, 30, 40), boardsOf(t, 3, 103, 30, 40)
	var boards []game
	for i := range a {
		boards = append(boards, a[i], b[i], c[min(i, len(c)-1)])
	}
	for i := len(a) - 1; i >= 0; i-- {
		boards = append(boards, a[i])
	}
	found, named := 0, 0
	for i, g := range boards {
		opts := Options{Last: g.last, Labels: english(t)}
		l := NewLayout(&g.pos, opts)
		w, plan := r.paintPlanned(&l)
		var buf bytes.Buffer
		err := r.png.EncodePlanned(&buf, w.out, plan)
		r.putWork(w)
		if err != nil {
			t.Fatal(err)
		}
		for k := range (l.Size.Y + r.png.BandHeight() - 1) / r.png.BandHeight() {
			named++
			if plan.Found(k) {
				found++
			}
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		got, want := img.(*image.Paletted), r.Image(&g.pos, opts)
		if n, first := pixelsApart(got, want); n > 0 {
			t.Errorf("board %d: %d pixels differ from the whole drawing, the first at %v", i, n, first)
		}
	}
	// A move changes a few bands: a game drawn forwards and
	// then backwards finds most of the others by name.
	if found*2 < named {
		t.Errorf("%d of %d bands found by name, want at least half", found, named)
	}
}

// pixelsApart counts the pixels where got and want differ and returns the
// first.
func pixelsApart(got, want *image.Paletted) (int, image.Point) {
	n, first := 0, image.Point{}
	for i := range want.Pix {
		if i >= len(got.Pix) || got.Pix[i] != want.Pix[i] {
			if n == 0 {
				first = image.Pt(i%want.Rect.Dx(), i/want.Rect.Dx())
			}
			n++
		}
	}
	return n, first
}

// TestPieceBounds draws each piece of the map of several boards alone and
// checks that it drew nothing outside its bounds' tiles: a band's name
// holds every piece that may change it.
func TestPieceBounds(t *testing.T) {
	racetest.OneGoroutine(t)
	r := renderer(t)
	var boards []game
	for _, tc := range layoutCases() {
		boards = append(boards, tc.game(t))
	}
	boards = append(boards, boardsOf(t, 4, 104, 20, 44)...)
	for i, g := range boards {
		l := NewLayout(&g.pos, Options{Last: g.last, Labels: english(t)})
		canvas := image.NewRGBA(r.static[r.staticIndex(l.Players)].Rect)
		for _, pc := range r.pieces(&l, nil) {
			var d render.Dirty
			d.Reset(canvas.Rect)
			p := painter{r: r, dst: canvas, f: &render.Filler{}, dirty: &d}
			p.drawPiece(&l, pc)
			bounds := d.TileRect(pc.bounds)
			for _, got := range d.Rects() {
				if !got.In(bounds) {
					t.Errorf("board %d: piece %d of kind %d drew on %v, outside its bounds %v", i, pc.index, pc.kind, got, pc.bounds)
				}
			}
		}
	}
}
