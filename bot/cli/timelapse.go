package cli

import (
	"bufio"
	"context"
)

// Timelapser is what a Game implements, besides Game, when it makes
// timelapses: render --timelapse writes one animated GIF of a whole game,
// a frame per move, from its record. A game without it makes none.
type Timelapser interface {
	// Timelapse writes the record's game to w as an animated GIF, with
	// the labels of the English catalogue.
	Timelapse(ctx context.Context, w *bufio.Writer, rec Record, o RenderOptions) error
}
