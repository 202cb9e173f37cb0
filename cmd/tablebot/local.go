package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/local"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/store"
)

// runLocal plays in the terminal: the same command layer as on Discord,
// with the game kept in the database under a channel name.
func runLocal(ctx context.Context, e env, args []string) error {
	fs := flag.NewFlagSet("local", flag.ContinueOnError)
	game := fs.String("game", defaultGame, "the game: "+gameNames())
	players := fs.Int("players", 4, "number of players, 3 or 4")
	db := fs.String("db", defaultConfig().Storage.Path, "database file")
	out := fs.String("out", "", "write the board image into this directory after every move")
	names := fs.String("names", "", "players' names in seat order, comma-separated (default: their colours)")
	shuffle := fs.Bool("shuffle", false, "shuffle the seats, as on Discord")
	channel := fs.String("channel", "local", "the channel name the game is kept under")
	lang := fs.String("lang", "en", "language: en, es or it")
	start := fs.String("start", "setup", "how a new game starts: setup or suggested")
	computers := fs.String("ai", "", "computer players, seat by seat: human, easy, medium or hard, comma-separated (the first seat is human), e.g. human,hard,hard")
	think := fs.Duration("think", 0, "cap on a hard computer's thinking time a move (default 2s)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot local [--game shangrila] [--players 3|4] [--db FILE] [--out DIR] [--names A,B,C] [--shuffle] [--channel NAME] [--lang en|es|it] [--start setup|suggested] [--ai LEVELS] [--think DURATION]")
		fmt.Fprintln(fs.Output(), "Commands are read from standard input, one a line; type help for the list.")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, e, args); err != nil {
		return err
	}
	if _, err := pickGame(*game); err != nil {
		return err
	}
	if *game != defaultGame {
		return usagef("--game %s: tablebot local plays only %s for now", *game, defaultGame)
	}
	if *players != 3 && *players != 4 {
		return usagef("--players must be 3 or 4")
	}
	l, ok := i18n.ParseLang(*lang)
	if !ok {
		return usagef("--lang must be en, es or it")
	}
	if *start != "setup" && *start != "suggested" {
		return usagef("--start must be setup or suggested")
	}
	seats := make([]string, *players)
	for i := range seats {
		seats[i] = shangrila.Colours[i].String()
	}
	if *names != "" {
		list := strings.Split(*names, ",")
		if len(list) != *players {
			return usagef("--names needs %d names", *players)
		}
		for i, n := range list {
			seats[i] = strings.TrimSpace(n)
			if seats[i] == "" || strings.ContainsAny(seats[i], " \t#:") {
				return usagef("names are single words without '#' or ':'")
			}
		}
	}
	var levels []string
	if *computers != "" {
		for i, l := range strings.Split(*computers, ",") {
			l = strings.ToLower(strings.TrimSpace(l))
			switch {
			case l == "" || l == "human":
				levels = append(levels, "")
			case i == 0:
				return usagef("--ai: the first seat is the person who opens the table")
			case l == "easy" || l == "medium" || l == "hard":
				levels = append(levels, l)
				seats[i] = "computer" + fmt.Sprint(i+1)
			default:
				return usagef("--ai: %q is not human, easy, medium or hard", l)
			}
		}
		if len(levels) > *players {
			return usagef("--ai names %d seats for %d players", len(levels), *players)
		}
	}
	d, err := store.Open(*db, store.Options{})
	if err != nil {
		return err
	}
	defer d.Close()
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	hosted, err := hostGames(cat, hostOptions{images: true, think: *think})
	if err != nil {
		return err
	}
	s, err := local.New(bot.Config{
		Store: d, Catalog: cat, Games: hosted, KeepSeatOrder: !*shuffle,
	}, local.Options{
		Game: defaultGame, Channel: *channel, Players: seats, Computers: levels, Settings: map[string]string{"start": *start},
		Lang: l, Out: *out, Echo: !isTerminal(e.stdin),
	}, e.stdout)
	if err != nil {
		return err
	}
	return s.Run(ctx, e.stdin)
}
