package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// shangrilaCLI is The Bridges of Shangri-La on the command line.
func shangrilaCLI() cliGame {
	return cliGame{
		name:     notation.GameName,
		title:    "The Bridges of Shangri-La (3-4 players)",
		source:   bshangrila.Source,
		host:     hostShangrila,
		replay:   replayShangrila,
		render:   renderShangrila,
		selfplay: selfplayShangrila,
		arena:    arenaShangrila,
		phase:    phaseShangrila,
	}
}

// hostShangrila returns the game for the bot.
func hostShangrila(cat *i18n.Catalog, o hostOptions) (bot.Game, error) {
	opts := bshangrila.Options{Computers: ai.Options{Think: o.think}}
	board := sync.OnceValues(func() (bot.BoardFunc, error) {
		r, err := srender.New()
		if err != nil {
			return nil, err
		}
		return bshangrila.NewBoardFunc(r, cat), nil
	})
	switch {
	case o.images && o.lazy:
		opts.Board = func(ctx context.Context, v bot.BoardView) ([]byte, error) {
			draw, err := board()
			if err != nil {
				return nil, err
			}
			return draw(ctx, v)
		}
	case o.images:
		draw, err := board()
		if err != nil {
			return nil, err
		}
		opts.Board = draw
	}
	return bshangrila.New(opts), nil
}

// shangrilaLocal is how tablebot local sets up Shangri-La: seats named
// after their colours, and how the game starts.
func shangrilaLocal() localGame {
	return localGame{
		defaultPlayers: 4,
		seats: func(n int) []string {
			seats := make([]string, n)
			for i := range seats {
				seats[i] = shangrila.Colours[i].String()
			}
			return seats
		},
		name: func(names []string, i int) error {
			for j, c := range shangrila.Colours[:len(names)] {
				if j != i && strings.EqualFold(c.String(), names[i]) {
					return cli.Usagef("--names: %q is the colour of seat %d: call seat %d something else", names[i], j+1, i+1)
				}
			}
			return nil
		},
		settings: func(f localFlags) (map[string]string, error) {
			for _, other := range []string{"difficulty", "hands", "side"} {
				if f.given[other] {
					return nil, cli.Usagef("--%s is a flag of menara: The Bridges of Shangri-La has none", other)
				}
			}
			if f.start != "setup" && f.start != "suggested" {
				return nil, cli.Usagef("--start must be setup or suggested")
			}
			return map[string]string{"start": f.start}, nil
		},
	}
}

// replayShangrila applies a record and prints the final position.
func replayShangrila(w io.Writer, text, path, from string, asJSON bool) error {
	g, err := replayShangrilaRecord(text, path, from)
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

// readShangrilaState reads a JSON state file.
func readShangrilaState(path string) (shangrila.Position, error) {
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

// replayShangrilaRecord replays a record's text, read from path, from its
// own start or from the state in the file from.
func replayShangrilaRecord(text, path, from string) (*shangrila.Game, error) {
	var start *shangrila.Position
	if from != "" {
		p, err := readShangrilaState(from)
		if err != nil {
			return nil, err
		}
		start = &p
	}
	rec, err := notation.ParseRecord(strings.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	g, err := rec.Replay(start)
	if err != nil {
		var le *notation.LineError
		if errors.As(err, &le) && le.Line == 0 {
			return nil, fmt.Errorf("%s: %w", path, le.Err)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// renderShangrila draws the board after a record, its last move
// highlighted, with the labels of the English catalogue.
func renderShangrila(ctx context.Context, w *bufio.Writer, text, path, from, names string) error {
	opts := srender.Options{}
	var err error
	if opts.Names, err = parseRenderNames(names); err != nil {
		return err
	}
	g, err := replayShangrilaRecord(text, path, from)
	if err != nil {
		return err
	}
	p := g.Position()
	if m, ok := g.Undo(); ok {
		// Replaying the last move again yields its effects to highlight.
		next, eff, err := g.Position().Apply(m)
		if err != nil {
			return fmt.Errorf("replaying the last move: %w", err)
		}
		p, opts.Last = next, &eff
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	lb := bshangrila.Labels(cat.Printer(i18n.English))
	opts.Labels = &lb
	r, err := srender.New()
	if err != nil {
		return err
	}
	return r.WritePNG(w, &p, opts)
}

// parseRenderNames reads colour=name pairs separated by commas.
func parseRenderNames(s string) (map[shangrila.Colour]string, error) {
	if s == "" {
		return nil, nil
	}
	names := map[shangrila.Colour]string{}
	for _, pair := range strings.Split(s, ",") {
		key, name, ok := strings.Cut(pair, "=")
		c, valid := shangrila.ParseColour(strings.TrimSpace(key))
		if !ok || !valid {
			return nil, cli.Usagef("--names: %q is not colour=name", pair)
		}
		names[c] = name
	}
	return names, nil
}

// phaseShangrila says where a stored game stands: its phase and who is to
// move, or who won.
func phaseShangrila(record string) string {
	rec, err := notation.ParseRecord(strings.NewReader(record))
	if err != nil {
		return "unreadable record: " + err.Error()
	}
	if rec.Players == nil {
		return "no players yet"
	}
	game, err := rec.Replay(nil)
	if err != nil {
		return "does not replay: " + err.Error()
	}
	p := game.Position()
	if p.Phase() == shangrila.Over {
		var names []string
		for _, c := range p.Winners() {
			names = append(names, c.String())
		}
		return "over, won by " + strings.Join(names, " and ")
	}
	return fmt.Sprintf("%s, %s to move", p.Phase(), p.Turn())
}
