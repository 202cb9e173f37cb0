package shangrila

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// TestSinceHighlights places three starting masters and draws the board
// with the moves since Red's (Options.Since): the map rings the masters of
// all three moves, the panel still says the last, and the decoded PNG
// holds the rings' colour around each of them; drawn with the last move
// alone, only its master is ringed (not drawn under -short).
func TestSinceHighlights(t *testing.T) {
	g := start(t, 4, shangrila.StartSetup)
	var since []*shangrila.Effects
	var want []Highlight
	for range 3 {
		var m shangrila.Move
		for _, l := range g.pos.LegalMoves(nil) {
			if l.Kind == shangrila.Setup && (len(since) == 0 || l.Sites[0].Village != since[len(since)-1].Move.Sites[0].Village) {
				m = l
				break
			}
		}
		g = g.apply(t, m)
		since = append(since, g.last)
		s := m.Sites[0]
		want = append(want, Highlight{Kind: Outline, Rect: spaceRect(s.Village, s.Discipline).Inset(-ringGrow), Colour: m.Player})
	}
	opts := Options{Last: g.last, Since: since, Labels: english(t)}
	l := NewLayout(&g.pos, opts)
	wantHighlights(t, l, want...)
	if got, lastOnly := l.Panel.LastMove.S, NewLayout(&g.pos, Options{Last: g.last, Labels: english(t)}).Panel.LastMove.S; got != lastOnly {
		t.Errorf("last move %q, want %q", got, lastOnly)
	}
	if testing.Short() {
		return // a drawing costs ten times as much under the race detector
	}
	ringed := func(opts Options) []int {
		var buf bytes.Buffer
		if err := renderer(t).WritePNG(&buf, &g.pos, opts); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		var out []int
		for _, h := range want {
			out = append(out, ringPixels(img, h.Rect))
		}
		return out
	}
	for i, n := range ringed(opts) {
		if n < 50 {
			t.Errorf("move %d: %d pixels of the rings' colour around its master, want a ring", i, n)
		}
	}
	for i, n := range ringed(Options{Last: g.last, Labels: english(t)}) {
		if ring := i == len(want)-1; ring != (n >= 50) {
			t.Errorf("last move alone: move %d has %d pixels of the rings' colour", i, n)
		}
	}
}

// ringPixels counts the pixels of r in the colour of the last move's
// rings, as the PNG's palette has it (within a few levels a channel).
func ringPixels(img image.Image, r image.Rectangle) int {
	r2, g2, b2, _ := colLastMove.Colour().RGBA()
	near := func(a, b uint32) bool { return max(a>>8, b>>8)-min(a>>8, b>>8) <= 4 }
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := img.At(x, y).RGBA()
			if near(r1, r2) && near(g1, g2) && near(b1, b2) {
				n++
			}
		}
	}
	return n
}
