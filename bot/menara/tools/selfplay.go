package tools

import (
	"context"
	"flag"
	"fmt"

	"github.com/tablebot/tablebot/bot/cli"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// Selfplay plays games of uniformly random legal steps and writes their
// records: game i of seed S always plays the same.
func (game) Selfplay(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	r := cli.SelfplayFlags(fs, e, gameName)
	players := fs.Int("players", 2, "number of players, 1 to 4")
	setup := setupFlags(fs)
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
	if err := setup(&o); err != nil {
		return err
	}
	if err := r.CheckRecords(); err != nil {
		return err
	}
	return cli.WriteRecords(ctx, e, r.Out, r.Games, func(i int) (string, error) {
		rec, err := notation.RandomGame(o, r.Seed, uint64(i))
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("# selfplay --game menara --players %d --difficulty %s --hands %s --seed %d, game %d\n",
			*players, o.Difficulty, o.Hands, r.Seed, i+1) + rec, nil
	})
}

// setupFlags declares --difficulty and --hands, options of the game's
// new, on fs; the function it returns reads them into o once fs is
// parsed.
func setupFlags(fs *flag.FlagSet) func(o *menara.Options) error {
	flags := cli.DeclareOptions(fs, bmenara.New(bmenara.Options{}).NewOptions(), "difficulty", "hands")
	return func(o *menara.Options) error {
		v, err := flags.Read()
		if err != nil {
			return err
		}
		o.Difficulty, _ = menara.ParseDifficulty(v["difficulty"])
		o.Hands, _ = menara.ParseHands(v["hands"])
		return nil
	}
}
