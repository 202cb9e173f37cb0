package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
)

// defaultGame is the game of a command without --game or a record's game
// line: the first of the games.
func defaultGame(games []cli.Game) string {
	if len(games) == 0 {
		return ""
	}
	return games[0].Name()
}

// findGame returns the game named name.
func findGame(games []cli.Game, name string) (cli.Game, bool) {
	for _, g := range games {
		if g.Name() == name {
			return g, true
		}
	}
	return nil, false
}

// pickGame returns the game of --game, or the default for "".
func pickGame(games []cli.Game, name string) (cli.Game, error) {
	if name == "" {
		name = defaultGame(games)
	}
	g, ok := findGame(games, name)
	if !ok {
		return nil, cli.Usagef("--game: no game %q; the games are %s", name, cli.GameNames(games))
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
func gameOfRecord(games []cli.Game, flagGame, text string) (cli.Game, error) {
	named := recordGame(text)
	switch {
	case named == "":
		return pickGame(games, flagGame)
	case flagGame != "" && flagGame != named:
		return nil, cli.Usagef("the record is a game of %s, not %s", named, flagGame)
	}
	g, ok := findGame(games, named)
	if !ok {
		return nil, fmt.Errorf("the record is a game of %q, which tablebot does not know; the games are %s", named, cli.GameNames(games))
	}
	return g, nil
}

// readRecordText reads a record file, or standard input for "-", with
// the name to use in messages.
func readRecordText(e cli.Env, path string) (cli.Record, error) {
	var r io.Reader = e.Stdin
	name := "stdin"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return cli.Record{}, err
		}
		defer f.Close()
		r, name = f, path
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return cli.Record{}, fmt.Errorf("%s: %w", name, err)
	}
	return cli.Record{Text: string(data), Name: name}, nil
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
func newCatalog(games []cli.Game) (*i18n.Catalog, error) {
	var sources []i18n.Source
	for _, g := range games {
		sources = append(sources, g.Source())
	}
	return i18n.New(sources...)
}

// hostGames returns every game for the bot.
func hostGames(games []cli.Game, cat *i18n.Catalog, o cli.HostOptions) ([]bot.Game, error) {
	var out []bot.Game
	for _, g := range games {
		h, err := g.Host(cat, o)
		if err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, nil
}
