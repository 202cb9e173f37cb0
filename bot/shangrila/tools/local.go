package tools

import (
	"strings"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// Local is how tablebot local sets up Shangri-La: four players unless
// --players says three, seats named after their colours; its flag
// (--start) is the option of its new.
func (game) Local() *cli.Local {
	return &cli.Local{
		Players:   4,
		NamesHelp: "their colours",
		Seats:     seats,
		CheckName: checkName,
		Words:     []string{"place", "recruit", "journey", "setup", "pass", "exchange"},
		Lacks:     func(string) string { return "The Bridges of Shangri-La has none" },
	}
}

// seats names n seats after their colours.
func seats(n int) []string {
	seats := make([]string, n)
	for i := range seats {
		seats[i] = shangrila.Colours[i].String()
	}
	return seats
}

// checkName refuses to call a seat by another seat's colour.
func checkName(names []string, i int) error {
	for j, c := range shangrila.Colours[:len(names)] {
		if j != i && strings.EqualFold(c.String(), names[i]) {
			return cli.Usagef("--names: %q is the colour of seat %d: call seat %d something else", names[i], j+1, i+1)
		}
	}
	return nil
}
