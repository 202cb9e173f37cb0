package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/tablebot/tablebot/bot/cli"
)

// runRender draws the board after a game record as a PNG image, with the
// record's last move highlighted.
func runRender(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	game := fs.String("game", "", "the game of a record without a game line: "+cli.GameNames(e.Games)+" (default "+defaultGame(e.Games)+")")
	from := fs.String("from", "", "start from the state in this JSON file instead of the record's start")
	out := fs.String("o", "", "write the PNG image (the GIF with --timelapse) to this file (- for standard output)")
	film := fs.Bool("timelapse", false, "write the whole game as an animated GIF, a frame per move, instead of the last board")
	names := fs.String("names", "", "players' display names, as seat=name pairs separated by commas (red=Ana,blue=Niccolò)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot render [--game NAME] [--from STATE.json] [--names SEAT=NAME,...] RECORD|- -o BOARD.png")
		fmt.Fprintln(fs.Output(), "       tablebot render --timelapse [--game NAME] [--names SEAT=NAME,...] RECORD|- -o GAME.gif")
		fmt.Fprint(fs.Output(), "Games:\n"+cli.GameList(e.Games))
		fs.PrintDefaults()
	}
	pos, err := cli.ParseFlags(fs, e, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return cli.Usagef("give one record file, or - for standard input")
	}
	if *out == "" {
		if *film {
			return cli.Usagef("-o GAME.gif is required")
		}
		return cli.Usagef("-o BOARD.png is required")
	}
	rec, err := readRecordText(e, pos[0])
	if err != nil {
		return err
	}
	g, err := gameOfRecord(e.Games, *game, rec.Text)
	if err != nil {
		return err
	}
	o := cli.RenderOptions{From: *from, Names: *names}
	draw := func(w *bufio.Writer) error {
		if *film {
			tl, ok := g.(cli.Timelapser)
			if !ok {
				return fmt.Errorf("%s makes no timelapses yet", g.Name())
			}
			return tl.Timelapse(ctx, w, rec, o)
		}
		err := g.Render(ctx, w, rec, o)
		if errors.Is(err, cli.ErrUnsupported) {
			return fmt.Errorf("%s draws no images yet", g.Name())
		}
		return err
	}
	if *out == "-" {
		w := bufio.NewWriter(e.Stdout)
		if err := draw(w); err != nil {
			return err
		}
		return w.Flush()
	}
	return writeBoardFile(*out, draw)
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
