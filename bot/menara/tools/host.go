package tools

import (
	"context"
	"io"
	"sync"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
)

// Host returns the game for the bot, drawing its images with the Menara
// renderer (built at the first image when lazy), with computer teammates
// (rules/menara/ai) whose thinking o.Think caps.
func (game) Host(cat *i18n.Catalog, o cli.HostOptions) (bot.Game, error) {
	opts := bmenara.Options{Computers: ai.Options{Think: o.Think}}
	type images struct {
		board   bot.BoardFunc
		preview bmenara.PreviewFunc
		film    bot.FilmFunc
	}
	build := sync.OnceValues(func() (images, error) {
		r, err := rmenara.New()
		if err != nil {
			return images{}, err
		}
		board, preview := bmenara.NewImages(r, cat)
		return images{board, preview, bmenara.NewFilmFunc(r, cat)}, nil
	})
	switch {
	case o.Images && o.Lazy:
		opts.Board = func(ctx context.Context, v bot.BoardView) ([]byte, error) {
			im, err := build()
			if err != nil {
				return nil, err
			}
			return im.board(ctx, v)
		}
		opts.Preview = func(ctx context.Context, p *menara.Position, s menara.Step, names []string, l i18n.Lang) ([]byte, error) {
			im, err := build()
			if err != nil {
				return nil, err
			}
			return im.preview(ctx, p, s, names, l)
		}
	case o.Images:
		im, err := build()
		if err != nil {
			return nil, err
		}
		opts.Board, opts.Preview = im.board, im.preview
	}
	if o.Images {
		// Built at the first film when lazy: most processes never end a
		// game.
		opts.Film = func(ctx context.Context, w io.Writer, v bot.FilmView) error {
			im, err := build()
			if err != nil {
				return err
			}
			return im.film(ctx, w, v)
		}
	}
	return bmenara.New(opts), nil
}
