package main

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// runSelfplay plays games of uniformly random legal moves of the game of
// --game and writes their records: game i of seed S always plays the same.
func runSelfplay(ctx context.Context, e env, args []string) error {
	g, err := pickGame(gameFlag(args))
	if err != nil {
		return err
	}
	return g.selfplay(ctx, e, args)
}

// selfplayShangrila is selfplay for The Bridges of Shangri-La.
func selfplayShangrila(ctx context.Context, e env, args []string) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.String("game", defaultGame, "the game: "+gameNames())
	players := fs.Int("players", 4, "number of players, 3 or 4")
	seed := fs.Uint64("seed", 1, "random seed: the same seed plays the same games")
	games := fs.Int("games", 1, "number of games")
	out := fs.String("out", "", "write one record file per game into this directory instead of stdout")
	start := fs.String("start", "setup", "how games start: setup or suggested")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot selfplay [--game shangrila] --players N --seed S [--games G --out DIR] [--start setup|suggested]")
		fmt.Fprint(fs.Output(), "Games (each with its own flags; see tablebot selfplay --game NAME -h):\n"+gameList())
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, e, args); err != nil {
		return err
	}
	if *players != 3 && *players != 4 {
		return usagef("--players must be 3 or 4")
	}
	if *games < 1 {
		return usagef("--games must be at least 1")
	}
	if *games > 1 && *out == "" {
		return usagef("more than one game needs --out DIR")
	}
	var st shangrila.Start
	switch *start {
	case "setup":
	case "suggested":
		st = shangrila.StartSuggested
	default:
		return usagef("--start must be setup or suggested")
	}
	seats := shangrila.Colours[:*players]
	return writeRecords(ctx, e, *out, *games, func(i int) (string, error) {
		moves, err := randomGame(seats, st, *seed, uint64(i))
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("# selfplay --players %d --seed %d, game %d\n", *players, *seed, i+1) +
			notation.FormatRecord(seats, st, moves), nil
	})
}

// writeRecords writes the records of games played by selfplay: one game
// without out goes to stdout; otherwise game i goes to out/game-NNNN.txt
// (i from 0, NNNN from 1), with progress on stderr. record plays game i
// and returns its record.
func writeRecords(ctx context.Context, e env, out string, games int, record func(i int) (string, error)) error {
	if out == "" {
		text, err := record(0)
		if err != nil {
			return err
		}
		_, err = fmt.Fprint(e.stdout, text)
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	prog := newProgress(e.stderr, isTerminal(e.stderr), "selfplay", "games", games)
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
	fmt.Fprintf(e.stdout, "wrote %d %s to %s\n", games, plural(games, "record", "records"), out)
	return nil
}

// randomGame plays one game of uniformly random legal moves; game i of a
// seed draws from its own stream.
func randomGame(seats []shangrila.Colour, st shangrila.Start, seed, i uint64) ([]shangrila.Move, error) {
	p, err := shangrila.NewPosition(seats, st)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, i))
	var moves []shangrila.Move
	for p.Phase() != shangrila.Over {
		m := p.RandomMove(rng)
		next, _, err := p.Apply(m)
		if err != nil {
			return nil, fmt.Errorf("internal error: random move %s is illegal: %w", notation.FormatMove(m), err)
		}
		p = next
		moves = append(moves, m)
	}
	return moves, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return strings.TrimSpace(many)
}
