package tools

import (
	"bufio"
	"context"

	"github.com/tablebot/tablebot/bot/cli"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
	"github.com/tablebot/tablebot/render/timelapse"
)

// Timelapse writes the record's game as an animated GIF, a frame per
// move, with the labels of the English catalogue (render --timelapse).
func (game) Timelapse(ctx context.Context, w *bufio.Writer, rec cli.Record, o cli.RenderOptions) error {
	opts := srender.Options{}
	var err error
	if opts.Names, err = parseRenderNames(o.Names); err != nil {
		return err
	}
	g, err := replayRecord(rec, o.From)
	if err != nil {
		return err
	}
	cat, err := i18n.New(bshangrila.Source())
	if err != nil {
		return err
	}
	lb := bshangrila.Labels(cat.Printer(i18n.English))
	opts.Labels = &lb
	r, err := srender.New()
	if err != nil {
		return err
	}
	start := g.Start()
	_, err = timelapse.Encode(ctx, w, r.Timelapse(&start, g.Moves(), opts), timelapse.Options{})
	return err
}
