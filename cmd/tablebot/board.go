package main

import (
	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
)

// newBoard returns the board renderer for the bot, words in each board's
// language.
func newBoard(cat *i18n.Catalog) (bot.BoardFunc, error) {
	r, err := srender.New()
	if err != nil {
		return nil, err
	}
	return bot.NewBoardFunc(r, cat), nil
}
