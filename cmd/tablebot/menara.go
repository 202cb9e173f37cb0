package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// menaraCLI is Menara on the command line. It is not hosted on Discord
// yet, and draws no images yet: those tools are nil.
func menaraCLI() cliGame {
	return cliGame{
		name:     "menara",
		title:    "Menara (1-4 players, cooperative)",
		replay:   replayMenara,
		selfplay: selfplayMenara,
		phase:    phaseMenara,
		arena:    arenaMenara,
	}
}

// readMenara reads and replays a Menara record, naming the line and the
// reason of a line that does not play.
func readMenara(text, path string) (*menara.Game, error) {
	rec, err := notation.ParseRecord(strings.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	g, err := rec.Replay()
	if err != nil {
		var le *notation.LineError
		if errors.As(err, &le) && le.Line == 0 {
			return nil, fmt.Errorf("%s: %w", path, le.Err)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// replayMenara replays a record and prints the final state: a summary, or
// the JSON state.
func replayMenara(w io.Writer, text, path, from string, asJSON bool) error {
	if from != "" {
		return usagef("--from: a Menara game is its record (options, seed and steps); a state cannot be continued")
	}
	g, err := readMenara(text, path)
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

// selfplayMenara plays games of uniformly random legal steps and writes
// their records: game i of seed S always plays the same.
func selfplayMenara(ctx context.Context, e env, args []string) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.String("game", "menara", "the game: "+gameNames())
	players := fs.Int("players", 2, "number of players, 1 to 4")
	difficulty := fs.String("difficulty", "medium", "easy, medium or hard")
	hands := fs.String("hands", "steady", "steady or shaky")
	seed := fs.Uint64("seed", 1, "random seed: the same seed plays the same games")
	games := fs.Int("games", 1, "number of games")
	out := fs.String("out", "", "write one record file per game into this directory instead of stdout")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot selfplay --game menara --players N --difficulty D [--hands steady|shaky] --seed S [--games G --out DIR]")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, e, args); err != nil {
		return err
	}
	o := menara.Options{Players: notation.PlayerNames(*players)}
	if o.Players == nil {
		return usagef("--players must be 1 to 4")
	}
	var ok bool
	if o.Difficulty, ok = menara.ParseDifficulty(*difficulty); !ok {
		return usagef("--difficulty must be easy, medium or hard")
	}
	if o.Hands, ok = menara.ParseHands(*hands); !ok {
		return usagef("--hands must be steady or shaky")
	}
	if *games < 1 {
		return usagef("--games must be at least 1")
	}
	if *games > 1 && *out == "" {
		return usagef("more than one game needs --out DIR")
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return err
		}
	}
	for i := 0; i < *games; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		rec, err := notation.RandomGame(o, *seed, uint64(i))
		if err != nil {
			return err
		}
		text := fmt.Sprintf("# selfplay --game menara --players %d --difficulty %s --hands %s --seed %d, game %d\n",
			*players, o.Difficulty, o.Hands, *seed, i+1) + rec
		if *out == "" {
			if _, err := fmt.Fprint(e.stdout, text); err != nil {
				return err
			}
			continue
		}
		path := filepath.Join(*out, fmt.Sprintf("game-%04d.txt", i+1))
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return err
		}
	}
	if *out != "" {
		fmt.Fprintf(e.stdout, "wrote %d %s to %s\n", *games, plural(*games, "record", "records"), *out)
	}
	return nil
}

// phaseMenara says where a stored Menara game stands.
func phaseMenara(record string) string {
	g, err := readMenara(record, "record")
	if err != nil {
		return "does not replay: " + err.Error()
	}
	p := g.Position()
	if p.Phase() == menara.Over {
		o := p.Outcome()
		if o.Won {
			return fmt.Sprintf("over, won at height %d of %d", p.Height(), p.Required())
		}
		return fmt.Sprintf("over, lost at height %d of %d", p.Height(), p.Required())
	}
	return fmt.Sprintf("height %d of %d, %s to play", p.Height(), p.Required(), p.Players()[p.Turn()])
}
