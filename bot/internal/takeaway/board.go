package takeaway

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"

	"github.com/tablebot/tablebot/bot"
)

// The board's geometry: stones in rows of perRow, each in a cell of
// cell pixels, within a margin.
const (
	perRow = 10
	cell   = 30
	margin = 10
	radius = 12
)

// The board's colours, in the order of its palette.
var palette = color.Palette{
	color.RGBA{0xf4, 0xec, 0xdc, 0xff}, // the table
	color.RGBA{0x44, 0x44, 0x44, 0xff}, // a stone left
	color.RGBA{0xe6, 0x7e, 0x22, 0xff}, // a stone the last move took
}

// Draw is the game's board (a bot.BoardFunc): the stones left, dark, and
// those the last move took (or the moves since the player to act last
// took, BoardView.Since), as orange rings after them, so that a player
// sees the pile and what changed at a glance. A game hosted with
// Options.Board draws with that instead (the host's tests count draws).
func Draw(ctx context.Context, v bot.BoardView) ([]byte, error) {
	left := state(v.State).Position().Left
	taken := 0
	changed := v.Since
	if len(changed) == 0 {
		changed = []bot.Effect{v.Last}
	}
	for _, e := range changed {
		if e, ok := e.(Effect); ok {
			taken += e.Move.Take
		}
	}
	n := max(left+taken, 1)
	rows := (n + perRow - 1) / perRow
	img := image.NewPaletted(image.Rect(0, 0, 2*margin+perRow*cell, 2*margin+rows*cell), palette)
	for i := range left + taken {
		x, y := margin+(i%perRow)*cell+cell/2, margin+(i/perRow)*cell+cell/2
		stone(img, x, y, i >= left)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), ctx.Err()
}

// stone draws a stone centred at x, y: a disc, or a ring for one taken.
func stone(img *image.Paletted, x, y int, taken bool) {
	for dy := -radius; dy <= radius; dy++ {
		for dx := -radius; dx <= radius; dx++ {
			d := dx*dx + dy*dy
			switch {
			case d > radius*radius:
			case !taken:
				img.SetColorIndex(x+dx, y+dy, 1)
			case d >= (radius-3)*(radius-3):
				img.SetColorIndex(x+dx, y+dy, 2)
			}
		}
	}
}
