package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
)

// defaultGame is the game of a command without --game or a record's game
// line.
const defaultGame = "shangrila"

// cliGame is what the binary knows of one game: how to host it and its
// tools on the command line. Adding a game is adding one entry to games.
type cliGame struct {
	name  string // the game's kind, as --game and records name it
	title string // its name, for help texts
	// source is the game's part of the message catalogue, and host the
	// game for the bot (serve, local); both nil for a game not hosted yet.
	source func() i18n.Source
	host   func(cat *i18n.Catalog, o hostOptions) (bot.Game, error)
	// replay replays a record (text, read from path) from its start or
	// the state in from, and prints the final state: a summary, or JSON.
	replay func(w io.Writer, text, path, from string, asJSON bool) error
	// render draws the state after a record, its last move highlighted;
	// nil for a game that draws no images yet.
	render func(ctx context.Context, w *bufio.Writer, text, path, from, names string) error
	// selfplay and arena are the game's own subcommands, with their own
	// flags (and --game); arena is nil for a game without computers yet.
	selfplay func(ctx context.Context, e cli.Env, args []string) error
	arena    func(ctx context.Context, e cli.Env, args []string) error
	// phase says where a stored record stands, for tablebot games.
	phase func(record string) string
}

// hostOptions is how the binary hosts a game.
type hostOptions struct {
	// images draws board images (serve, local); lazy builds the renderer
	// at the first image (local, which draws none without --out).
	images, lazy bool
	// think caps a hard computer's thinking a move; 0 for the default.
	think time.Duration
}

// games lists the games, in the order of the slash commands and of the
// help texts.
func games() []cliGame {
	return []cliGame{shangrilaCLI(), menaraCLI()}
}

// findGame returns the game named name.
func findGame(name string) (cliGame, bool) {
	for _, g := range games() {
		if g.name == name {
			return g, true
		}
	}
	return cliGame{}, false
}

// gameNames lists the games' names for help texts: "shangrila, menara".
func gameNames() string {
	var names []string
	for _, g := range games() {
		names = append(names, g.name)
	}
	return strings.Join(names, ", ")
}

// gameList describes the games for the usage text, one a line.
func gameList() string {
	var b strings.Builder
	for _, g := range games() {
		fmt.Fprintf(&b, "  %-10s %s\n", g.name, g.title)
	}
	return b.String()
}

// pickGame returns the game of --game (given says whether the flag was
// set), or the default.
func pickGame(name string) (cliGame, error) {
	if name == "" {
		name = defaultGame
	}
	g, ok := findGame(name)
	if !ok {
		return cliGame{}, cli.Usagef("--game: no game %q; the games are %s", name, gameNames())
	}
	return g, nil
}

// recordGame returns the game a record names in its "game NAME" line,
// "" when its first line is not one.
func recordGame(text string) string {
	name := ""
	rules.ReadRecordLines(strings.NewReader(text), func(l rules.RecordLine) error {
		if strings.EqualFold(l.Words[0], "game") && len(l.Words) == 2 {
			name = strings.ToLower(l.Words[1])
		}
		return errStopReading // a record's game line comes first
	})
	return name
}

// errStopReading ends rules.ReadRecordLines once a line has told enough.
var errStopReading = errors.New("enough read")

// gameOfRecord picks the game of a record: its game line, else --game,
// else the default. A record of one game named with --game of another is
// refused.
func gameOfRecord(flagGame, text string) (cliGame, error) {
	named := recordGame(text)
	switch {
	case named == "":
		return pickGame(flagGame)
	case flagGame != "" && flagGame != named:
		return cliGame{}, cli.Usagef("the record is a game of %s, not %s", named, flagGame)
	}
	g, ok := findGame(named)
	if !ok {
		return cliGame{}, fmt.Errorf("the record is a game of %q, which tablebot does not know; the games are %s", named, gameNames())
	}
	return g, nil
}

// readRecordText reads a record file, or standard input for "-", with
// the name to use in messages.
func readRecordText(e cli.Env, path string) (text, name string, err error) {
	var r io.Reader = e.Stdin
	name = "stdin"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return "", "", err
		}
		defer f.Close()
		r, name = f, path
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", name, err)
	}
	return string(data), name, nil
}

// gameFlag finds --game NAME (or -game, --game=NAME) among a
// subcommand's arguments before their "--", for subcommands whose other
// flags depend on the game.
func gameFlag(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return ""
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "game" {
			continue
		}
		if hasValue {
			return value
		}
		if i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// newCatalog returns the message catalogue of the host and every game.
func newCatalog() (*i18n.Catalog, error) {
	var sources []i18n.Source
	for _, g := range games() {
		if g.source != nil {
			sources = append(sources, g.source())
		}
	}
	return i18n.New(sources...)
}

// hostGames returns every game for the bot.
func hostGames(cat *i18n.Catalog, o hostOptions) ([]bot.Game, error) {
	var out []bot.Game
	for _, g := range games() {
		if g.host == nil {
			continue
		}
		h, err := g.host(cat, o)
		if err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, nil
}
