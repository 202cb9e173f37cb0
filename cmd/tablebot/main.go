// Command tablebot hosts board games in Discord channels, and offers the
// tools around them: playing in a terminal, replaying and checking game
// records, drawing boards, inspecting the database.
//
// Run "tablebot help" for the list of subcommands.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/tablebot/tablebot/bot/cli"
	menaratools "github.com/tablebot/tablebot/bot/menara/tools"
	shangrilatools "github.com/tablebot/tablebot/bot/shangrila/tools"
)

// games are the games tablebot offers, one line a game, in the order of
// the slash commands and of the help texts; the first is the default of
// --game. Everything the binary knows of a game comes through its value:
// adding a game is adding its line. This is the one file of the binary
// that imports a game (TestBinaryKnowsNoGame).
func games() []cli.Game {
	return []cli.Game{
		shangrilatools.New(),
		menaratools.New(),
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
