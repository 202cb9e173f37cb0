package menara

import (
	"slices"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// commandWords are Menara's subcommands and the terminal's own words
// (tablebot local's) that are no step's word of the notation.
var commandWords = map[string]bool{
	"place": true, "giveup": true,
	"quit": true, "exit": true, "help": true, "as": true, "moves": true, "computer": true,
}

// commandWord reports whether a line typed in tablebot local or a slash
// command may start with word (one of Menara's subcommands or the host's):
// a player named so could not be told from the command ("history 10").
// SeatNames never gives them.
func commandWord(word string) bool {
	word = strings.ToLower(word)
	return commandWords[word] || slices.Contains(bot.HostCommandNames(), word)
}

// SeatNames returns the seats' names in a record for players with the
// given display names, in seat order, as notation.SeatNames makes them,
// none of them also a command's word ("help", "history"...).
func SeatNames(display []string) []string { return notation.SeatNames(display, commandWord) }
