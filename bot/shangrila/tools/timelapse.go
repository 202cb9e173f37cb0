package tools

import (
	"bufio"
	"context"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/render/timelapse"
)

// Timelapse writes the record's game as an animated GIF, a frame per
// move, with the labels of the English catalogue (render --timelapse).
func (game) Timelapse(ctx context.Context, w *bufio.Writer, rec cli.Record, o cli.RenderOptions) error {
	g, r, opts, err := drawing(rec, o)
	if err != nil {
		return err
	}
	start := g.Start()
	_, err = timelapse.Encode(ctx, w, r.Timelapse(&start, g.Moves(), opts), timelapse.Options{})
	return err
}
