package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

// env is what a subcommand may touch: its arguments and standard streams.
// Tests run subcommands in-process with their own env.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
}

// subcommand runs with its arguments and returns the exit status.
type subcommand struct {
	summary string
	run     func(ctx context.Context, e env, args []string) error
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
		"arena":    {"play computer players against each other and print win rates", runArena},
	}
}

// errUsage marks an error whose message is a usage problem; the command
// exits with status 2 for it.
var errUsage = errors.New("usage")

// Run runs tablebot with the given arguments (without the program name)
// and returns the process exit status.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv}
	name := "serve"
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	if name == "help" || name == "-h" || name == "--help" {
		usage(stdout)
		return 0
	}
	cmds := subcommands()
	cmd, ok := cmds[name]
	if !ok {
		fmt.Fprintf(stderr, "tablebot: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	err := cmd.run(ctx, e, args)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "tablebot %s: %v\n", name, err)
		return 2
	}
	fmt.Fprintf(stderr, "tablebot %s: %v\n", name, err)
	return 1
}

func usage(w io.Writer) {
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
	fmt.Fprint(w, gameList())
	fmt.Fprintln(w, "\nRun tablebot <command> -h for a command's flags.")
}

// parseNoArgs parses flags for a subcommand that takes no positional
// arguments, and refuses any.
func parseNoArgs(fs *flag.FlagSet, e env, args []string) error {
	pos, err := parseFlags(fs, e, args)
	if err == nil && len(pos) > 0 {
		err = usagef("unexpected argument %q", pos[0])
	}
	return err
}

// parseFlags parses flags that may come before, between or after the
// positional arguments, and returns the positional arguments in order.
// "--" ends the flags: everything after it is positional, even words that
// start with '-'.
func parseFlags(fs *flag.FlagSet, e env, args []string) ([]string, error) {
	fs.SetOutput(e.stderr)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, fmt.Errorf("%w: %v", errUsage, err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		// Parse stops at the first positional argument, or just after a
		// "--", which it consumes.
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func usagef(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errUsage}, a...)...)
}
