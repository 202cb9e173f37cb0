package takeaway

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"testing"

	"github.com/tablebot/tablebot/bot"
)

// TestDraw draws the pile after takes and reads the PNG back: a dark
// stone at the centre of each cell of a stone left, an orange ring (its
// centre the table's colour, its edge orange) for each the last move took,
// and nothing after them.
func TestDraw(t *testing.T) {
	tests := []struct {
		name  string
		takes []string
		left  int
		taken int
	}{
		{"a new game", nil, 21, 0},
		{"after two takes", []string{"p1 take 3", "p2 take 2"}, 16, 2},
		{"the last stone taken", []string{"p1 take 3", "p2 take 3", "p1 take 3", "p2 take 3", "p1 take 3", "p2 take 3", "p1 take 3"}, 0, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := New(Options{}).Load("game takeaway\nplayers p1 p2\nstones 21\nmode race\n")
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range tt.takes {
				if _, err := st.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			data, err := Draw(context.Background(), bot.BoardView{State: st, Last: st.Last()})
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			var left, taken int
			for i := range perRow * ((img.Bounds().Dy() - 2*margin) / cell) {
				x, y := margin+(i%perRow)*cell+cell/2, margin+(i/perRow)*cell+cell/2
				switch {
				case same(img, x, y, 1):
					left++
				case same(img, x, y, 0) && same(img, x+radius-1, y, 2):
					taken++
				}
			}
			if left != tt.left || taken != tt.taken {
				t.Errorf("%d stones left and %d rings drawn, want %d and %d", left, taken, tt.left, tt.taken)
			}
		})
	}
}

// same reports whether the pixel at x, y has the palette's colour i.
func same(img image.Image, x, y, i int) bool {
	r, g, b, _ := img.At(x, y).RGBA()
	pr, pg, pb, _ := palette[i].RGBA()
	return r == pr && g == pg && b == pb
}
