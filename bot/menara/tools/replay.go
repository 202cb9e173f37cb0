package tools

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// readRecord reads and replays a Menara record, naming the line and the
// reason of a line that does not play.
func readRecord(rec cli.Record) (*menara.Game, error) {
	r, err := notation.ParseRecord(strings.NewReader(rec.Text))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rec.Name, err)
	}
	g, err := r.Replay()
	if err != nil {
		var le *notation.LineError
		if errors.As(err, &le) && le.Line == 0 {
			return nil, fmt.Errorf("%s: %w", rec.Name, le.Err)
		}
		return nil, fmt.Errorf("%s: %w", rec.Name, err)
	}
	return g, nil
}

// Replay replays a record and prints the final state: a summary, or the
// JSON state.
func (game) Replay(w io.Writer, rec cli.Record, asJSON bool) error {
	g, err := readRecord(rec)
	if err != nil {
		return err
	}
	p := g.Position()
	if asJSON {
		_, err = fmt.Fprintf(w, "%s\n", notation.MarshalState(&p))
		return err
	}
	return notation.WriteSummary(w, &p)
}

// ReplayFrom refuses: a Menara state cannot be continued by steps.
func (game) ReplayFrom(io.Writer, cli.Record, string, bool) error {
	return cli.Usagef("--from: a Menara game is its record (options, seed and steps); a state cannot be continued")
}
