package tools

import (
	"context"
	"flag"
	"fmt"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// Selfplay plays games of uniformly random legal steps and writes their
// records: game i of seed S always plays the same.
func (game) Selfplay(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.String("game", gameName, "the game: "+cli.GameNames(e.Games))
	players := fs.Int("players", 2, "number of players, 1 to 4")
	difficulty := fs.String("difficulty", "medium", "easy, medium or hard")
	hands := fs.String("hands", "steady", "steady or shaky")
	seed := fs.Uint64("seed", 1, "random seed: the same seed plays the same games")
	games := fs.Int("games", 1, "number of games")
	out := fs.String("out", "", "write one record file per game into this directory instead of stdout")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot selfplay --game menara --players N --difficulty D [--hands steady|shaky] --seed S [--games G --out DIR]")
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	o := menara.Options{Players: notation.PlayerNames(*players)}
	if o.Players == nil {
		return cli.Usagef("--players must be 1 to 4")
	}
	var ok bool
	if o.Difficulty, ok = menara.ParseDifficulty(*difficulty); !ok {
		return cli.Usagef("--difficulty must be easy, medium or hard")
	}
	if o.Hands, ok = menara.ParseHands(*hands); !ok {
		return cli.Usagef("--hands must be steady or shaky")
	}
	if *games < 1 {
		return cli.Usagef("--games must be at least 1")
	}
	if *games > 1 && *out == "" {
		return cli.Usagef("more than one game needs --out DIR")
	}
	return cli.WriteRecords(ctx, e, *out, *games, func(i int) (string, error) {
		rec, err := notation.RandomGame(o, *seed, uint64(i))
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("# selfplay --game menara --players %d --difficulty %s --hands %s --seed %d, game %d\n",
			*players, o.Difficulty, o.Hands, *seed, i+1) + rec, nil
	})
}
