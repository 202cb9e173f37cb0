// Package tools is The Bridges of Shangri-La on the command line: New
// gives the binary (cmd/tablebot) everything of the game in one value,
// a cli.Game: the game hosted for the bot, its records replayed, drawn
// and summed up, random games (selfplay), its computer players against
// each other (arena), and its setup in the terminal with its own flag
// (--start).
package tools

import (
	"github.com/tablebot/tablebot/bot/cli"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// New returns The Bridges of Shangri-La for the binary's list of games.
func New() cli.Game { return game{} }

// game is The Bridges of Shangri-La on the command line; it lacks
// nothing of cli.Game.
type game struct{}

// Name is the game's kind: "shangrila".
func (game) Name() string { return notation.GameName }

// Title names the game in help texts.
func (game) Title() string { return "The Bridges of Shangri-La (3-4 players)" }

// Source is the game's part of the message catalogue.
func (game) Source() i18n.Source { return bshangrila.Source() }
