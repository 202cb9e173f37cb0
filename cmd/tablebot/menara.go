package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// menaraCLI is Menara on the command line: hosted on Discord and in the
// terminal with computer teammates (rules/menara/ai), its records
// replayed, drawn and played at random, its teammates in the arena.
func menaraCLI() cliGame {
	return cliGame{
		name:     "menara",
		title:    "Menara (1-4 players, cooperative)",
		host:     hostMenara,
		replay:   replayMenara,
		render:   renderMenara,
		source:   bmenara.Source,
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
		return cli.Usagef("--from: a Menara game is its record (options, seed and steps); a state cannot be continued")
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
func selfplayMenara(ctx context.Context, e cli.Env, args []string) error {
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
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	o := menara.Options{Players: notation.PlayerNames(*players)}
	if o.Players == nil {
		return cli.Usagef("--players must be 1 to 4")
	}
	var ok bool
	if o.Difficulty, ok = menara.ParseDifficulty(*difficulty); !ok {
		return cli.Usagef("--difficulty must be easy, medium or hard")
	}
	if o.Hands, ok = menara.ParseHands(*hands); !ok {
		return cli.Usagef("--hands must be steady or shaky")
	}
	if *games < 1 {
		return cli.Usagef("--games must be at least 1")
	}
	if *games > 1 && *out == "" {
		return cli.Usagef("more than one game needs --out DIR")
	}
	return cli.WriteRecords(ctx, e, *out, *games, func(i int) (string, error) {
		rec, err := notation.RandomGame(o, *seed, uint64(i))
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("# selfplay --game menara --players %d --difficulty %s --hands %s --seed %d, game %d\n",
			*players, o.Difficulty, o.Hands, *seed, i+1) + rec, nil
	})
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

// hostMenara returns the game for the bot, drawing its images with the
// Menara renderer (built at the first image when lazy), with computer
// teammates (rules/menara/ai) whose thinking o.think caps.
func hostMenara(cat *i18n.Catalog, o hostOptions) (bot.Game, error) {
	opts := bmenara.Options{Computers: ai.Options{Think: o.think}}
	type images struct {
		board   bot.BoardFunc
		preview bmenara.PreviewFunc
	}
	build := sync.OnceValues(func() (images, error) {
		r, err := rmenara.New()
		if err != nil {
			return images{}, err
		}
		board, preview := bmenara.NewImages(r, cat)
		return images{board, preview}, nil
	})
	switch {
	case o.images && o.lazy:
		opts.Board = func(ctx context.Context, v bot.BoardView) ([]byte, error) {
			im, err := build()
			if err != nil {
				return nil, err
			}
			return im.board(ctx, v)
		}
		opts.Preview = func(ctx context.Context, p *menara.Position, s menara.Step, names []string, l i18n.Lang) ([]byte, error) {
			im, err := build()
			if err != nil {
				return nil, err
			}
			return im.preview(ctx, p, s, names, l)
		}
	case o.images:
		im, err := build()
		if err != nil {
			return nil, err
		}
		opts.Board, opts.Preview = im.board, im.preview
	}
	return bmenara.New(opts), nil
}

// menaraLocal is how tablebot local sets up Menara: seats named as in
// selfplay's records (ana, bob, cy, dee), names that a record can use,
// and the difficulty, the hands and the base's side.
func menaraLocal() localGame {
	return localGame{
		defaultPlayers: 2,
		seats:          notation.PlayerNames,
		name: func(names []string, i int) error {
			if got := bmenara.SeatNames(names)[i]; got != names[i] {
				return cli.Usagef("--names: %q cannot name a seat in a Menara record (it would be %s): use one word of letters, digits and - _ . ', not a word records or commands start with", names[i], got)
			}
			return nil
		},
		settings: func(f localFlags) (map[string]string, error) {
			if f.given["start"] {
				return nil, cli.Usagef("--start is a flag of shangrila: a Menara game starts from its seed")
			}
			if _, ok := menara.ParseDifficulty(f.difficulty); !ok {
				return nil, cli.Usagef("--difficulty must be easy, medium or hard")
			}
			if _, ok := menara.ParseHands(f.hands); !ok {
				return nil, cli.Usagef("--hands must be steady or shaky")
			}
			if s, ok := menara.ParseSide(f.side); !ok || s == menara.NoSide {
				return nil, cli.Usagef("--side must be light or dark")
			}
			return map[string]string{"difficulty": strings.ToLower(f.difficulty), "hands": strings.ToLower(f.hands), "side": strings.ToLower(f.side)}, nil
		},
	}
}
