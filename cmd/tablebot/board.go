package main

import (
	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/render"
)

// newBoard returns the board renderer for the bot, words in each board's
// language.
func newBoard(cat *i18n.Catalog) (bot.BoardFunc, error) {
	r, err := render.New()
	if err != nil {
		return nil, err
	}
	return bot.NewBoardFunc(r, cat), nil
}
