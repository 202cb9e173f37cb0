package tools

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// Replay applies a record from its start and prints the final position:
// a summary, or JSON.
func (game) Replay(w io.Writer, rec cli.Record, asJSON bool) error {
	return replay(w, rec, "", asJSON)
}

// ReplayFrom applies a record's moves to the position in the JSON file
// from and prints the final position.
func (game) ReplayFrom(w io.Writer, rec cli.Record, from string, asJSON bool) error {
	return replay(w, rec, from, asJSON)
}

// replay applies a record from its start, or from the position in the
// file from, and prints the final position.
func replay(w io.Writer, rec cli.Record, from string, asJSON bool) error {
	g, err := replayRecord(rec, from)
	if err != nil {
		return err
	}
	p := g.Position()
	if asJSON {
		_, err = fmt.Fprintf(w, "%s\n", notation.MarshalPosition(&p))
		return err
	}
	return notation.WriteSummary(w, &p)
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

// replayRecord replays a record from its own start or from the state in
// the file from.
func replayRecord(rec cli.Record, from string) (*shangrila.Game, error) {
	var start *shangrila.Position
	if from != "" {
		p, err := readState(from)
		if err != nil {
			return nil, err
		}
		start = &p
	}
	r, err := notation.ParseRecord(strings.NewReader(rec.Text))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rec.Name, err)
	}
	g, err := r.Replay(start)
	if err != nil {
		var le *notation.LineError
		if errors.As(err, &le) && le.Line == 0 {
			return nil, fmt.Errorf("%s: %w", rec.Name, le.Err)
		}
		return nil, fmt.Errorf("%s: %w", rec.Name, err)
	}
	return g, nil
}
