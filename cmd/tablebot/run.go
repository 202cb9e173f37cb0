package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/tablebot/tablebot/bot/cli"
)

// subcommand runs with its arguments and returns the exit status.
type subcommand struct {
	summary string
	run     func(ctx context.Context, e cli.Env, args []string) error
}

// subcommands lists every subcommand by name.
func subcommands() map[string]subcommand {
	return map[string]subcommand{
		"serve":    {"run the bot on Discord (the default command)", runServe},
		"local":    {"play in the terminal, without Discord", runLocal},
		"replay":   {"apply a game record and print the final state", runReplay},
		"selfplay": {"play games of random legal moves and write their records", runSelfplay},
		"render":   {"draw the board after a game record as a PNG image", runRender},
		"games":    {"list the games stored in a database", runGames},
		"export":   {"print a channel's current game as a game record", runExport},
		"backup":   {"write a consistent copy of the database, also while the bot runs", runBackup},
		"check":    {"read every page and game of a database, as a start no longer does", runCheck},
		"import":   {"store game records in a database as the games they describe", runImport},
		"reshard":  {"split databases into one a shard, for a new shard_count", runReshard},
		"migrate":  {"copy every game from a database file to etcd, or back", runMigrate},
		"arena":    {"play computer players against each other and print win rates", runArena},
		"stats":    {"recompute the statistics and ratings from the stored games (--rebuild)", runStats},
	}
}

// Run runs tablebot with its games (games) and the given arguments
// (without the program name), and returns the process exit status.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(ctx, games(), args, stdin, stdout, stderr)
}

// runWith is Run with the given games, the first the default of --game.
func runWith(ctx context.Context, games []cli.Game, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := cli.Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Getenv: os.Getenv, Games: games}
	name := "serve"
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	if name == "help" || name == "-h" || name == "--help" {
		usage(stdout, games)
		return 0
	}
	cmds := subcommands()
	cmd, ok := cmds[name]
	if !ok {
		fmt.Fprintf(stderr, "tablebot: unknown command %q\n\n", name)
		usage(stderr, games)
		return 2
	}
	err := cmd.run(ctx, e, args)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, cli.ErrUsage):
		fmt.Fprintf(stderr, "tablebot %s: %v\n", name, err)
		return 2
	}
	fmt.Fprintf(stderr, "tablebot %s: %v\n", name, err)
	return 1
}

func usage(w io.Writer, games []cli.Game) {
	fmt.Fprintln(w, "Usage: tablebot <command> [flags] [arguments]")
	fmt.Fprintln(w, "\nCommands:")
	cmds := subcommands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w, "\nGames (--game NAME for local, replay, render, selfplay and arena):")
	fmt.Fprint(w, cli.GameList(games))
	fmt.Fprintln(w, "\nRun tablebot <command> -h for a command's flags.")
}
