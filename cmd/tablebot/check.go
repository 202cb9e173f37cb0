package main

import (
	"context"
	"flag"
	"fmt"
	"os"
)

// runCheck reads every page and every game of a database, the check the
// bot no longer makes at every start (its start must not grow with every
// game ever played).
func runCheck(ctx context.Context, e env, args []string) error {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	dbPath := fs.String("db", defaultConfig().Storage.Path, "the database file")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot check [--db FILE]")
		fmt.Fprintln(fs.Output(), "Reads every page and every game of the database, also while the bot runs (of a copy it serves).")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, e, args); err != nil {
		return err
	}
	db, done, err := openForReading(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer done()
	live, archived, err := db.Count(ctx)
	if err != nil {
		return err
	}
	prog := newProgress(e.stderr, isTerminal(e.stderr), "check", "games", live+archived)
	seen := 0
	err = db.Check(ctx, func(n int) {
		for ; seen < n; seen++ {
			prog.Done()
		}
	})
	prog.Finish()
	if err != nil {
		return fmt.Errorf("%s does not check: %w", *dbPath, err)
	}
	size := int64(0)
	if st, err := os.Stat(*dbPath); err == nil {
		size = st.Size()
	}
	_, err = fmt.Fprintf(e.stdout, "%s checks: %d live and %d ended games, %.1f MB\n", *dbPath, live, archived, float64(size)/(1<<20))
	return err
}
