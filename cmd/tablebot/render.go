package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	srender "github.com/tablebot/tablebot/render/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// runRender draws the board after a game record as a PNG image, with the
// record's last move highlighted.
func runRender(ctx context.Context, e env, args []string) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	from := fs.String("from", "", "start from the position in this JSON state file instead of the record's start")
	out := fs.String("o", "", "write the PNG image to this file (- for standard output)")
	names := fs.String("names", "", "players' display names, as colour=name pairs separated by commas (red=Ana,blue=Niccolò)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot render [--from STATE.json] [--names red=NAME,...] RECORD|- -o BOARD.png")
		fs.PrintDefaults()
	}
	pos, err := parseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("give one record file, or - for standard input")
	}
	if *out == "" {
		return usagef("-o BOARD.png is required")
	}
	opts := srender.Options{}
	if opts.Names, err = parseRenderNames(*names); err != nil {
		return err
	}
	var start *shangrila.Position
	if *from != "" {
		p, err := readState(*from)
		if err != nil {
			return err
		}
		start = &p
	}
	g, err := readAndReplay(e, pos[0], start)
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
	if *out == "-" {
		w := bufio.NewWriter(e.stdout)
		if err := renderBoard(w, &p, opts); err != nil {
			return err
		}
		return w.Flush()
	}
	return writeBoardFile(*out, func(w *bufio.Writer) error { return renderBoard(w, &p, opts) })
}

// renderBoard draws position p as a PNG into w.
func renderBoard(w *bufio.Writer, p *shangrila.Position, opts srender.Options) error {
	r, err := srender.New()
	if err != nil {
		return err
	}
	return r.WritePNG(w, p, opts)
}

// writeBoardFile creates the file at path first, so that a path that cannot be
// written fails before any work, then writes it through write, and leaves
// no half-written file behind when writing fails.
func writeBoardFile(path string, write func(*bufio.Writer) error) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(path)
		}
	}()
	w := bufio.NewWriter(f)
	if err := write(w); err != nil {
		return err
	}
	return w.Flush()
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
			return nil, usagef("--names: %q is not colour=name", pair)
		}
		names[c] = name
	}
	return names, nil
}
