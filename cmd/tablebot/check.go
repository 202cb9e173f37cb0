package main

import (
	"context"
	"fmt"
	"os"

	"github.com/tablebot/tablebot/bot/cli"
)

// runCheck reads every page and every game of a database, the check the
// bot no longer makes at every start (its start must not grow with every
// game ever played).
func runCheck(ctx context.Context, e cli.Env, args []string) error {
	db, path, done, err := readCommand(ctx, e, args, "check",
		"Reads every page and every game of the database, also while the bot runs (of a copy it serves).")
	if err != nil {
		return err
	}
	defer done()
	live, archived, err := db.Count(ctx)
	if err != nil {
		return err
	}
	prog := cli.NewProgress(e.Stderr, cli.IsTerminal(e.Stderr), "check", "games", live+archived)
	seen := 0
	err = db.Check(ctx, func(n int) {
		for ; seen < n; seen++ {
			prog.Done()
		}
	})
	prog.Finish()
	if err != nil {
		return fmt.Errorf("%s does not check: %w", path, err)
	}
	size := int64(0)
	if st, err := os.Stat(path); err == nil {
		size = st.Size()
	}
	_, err = fmt.Fprintf(e.Stdout, "%s checks: %d live and %d ended games, %.1f MB\n", path, live, archived, float64(size)/(1<<20))
	return err
}
