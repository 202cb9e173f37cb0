package main

import "github.com/tablebot/tablebot/bot"

// newBoard returns the board renderer for the bot.
func newBoard() (bot.BoardFunc, error) {
	return nil, nil
}
