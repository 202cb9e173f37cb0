package tools

import (
	"strconv"

	"github.com/tablebot/tablebot/bot/cli"
)

// seats names the seats of n players as records do: p1, p2...
func seats(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "p" + strconv.Itoa(i+1)
	}
	return out
}

// Local is how tablebot local would set take-away up: two players named
// p1 and p2, a pile of --stones, a --mode of race or team.
func (game) Local() *cli.Local {
	return &cli.Local{
		Players:     2,
		PlayersHelp: "1 to 4, default 2",
		NamesHelp:   "p1, p2, p3, p4",
		Seats:       seats,
		Words:       []string{"take"},
		Flags: []cli.Flag{
			{Name: "stones", Default: "21", Usage: "the pile, 1 to 99 stones", Arg: "N"},
			{Name: "mode", Default: "race", Usage: "race or team", Arg: "race|team"},
		},
		Settings: func(v map[string]string) (map[string]string, error) {
			// The game's own Configure checks them when the table opens.
			return map[string]string{"stones": v["stones"], "mode": v["mode"]}, nil
		},
	}
}
