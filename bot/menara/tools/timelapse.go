package tools

import (
	"bufio"
	"context"

	"github.com/tablebot/tablebot/bot/cli"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/render/timelapse"
)

// Timelapse writes the record's game as an animated GIF, a frame per
// turn, with the words of the English catalogue (render --timelapse). A
// Menara state cannot be continued by steps: --from is refused.
func (game) Timelapse(ctx context.Context, w *bufio.Writer, rec cli.Record, o cli.RenderOptions) error {
	if o.From != "" {
		return cli.Usagef("--from does not go with --timelapse for Menara: a film starts from the record's start")
	}
	g, err := readRecord(rec)
	if err != nil {
		return err
	}
	start := g.Start()
	names, err := parseNames(o.Names, start.Players())
	if err != nil {
		return err
	}
	cat, err := i18n.New(bmenara.Source())
	if err != nil {
		return err
	}
	lb := bmenara.FilmLabels(cat.Printer(i18n.English))
	r, err := rmenara.New()
	if err != nil {
		return err
	}
	film := r.Timelapse(&start, g.Steps(), rmenara.Options{Names: names, Labels: &lb})
	_, err = timelapse.Encode(ctx, w, film, timelapse.Options{})
	return err
}
