package tools

import (
	"context"
	"io"
	"sync"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
)

// Host returns the game for the bot, drawing its boards with the
// Shangri-La renderer (built at the first image when lazy), with computer
// players (rules/shangrila/ai) whose thinking o.Think caps.
func (game) Host(cat *i18n.Catalog, o cli.HostOptions) (bot.Game, error) {
	opts := bshangrila.Options{Computers: ai.Options{Think: o.Think}}
	// One renderer (safe for concurrent use) draws the boards and films.
	renderer := sync.OnceValues(srender.New)
	board := sync.OnceValues(func() (bot.BoardFunc, error) {
		r, err := renderer()
		if err != nil {
			return nil, err
		}
		return bshangrila.NewBoardFunc(r, cat), nil
	})
	film := sync.OnceValues(func() (bot.FilmFunc, error) {
		r, err := renderer()
		if err != nil {
			return nil, err
		}
		return bshangrila.NewFilmFunc(r, cat), nil
	})
	switch {
	case o.Images && o.Lazy:
		opts.Board = func(ctx context.Context, v bot.BoardView) ([]byte, error) {
			draw, err := board()
			if err != nil {
				return nil, err
			}
			return draw(ctx, v)
		}
	case o.Images:
		draw, err := board()
		if err != nil {
			return nil, err
		}
		opts.Board = draw
	}
	if o.Images {
		// Built at the first film: most processes never end a game.
		opts.Film = func(ctx context.Context, w io.Writer, v bot.FilmView) error {
			shoot, err := film()
			if err != nil {
				return err
			}
			return shoot(ctx, w, v)
		}
	}
	return bshangrila.New(opts), nil
}
