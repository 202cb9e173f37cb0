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
// p1 and p2; its flags (--stones, --mode, --skip) are the options of its
// new.
func (game) Local() *cli.Local {
	return &cli.Local{
		Players:   2,
		NamesHelp: "p1, p2, p3, p4",
		Seats:     seats,
		Words:     []string{"take"},
	}
}
