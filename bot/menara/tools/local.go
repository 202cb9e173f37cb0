package tools

import (
	"github.com/tablebot/tablebot/bot/cli"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// Local is how tablebot local sets up Menara: two players by default,
// seats named as in selfplay's records (ana, bob, cy, dee), names that a
// record can use; its flags (--difficulty, --hands, --side) are the
// options of its new.
func (game) Local() *cli.Local {
	return &cli.Local{
		Players:   2,
		NamesHelp: "ana, bob, cy, dee",
		Seats:     notation.PlayerNames,
		CheckName: checkName,
		Words:     []string{"exchange", "reveal", "place", "column", "move", "floor", "lift", "extend", "give", "giveup", "done"},
		Lacks:     lacks,
	}
}

// checkName takes the names a seat of a Menara record can have.
func checkName(names []string, i int) error {
	if got := bmenara.SeatNames(names)[i]; got != names[i] {
		return cli.Usagef("--names: %q cannot name a seat in a Menara record (it would be %s): use one word of letters, digits and - _ . ', not a word records or commands start with", names[i], got)
	}
	return nil
}

// lacks says why a flag of another game is none of Menara's.
func lacks(flag string) string {
	if flag == "start" {
		return "a Menara game starts from its seed"
	}
	return "Menara has none"
}
