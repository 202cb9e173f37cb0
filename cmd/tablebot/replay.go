package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/tablebot/tablebot/bot/cli"
)

// runReplay applies a game record and prints the final state. The game is
// the record's game line, else --game. Nothing reaches stdout unless the
// whole record replays.
func runReplay(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	game := fs.String("game", "", "the game of a record without a game line: "+gameNames()+" (default "+defaultGame+")")
	from := fs.String("from", "", "start from the state in this JSON file instead of the record's start")
	asJSON := fs.Bool("json", false, "print the final state as JSON")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot replay [--game NAME] [--from STATE.json] [--json] RECORD|-")
		fmt.Fprint(fs.Output(), "Games:\n"+gameList())
		fs.PrintDefaults()
	}
	pos, err := cli.ParseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return cli.Usagef("give one record file, or - for standard input")
	}
	text, name, err := readRecordText(e, pos[0])
	if err != nil {
		return err
	}
	g, err := gameOfRecord(*game, text)
	if err != nil {
		return err
	}
	return g.replay(e.Stdout, text, name, *from, *asJSON)
}
