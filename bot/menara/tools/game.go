// Package tools is Menara on the command line: New gives the binary
// (cmd/tablebot) everything of the game in one value, a cli.Game: the
// game hosted for the bot with its computer teammates, its records
// replayed, drawn and summed up, random games (selfplay), teams of
// computers (arena), and its setup in the terminal with its own flags
// (--difficulty, --hands, --side).
package tools

import (
	"github.com/tablebot/tablebot/bot/cli"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/i18n"
)

// gameName is Menara's kind, as --game and records name it.
const gameName = "menara"

// New returns Menara for the binary's list of games.
func New() cli.Game { return game{} }

// game is Menara on the command line; it lacks nothing of cli.Game but
// replay --from (ReplayFrom says why).
type game struct{}

// Name is the game's kind: "menara".
func (game) Name() string { return gameName }

// Title names the game in help texts.
func (game) Title() string { return "Menara (1-4 players, cooperative)" }

// Source is the game's part of the message catalogue.
func (game) Source() i18n.Source { return bmenara.Source() }
