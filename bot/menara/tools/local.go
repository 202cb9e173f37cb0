package tools

import (
	"strings"

	"github.com/tablebot/tablebot/bot/cli"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// Local is how tablebot local sets up Menara: two players by default,
// seats named as in selfplay's records (ana, bob, cy, dee), names that a
// record can use, and the difficulty, the hands and the base's side.
func (game) Local() *cli.Local {
	return &cli.Local{
		Players:     2,
		PlayersHelp: "1 to 4, default 2",
		NamesHelp:   "ana, bob, cy, dee",
		Seats:       notation.PlayerNames,
		CheckName:   checkName,
		Words:       []string{"exchange", "reveal", "place", "column", "move", "floor", "lift", "extend", "give", "giveup", "done"},
		Flags: []cli.Flag{
			{Name: "difficulty", Default: "medium", Usage: "easy, medium or hard", Arg: "D"},
			{Name: "hands", Default: bmenara.DefaultHands.String(), Usage: "steady or shaky", Arg: "steady|shaky"},
			{Name: "side", Default: "light", Usage: "the base's side, light or dark", Arg: "light|dark"},
		},
		Settings: settings,
		Lacks:    lacks,
	}
}

// checkName takes the names a seat of a Menara record can have.
func checkName(names []string, i int) error {
	if got := bmenara.SeatNames(names)[i]; got != names[i] {
		return cli.Usagef("--names: %q cannot name a seat in a Menara record (it would be %s): use one word of letters, digits and - _ . ', not a word records or commands start with", names[i], got)
	}
	return nil
}

// settings reads --difficulty, --hands and --side.
func settings(values map[string]string) (map[string]string, error) {
	if _, ok := menara.ParseDifficulty(values["difficulty"]); !ok {
		return nil, cli.Usagef("--difficulty must be easy, medium or hard")
	}
	if _, ok := menara.ParseHands(values["hands"]); !ok {
		return nil, cli.Usagef("--hands must be steady or shaky")
	}
	if s, ok := menara.ParseSide(values["side"]); !ok || s == menara.NoSide {
		return nil, cli.Usagef("--side must be light or dark")
	}
	out := map[string]string{}
	for _, name := range []string{"difficulty", "hands", "side"} {
		out[name] = strings.ToLower(values[name])
	}
	return out, nil
}

// lacks says why a flag of another game is none of Menara's.
func lacks(flag string) string {
	if flag == "start" {
		return "a Menara game starts from its seed"
	}
	return "Menara has none"
}
