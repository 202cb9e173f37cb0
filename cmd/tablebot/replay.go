package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// runReplay applies a game record and prints the final position. Nothing
// reaches stdout unless the whole record replays.
func runReplay(ctx context.Context, e env, args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	from := fs.String("from", "", "start from the position in this JSON state file instead of the record's start")
	asJSON := fs.Bool("json", false, "print the final position as JSON")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot replay [--from STATE.json] [--json] RECORD|-")
		fs.PrintDefaults()
	}
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one record file, or - for standard input")
	}
	var start *shangrila.Position
	if *from != "" {
		p, err := readState(*from)
		if err != nil {
			return err
		}
		start = &p
	}
	g, err := readAndReplay(e, pos[0], start)
	if err != nil {
		return err
	}
	p := g.Position()
	if *asJSON {
		_, err = fmt.Fprintf(e.stdout, "%s\n", notation.MarshalPosition(&p))
		return err
	}
	return notation.WriteSummary(e.stdout, &p)
}

// readState reads a JSON state file.
func readState(path string) (shangrila.Position, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return shangrila.Position{}, err
	}
	p, err := notation.UnmarshalPosition(data)
	if err != nil {
		return shangrila.Position{}, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// readAndReplay reads the record at path ("-" for stdin) and replays it
// from its own start or from start.
func readAndReplay(e env, path string, start *shangrila.Position) (*shangrila.Game, error) {
	var r io.Reader = e.stdin
	name := "stdin"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, name = f, path
	}
	rec, err := notation.ParseRecord(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	g, err := rec.Replay(start)
	if err != nil {
		var le *notation.LineError
		if errors.As(err, &le) && le.Line == 0 {
			return nil, fmt.Errorf("%s: %w", name, le.Err)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return g, nil
}
