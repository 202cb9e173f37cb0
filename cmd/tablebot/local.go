package main

import (
	"context"
	"errors"
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
	fresh := fs.Bool("new", false, "start a new game even if the channel keeps one (which stays in the archive)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot local [--game shangrila] [--players 3|4] [--db FILE] [--out DIR] [--names A,B,C] [--shuffle] [--channel NAME] [--new] [--lang en|es|it] [--start setup|suggested] [--ai LEVELS] [--think DURATION]")
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
		if err := localNames(seats, *names); err != nil {
			return err
		}
	}
	var levels []string
	if *computers != "" {
		list := strings.Split(*computers, ",")
		for i, l := range list {
			l = strings.ToLower(strings.TrimSpace(l))
			switch {
			case l == "" || l == "human":
				levels = append(levels, "")
			case i == 0:
				return usagef("--ai: the first seat is the person who opens the table")
			case l == "easy" || l == "medium" || l == "hard":
				levels = append(levels, l)
				if i < len(seats) {
					seats[i] = "computer" + fmt.Sprint(i+1)
				}
			default:
				return usagef("--ai: %q is not human, easy, medium or hard", l)
			}
		}
		if len(list) != *players {
			return usagef("--ai names %d seats for %d players: give a level for every seat, such as --ai human%s", len(list), *players, strings.Repeat(",hard", *players-1))
		}
	}
	given := local.Given{}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "players":
			given.Players = true
		case "ai":
			given.Computers = true
		case "names":
			given.Names = true
		case "start":
			given.Settings = true
		}
	})
	d, err := store.Open(*db, store.Options{})
	if err != nil {
		return err
	}
	defer d.Close()
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	hosted, err := hostGames(cat, hostOptions{images: true, lazy: true, think: *think})
	if err != nil {
		return err
	}
	s, err := local.New(bot.Config{
		Store: d, Catalog: cat, Games: hosted, KeepSeatOrder: !*shuffle,
	}, local.Options{
		Game: defaultGame, Channel: *channel, Players: seats, Computers: levels, Settings: map[string]string{"start": *start},
		Given: given, New: *fresh, Lang: l, Out: *out, Echo: !isTerminal(e.stdin), Prompt: isTerminal(e.stdin),
	}, e.stdout)
	if err != nil {
		return err
	}
	err = s.Run(ctx, e.stdin)
	var differs *local.Differs
	if errors.As(err, &differs) {
		return usagef("%s", differsHelp(differs))
	}
	return err
}

// localNames reads --names into the seats: one single word a seat, each
// different from the others, from the other seats' colours and from the
// words of the terminal, so that a line starting with it can only mean
// that player.
func localNames(seats []string, list string) error {
	names := strings.Split(list, ",")
	if len(names) != len(seats) {
		return usagef("--names needs %d names, one a seat", len(seats))
	}
	taken := map[string]int{}
	for i, n := range names {
		n = strings.TrimSpace(n)
		if n == "" || strings.ContainsAny(n, " \t#:/") {
			return usagef("--names: %q: names are single words without '#', ':' or '/'", n)
		}
		key := strings.ToLower(n)
		if j, ok := taken[key]; ok {
			return usagef("--names: seats %d and %d are both called %q: every player needs a name of their own", j+1, i+1, n)
		}
		for j, c := range shangrila.Colours[:len(seats)] {
			if j != i && strings.EqualFold(c.String(), n) {
				return usagef("--names: %q is the colour of seat %d: call seat %d something else", n, j+1, i+1)
			}
		}
		if localWord(key) {
			return usagef("--names: %q is a command of tablebot local: choose another name", n)
		}
		taken[key] = i
		seats[i] = n
	}
	return nil
}

// localWord reports whether a name would read as a command of the
// terminal in English.
func localWord(name string) bool {
	switch name {
	case "quit", "exit", "help", "as", "moves", "game", "players", "new", "join", "leave", "start", "board", "status",
		"history", "hint", "undo", "resign", "cancel", "rules", "language", "place", "recruit", "journey", "setup", "pass":
		return true
	}
	return false
}

// differsHelp explains flags that disagree with the game kept in the
// channel, and how to start afresh.
func differsHelp(d *local.Differs) string {
	flags := map[string]string{"players": "--players", "computers": "--ai", "names": "--names", "start": "--start"}
	var lines []string
	for _, x := range d.Diffs {
		what := flags[x.Option]
		if what == "" {
			what = x.Option
		}
		if x.Seat > 0 {
			what += fmt.Sprintf(" (seat %d)", x.Seat)
		}
		lines = append(lines, fmt.Sprintf("  %s: the kept game has %s, the flags ask for %s", what, x.Kept, x.Asked))
	}
	moves := fmt.Sprintf("%d moves", d.Moves)
	if d.Moves == 1 {
		moves = "1 move"
	}
	return fmt.Sprintf("channel %q keeps a game (%s so far) that is not the one these flags ask for:\n%s\n"+
		"To go on with it, run tablebot local without those flags. To start a new game instead, add --new (the kept game stays "+
		"in the archive: tablebot games), or give the new game a channel of its own: --channel NAME.",
		d.Channel, moves, strings.Join(lines, "\n"))
}
