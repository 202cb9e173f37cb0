package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/bot/local"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/store"
)

// localFlags are the flags of tablebot local that a game reads.
type localFlags struct {
	players                 int
	names                   string
	start                   string
	difficulty, hands, side string
	given                   map[string]bool // the flags set on the command line
}

// localGame is what tablebot local needs of a game: its seats' default
// names and the check of --names, and the settings of its new game from
// the flags. Its players count has been checked against the game's seats.
type localGame struct {
	// defaultPlayers is --players when not given.
	defaultPlayers int
	// seats returns the seats' default names for n players.
	seats func(n int) []string
	// name checks one name of --names for seat i of names (all of them,
	// trimmed).
	name func(names []string, i int) error
	// settings returns the options of new besides players, and which
	// flags they come from; an error for a flag the game does not take.
	settings func(f localFlags) (map[string]string, error)
}

// runLocal plays in the terminal: the same command layer as on Discord,
// with the game kept in the database under a channel name.
func runLocal(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("local", flag.ContinueOnError)
	game := fs.String("game", defaultGame, "the game: "+gameNames())
	var f localFlags
	fs.IntVar(&f.players, "players", 0, "number of players (shangrila: 3 or 4, default 4; menara: 1 to 4, default 2)")
	db := fs.String("db", defaultConfig().Storage.Path, "database file")
	out := fs.String("out", "", "write the board image into this directory after every move")
	fs.StringVar(&f.names, "names", "", "players' names in seat order, comma-separated (default: their colours; menara: ana, bob, cy, dee)")
	shuffle := fs.Bool("shuffle", false, "shuffle the seats, as on Discord")
	channel := fs.String("channel", "local", "the channel name the game is kept under")
	lang := fs.String("lang", "en", "language: en, es or it")
	fs.StringVar(&f.start, "start", "setup", "shangrila: how a new game starts: setup or suggested")
	fs.StringVar(&f.difficulty, "difficulty", "medium", "menara: easy, medium or hard")
	fs.StringVar(&f.hands, "hands", "steady", "menara: steady or shaky")
	fs.StringVar(&f.side, "side", "light", "menara: the base's side, light or dark")
	seed := fs.Uint64("seed", 0, "the seed of a new game (a record's seed line), for a game that replays a record; random by default")
	computers := fs.String("ai", "", "computer players, seat by seat: human, easy, medium or hard, comma-separated (the first seat is human unless all are computers, a game to watch), e.g. human,hard,hard")
	think := fs.Duration("think", 0, "cap on a hard computer's thinking time a move (default 2s)")
	fresh := fs.Bool("new", false, "start a new game even if the channel keeps one (which stays in the archive)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot local [--game shangrila|menara] [--players N] [--db FILE] [--out DIR] [--names A,B,C] [--shuffle] [--channel NAME] [--new] [--lang en|es|it] [--seed S] [--ai LEVELS] [--think DURATION]")
		fmt.Fprintln(fs.Output(), "  shangrila: [--start setup|suggested]; menara: [--difficulty D] [--hands steady|shaky] [--side light|dark]")
		fmt.Fprintln(fs.Output(), "Commands are read from standard input, one a line; type help for the list.")
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	f.given = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.given[fl.Name] = true })
	g, err := pickGame(*game)
	if err != nil {
		return err
	}
	lg, ok := localGames()[g.name]
	if !ok || g.host == nil {
		return cli.Usagef("--game %s: tablebot local does not play %s yet", g.name, g.name)
	}
	if !f.given["players"] {
		f.players = lg.defaultPlayers
	}
	l, ok := i18n.ParseLang(*lang)
	if !ok {
		return cli.Usagef("--lang must be en, es or it")
	}
	settings, err := lg.settings(f)
	if err != nil {
		return err
	}
	if f.given["seed"] {
		settings["seed"] = fmt.Sprint(*seed)
	}
	cat, err := newCatalog()
	if err != nil {
		return err
	}
	hosted, err := hostGames(cat, hostOptions{images: true, lazy: true, think: *think})
	if err != nil {
		return err
	}
	var played bot.Game
	for _, h := range hosted {
		if h.Kind() == g.name {
			played = h
		}
	}
	rule := played.Seats()
	if f.players < rule.Min || f.players > rule.Max {
		return cli.Usagef("--players must be %d to %d for %s", rule.Min, rule.Max, g.name)
	}
	seats := lg.seats(f.players)
	if f.names != "" {
		if err := localNames(seats, f.names, lg.name); err != nil {
			return err
		}
	}
	levels, err := localComputers(*computers, seats, played)
	if err != nil {
		return err
	}
	d, err := store.Open(*db, store.Options{})
	if err != nil {
		return err
	}
	defer d.Close()
	given := local.Given{Players: f.given["players"], Computers: f.given["ai"], Names: f.given["names"]}
	for _, name := range []string{"start", "difficulty", "hands", "side", "seed"} {
		given.Settings = given.Settings || f.given[name]
	}
	cfg := bot.Config{Store: d, Catalog: cat, Games: hosted, KeepSeatOrder: !*shuffle}
	if f.given["seed"] {
		s := *seed
		cfg.Seed = func() uint64 { return s }
	}
	s, err := local.New(cfg, local.Options{
		Game: g.name, Channel: *channel, Players: seats, Computers: levels, Settings: settings,
		Given: given, New: *fresh, Lang: l, Out: *out, Echo: !cli.IsTerminal(e.Stdin), Prompt: cli.IsTerminal(e.Stdin),
	}, e.Stdout)
	if err != nil {
		return err
	}
	err = s.Run(ctx, e.Stdin)
	var differs *local.Differs
	if errors.As(err, &differs) {
		return cli.Usagef("%s", differsHelp(differs))
	}
	return err
}

// localGames are the games tablebot local plays, by name.
func localGames() map[string]localGame {
	return map[string]localGame{"shangrila": shangrilaLocal(), "menara": menaraLocal()}
}

// localComputers reads --ai: a level a seat, the first a person unless
// every seat is a computer (a game of computers alone, which the terminal
// watches); the levels must be those the game offers. It renames computer
// seats.
func localComputers(list string, seats []string, g bot.Game) ([]string, error) {
	if list == "" {
		return nil, nil
	}
	offered := g.Levels()
	var levels []string
	parts := strings.Split(list, ",")
	alone := true // every seat a computer: a game of computers alone
	for _, lv := range parts {
		if lv = strings.ToLower(strings.TrimSpace(lv)); lv == "" || lv == "human" {
			alone = false
		}
	}
	for i, lv := range parts {
		lv = strings.ToLower(strings.TrimSpace(lv))
		switch {
		case lv == "" || lv == "human":
			levels = append(levels, "")
		case i == 0 && !alone:
			return nil, cli.Usagef("--ai: the first seat is the person who opens the table (or every seat is a computer, a game of computers alone to watch)")
		case len(offered) == 0:
			return nil, cli.Usagef("--ai: %s has no computer players yet: every seat is human (--ai human%s)", g.Kind(), strings.Repeat(",human", len(seats)-1))
		case slices.Contains(offered, lv):
			levels = append(levels, lv)
			if i < len(seats) {
				seats[i] = "computer" + fmt.Sprint(i+1)
			}
		default:
			return nil, cli.Usagef("--ai: %q is not human or one of %s's levels: %s", lv, g.Kind(), strings.Join(offered, ", "))
		}
	}
	if len(parts) != len(seats) {
		return nil, cli.Usagef("--ai names %d seats for %d players: give a level for every seat, such as --ai human%s", len(parts), len(seats), strings.Repeat(",human", len(seats)-1))
	}
	return levels, nil
}

// localNames reads --names into the seats: one single word a seat, each
// different from the others and from the words of the terminal, so that
// a line starting with it can only mean that player, and acceptable to
// the game (check).
func localNames(seats []string, list string, check func(names []string, i int) error) error {
	names := strings.Split(list, ",")
	if len(names) != len(seats) {
		return cli.Usagef("--names needs %d names, one a seat", len(seats))
	}
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	taken := map[string]int{}
	for i, n := range names {
		if n == "" || strings.ContainsAny(n, " \t#:/") {
			return cli.Usagef("--names: %q: names are single words without '#', ':' or '/'", n)
		}
		key := strings.ToLower(n)
		if j, ok := taken[key]; ok {
			return cli.Usagef("--names: seats %d and %d are both called %q: every player needs a name of their own", j+1, i+1, n)
		}
		if localWord(key) {
			return cli.Usagef("--names: %q is a command of tablebot local: choose another name", n)
		}
		if err := check(names, i); err != nil {
			return err
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
		"history", "hint", "undo", "resign", "cancel", "rules", "language", "place", "recruit", "journey", "setup", "pass",
		"exchange", "reveal", "column", "move", "floor", "extend", "lift", "give", "giveup", "done", "settings", "mygames":
		return true
	}
	return false
}

// differsHelp explains flags that disagree with the game kept in the
// channel, and how to start afresh.
func differsHelp(d *local.Differs) string {
	flags := map[string]string{"players": "--players", "computers": "--ai", "names": "--names", "start": "--start",
		"difficulty": "--difficulty", "hands": "--hands", "side": "--side", "seed": "--seed"}
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
