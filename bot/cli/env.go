package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// Env is what a subcommand may touch: its standard streams, the
// environment and the binary's games. Tests run subcommands in-process
// with their own Env.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	// Games are the binary's games, the first the default of --game, for
	// the subcommands that pick one and the help texts that list them
	// (GameNames, GameList).
	Games []Game
}

// ErrUsage marks an error whose message is a usage problem; the command
// exits with status 2 for it (any other error: status 1).
var ErrUsage = errors.New("usage")

// Usagef returns a usage error (ErrUsage) with the formatted message.
func Usagef(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrUsage}, a...)...)
}

// UsageError turns an error of the flag package into the command's: a
// usage error, or flag.ErrHelp as it stands (-h, which exits with 0).
func UsageError(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return err
	}
	return fmt.Errorf("%w: %v", ErrUsage, err)
}

// ParseNoArgs parses flags for a subcommand that takes no positional
// arguments, and refuses any.
func ParseNoArgs(fs *flag.FlagSet, e Env, args []string) error {
	pos, err := ParseFlags(fs, e, args)
	if err == nil && len(pos) > 0 {
		err = Usagef("unexpected argument %q", pos[0])
	}
	return err
}

// ParseFlags parses flags that may come before, between or after the
// positional arguments, and returns the positional arguments in order.
// "--" ends the flags: everything after it is positional, even words that
// start with '-'. The flags' errors and help go to e.Stderr.
func ParseFlags(fs *flag.FlagSet, e Env, args []string) ([]string, error) {
	fs.SetOutput(e.Stderr)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, fmt.Errorf("%w: %v", ErrUsage, err)
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
