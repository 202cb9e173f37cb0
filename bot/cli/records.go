package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// WriteRecords writes the records of games played by selfplay: one game
// without out goes to stdout; otherwise game i goes to out/game-NNNN.txt
// (i from 0, NNNN from 1), with progress on stderr. record plays game i
// and returns its record.
func WriteRecords(ctx context.Context, e Env, out string, games int, record func(i int) (string, error)) error {
	if out == "" {
		text, err := record(0)
		if err != nil {
			return err
		}
		_, err = fmt.Fprint(e.Stdout, text)
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	prog := NewProgress(e.Stderr, IsTerminal(e.Stderr), "selfplay", "games", games)
	defer prog.Finish()
	for i := 0; i < games; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		text, err := record(i)
		if err != nil {
			return err
		}
		path := filepath.Join(out, fmt.Sprintf("game-%04d.txt", i+1))
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return err
		}
		prog.Done()
	}
	fmt.Fprintf(e.Stdout, "wrote %d %s to %s\n", games, Plural(games, "record", "records"), out)
	return nil
}

// Plural returns one for n == 1 and many otherwise: "1 record", "2 records".
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return strings.TrimSpace(many)
}
