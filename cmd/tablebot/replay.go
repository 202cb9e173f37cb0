package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/tablebot/tablebot/bot/cli"
)

// runReplay applies a game record and prints the final state. The game is
// the record's game line, else --game. Nothing reaches stdout unless the
// whole record replays.
func runReplay(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	game := fs.String("game", "", "the game of a record without a game line: "+cli.GameNames(e.Games)+" (default "+defaultGame(e.Games)+")")
	from := fs.String("from", "", "start from the state in this JSON file instead of the record's start")
	asJSON := fs.Bool("json", false, "print the final state as JSON")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot replay [--game NAME] [--from STATE.json] [--json] RECORD|-")
		fmt.Fprint(fs.Output(), "Games:\n"+cli.GameList(e.Games))
		fs.PrintDefaults()
	}
	pos, err := cli.ParseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return cli.Usagef("give one record file, or - for standard input")
	}
	rec, err := readRecordText(e, pos[0])
	if err != nil {
		return err
	}
	g, err := gameOfRecord(e.Games, *game, rec.Text)
	if err != nil {
		return err
	}
	if *from == "" {
		return g.Replay(e.Stdout, rec, *asJSON)
	}
	err = g.ReplayFrom(e.Stdout, rec, *from, *asJSON)
	if errors.Is(err, cli.ErrUnsupported) {
		return cli.Usagef("--from: %s replays a record from its start only", g.Name())
	}
	return err
}
