package tools

import (
	"bufio"
	"context"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/bot/cli"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// Render draws the board after a record, its last move highlighted, with
// the labels of the English catalogue.
func (game) Render(ctx context.Context, w *bufio.Writer, rec cli.Record, o cli.RenderOptions) error {
	g, r, opts, err := drawing(rec, o)
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
	return r.WritePNG(w, &p, opts)
}

// drawing replays the record and readies what draws it: a renderer and
// the options with the names asked for and the English catalogue's labels.
func drawing(rec cli.Record, o cli.RenderOptions) (*shangrila.Game, *srender.Renderer, srender.Options, error) {
	opts := srender.Options{}
	var err error
	if opts.Names, err = parseRenderNames(o.Names); err != nil {
		return nil, nil, opts, err
	}
	g, err := replayRecord(rec, o.From)
	if err != nil {
		return nil, nil, opts, err
	}
	cat, err := i18n.New(bshangrila.Source())
	if err != nil {
		return nil, nil, opts, err
	}
	lb := bshangrila.Labels(cat.Printer(i18n.English))
	opts.Labels = &lb
	r, err := srender.New()
	return g, r, opts, err
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
