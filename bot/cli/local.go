package cli

import (
	"fmt"

	"github.com/tablebot/tablebot/bot"
)

// Local is how tablebot local sets a game up: its players, its seats'
// names and their check. Its own flags are the options of its new
// (OptionFlags): the binary registers them beside its own (each game's
// help prefixed with its name), refuses one of another game, and checks
// their values against the options'. clitest.CheckLocal checks that it
// fits the game.
type Local struct {
	// Players is --players when it is not given.
	Players int
	// NamesHelp says in --names's help what the seats are called without
	// it: "their colours".
	NamesHelp string
	// Seats returns the seats' default names for n players, n checked
	// against the game's seats.
	Seats func(n int) []string
	// CheckName checks name i of --names (all of them, trimmed), after
	// the binary's own checks; nil takes any.
	CheckName func(names []string, i int) error
	// Words are the words the game's lines start with in the terminal
	// (its moves, their short forms): no player may be called one, in any
	// game, so that a line that starts with a name means that player.
	Words []string
	// Lacks says why a flag of another game is none of this one's, after
	// "--FLAG is a flag of OTHER: " ("a Menara game starts from its
	// seed"); nil says "GAME has none", GAME this game's name.
	Lacks func(flag string) string
}

// PlayersHelp says in --players's help how many players a game of seats
// takes and the terminal's default: "3 or 4, default 4", "1 to 4,
// default 2".
func (l *Local) PlayersHelp(seats bot.Seats) string {
	n := fmt.Sprint(seats.Min)
	switch {
	case seats.Max == seats.Min+1:
		n += " or " + fmt.Sprint(seats.Max)
	case seats.Max > seats.Min:
		n += " to " + fmt.Sprint(seats.Max)
	}
	return fmt.Sprintf("%s, default %d", n, l.Players)
}
