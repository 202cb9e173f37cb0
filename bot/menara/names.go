package menara

import (
	"slices"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// commandWord reports whether a line typed in tablebot local or a slash
// command may start with word (one of Menara's subcommands that is no
// step's word of the notation, the host's, or the terminal's own): a
// player named so could not be told from the command ("history 10").
// SeatNames never gives them.
func commandWord(word string) bool {
	word = strings.ToLower(word)
	return word == cmdPlace || word == cmdGiveUp || slices.Contains(bot.TerminalWords(), word) || slices.Contains(bot.HostCommandNames(), word)
}

// SeatNames returns the seats' names in a record for players with the
// given display names, in seat order, as notation.SeatNames makes them,
// none of them also a command's word ("help", "history"...).
func SeatNames(display []string) []string { return notation.SeatNames(display, commandWord) }
