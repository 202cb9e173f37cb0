package tools

import (
	"context"
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
	board := sync.OnceValues(func() (bot.BoardFunc, error) {
		r, err := srender.New()
		if err != nil {
			return nil, err
		}
		return bshangrila.NewBoardFunc(r, cat), nil
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
	return bshangrila.New(opts), nil
}
