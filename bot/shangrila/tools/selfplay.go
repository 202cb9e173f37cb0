package tools

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"

	"github.com/tablebot/tablebot/bot/cli"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// Selfplay plays games of uniformly random legal moves and writes their
// records: game i of seed S always plays the same.
func (game) Selfplay(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	r := cli.SelfplayFlags(fs, e, notation.GameName)
	players := fs.Int("players", 4, "number of players, 3 or 4")
	start := startFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot selfplay [--game shangrila] --players N --seed S [--games G --out DIR] [--start setup|suggested]")
		fmt.Fprint(fs.Output(), "Games (each with its own flags; see tablebot selfplay --game NAME -h):\n"+cli.GameList(e.Games))
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	if *players != 3 && *players != 4 {
		return cli.Usagef("--players must be 3 or 4")
	}
	if err := r.CheckRecords(); err != nil {
		return err
	}
	st, err := start()
	if err != nil {
		return err
	}
	seats := shangrila.Colours[:*players]
	return cli.WriteRecords(ctx, e, r.Out, r.Games, func(i int) (string, error) {
		moves, err := randomGame(seats, st, r.Seed, uint64(i))
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("# selfplay --players %d --seed %d, game %d\n", *players, r.Seed, i+1) +
			notation.FormatRecord(seats, st, moves), nil
	})
}

// startFlag declares --start, the option of the game's new, on fs; the
// function it returns reads it once fs is parsed.
func startFlag(fs *flag.FlagSet) func() (shangrila.Start, error) {
	o := cli.DeclareOptions(fs, bshangrila.New(bshangrila.Options{}).NewOptions(), "start")
	return func() (shangrila.Start, error) {
		v, err := o.Read()
		if err != nil || v["start"] != shangrila.StartSuggested.String() {
			return shangrila.StartSetup, err
		}
		return shangrila.StartSuggested, nil
	}
}

// randomGame plays one game of uniformly random legal moves; game i of a
// seed draws from its own stream.
func randomGame(seats []shangrila.Colour, st shangrila.Start, seed, i uint64) ([]shangrila.Move, error) {
	p, err := shangrila.NewPosition(seats, st)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, i))
	var moves []shangrila.Move
	for p.Phase() != shangrila.Over {
		m := p.RandomMove(rng)
		next, _, err := p.Apply(m)
		if err != nil {
			return nil, fmt.Errorf("internal error: random move %s is illegal: %w", notation.FormatMove(m), err)
		}
		p = next
		moves = append(moves, m)
	}
	return moves, nil
}
