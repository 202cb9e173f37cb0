package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/i18n"
)

// terminalGame is a game that tablebot local plays: its setup, its seats
// and its own flags, the options of its new.
type terminalGame struct {
	local *cli.Local
	seats bot.Seats
	flags []cli.Flag
}

// terminalGames returns the games that tablebot local plays by name,
// each hosted (without images) for its seats and the options of its new.
func terminalGames(games []cli.Game, cat *i18n.Catalog) (map[string]*terminalGame, error) {
	out := map[string]*terminalGame{}
	for _, g := range games {
		lg := g.Local()
		if lg == nil {
			continue
		}
		h, err := g.Host(cat, cli.HostOptions{})
		if err != nil {
			return nil, err
		}
		out[g.Name()] = &terminalGame{local: lg, seats: h.Seats(), flags: cli.OptionFlags(h.NewOptions())}
	}
	return out, nil
}

// declareLocal declares the flags of tablebot local on fs: the binary's,
// whose help says what each game takes, then each game's own.
func declareLocal(fs *flag.FlagSet, games []cli.Game, cat *i18n.Catalog) (*localFlags, error) {
	f := &localFlags{own: map[string]*string{}, given: map[string]bool{}}
	var err error
	if f.terminal, err = terminalGames(games, cat); err != nil {
		return nil, err
	}
	fs.StringVar(&f.game, "game", defaultGame(games), "the game: "+cli.GameNames(games))
	fs.IntVar(&f.players, "players", 0, "number of players ("+f.help(games, func(t *terminalGame) string { return t.local.PlayersHelp(t.seats) }, false)+")")
	fs.StringVar(&f.db, "db", defaultConfig().Storage.Path, "database file")
	fs.StringVar(&f.out, "out", "", "write the board image into this directory after every move")
	fs.StringVar(&f.names, "names", "", "players' names in seat order, comma-separated (default: "+f.help(games, func(t *terminalGame) string { return t.local.NamesHelp }, true)+")")
	fs.BoolVar(&f.shuffle, "shuffle", false, "shuffle the seats, as on Discord")
	fs.StringVar(&f.channel, "channel", "local", "the channel name the game is kept under")
	fs.StringVar(&f.lang, "lang", "en", "language: en, es or it")
	fs.Uint64Var(&f.seed, "seed", 0, "the seed of a new game (a record's seed line), for a game that replays a record; random by default")
	fs.StringVar(&f.computers, "ai", "", "computer players, seat by seat: human, easy, medium or hard, comma-separated (the first seat is human unless all are computers, a game to watch), e.g. human,hard,hard")
	fs.DurationVar(&f.think, "think", 0, "cap on a hard computer's thinking time a move (default 2s)")
	fs.BoolVar(&f.fresh, "new", false, "start a new game even if the channel keeps one (which stays in the archive)")
	own, err := f.declareGames(fs, games)
	if err != nil {
		return nil, err
	}
	fs.Usage = func() {
		names := make([]string, len(games))
		for i, g := range games {
			names[i] = g.Name()
		}
		fmt.Fprintln(fs.Output(), "Usage: tablebot local [--game "+strings.Join(names, "|")+"] [--players N] [--db FILE] [--out DIR] [--names A,B,C] [--shuffle] [--channel NAME] [--new] [--lang en|es|it] [--seed S] [--ai LEVELS] [--think DURATION]")
		if len(own) > 0 {
			fmt.Fprintln(fs.Output(), "  "+strings.Join(own, "; "))
		}
		fmt.Fprintln(fs.Output(), "Commands are read from standard input, one a line; type help for the list.")
		fs.PrintDefaults()
	}
	return f, nil
}

// declareGames declares the games' own flags on fs, after the binary's,
// each one's help prefixed with its game's name (a flag of several games
// lists each one's help), and returns how the usage line shows them, a
// game at a time: "menara: [--difficulty D] [--hands steady|shaky]".
func (f *localFlags) declareGames(fs *flag.FlagSet, games []cli.Game) ([]string, error) {
	var own []string
	for _, g := range games {
		t := f.terminal[g.Name()]
		if t == nil || len(t.flags) == 0 {
			continue
		}
		var shown []string
		for _, fl := range t.flags {
			usage := g.Name() + ": " + fl.Usage
			shown = append(shown, "[--"+fl.Name+" "+fl.Arg+"]")
			if prev := fs.Lookup(fl.Name); prev != nil {
				if f.own[fl.Name] == nil {
					return nil, fmt.Errorf("--%s of %s is a flag of tablebot local itself", fl.Name, g.Name())
				}
				prev.Usage += "; " + usage
				continue
			}
			f.own[fl.Name] = fs.String(fl.Name, fl.Default, usage)
		}
		own = append(own, g.Name()+": "+strings.Join(shown, " "))
	}
	return own, nil
}

// help joins what the games the terminal plays say in a flag's help
// (help), each after its name ("menara: 1 to 4, default 2"), the default
// game's bare when bareDefault.
func (f *localFlags) help(games []cli.Game, help func(*terminalGame) string, bareDefault bool) string {
	var parts []string
	for i, g := range games {
		t := f.terminal[g.Name()]
		if t == nil {
			continue
		}
		if i == 0 && bareDefault {
			parts = append(parts, help(t))
			continue
		}
		parts = append(parts, g.Name()+": "+help(t))
	}
	return strings.Join(parts, "; ")
}

// settings returns the options of the game's new from its own flags (a
// flag not given at the option's default, checked against its values)
// and --seed; a flag of another game that this one lacks is refused.
func (f *localFlags) settings(games []cli.Game, g cli.Game, t *terminalGame) (map[string]string, error) {
	if err := f.foreign(games, g, t); err != nil {
		return nil, err
	}
	settings := map[string]string{}
	for _, fl := range t.flags {
		value := fl.Default
		if f.given[fl.Name] {
			value = *f.own[fl.Name]
		}
		if value == "" {
			continue
		}
		v, err := fl.Read(value)
		if err != nil {
			return nil, err
		}
		settings[fl.Name] = v
	}
	if f.given["seed"] {
		settings["seed"] = fmt.Sprint(f.seed)
	}
	return settings, nil
}

// foreign refuses a flag given of another game that g lacks, in the
// words of g (cli.Local.Lacks).
func (f *localFlags) foreign(games []cli.Game, g cli.Game, t *terminalGame) error {
	for _, other := range games {
		ot := f.terminal[other.Name()]
		if other.Name() == g.Name() || ot == nil {
			continue
		}
		for _, fl := range ot.flags {
			if !f.given[fl.Name] || slices.ContainsFunc(t.flags, func(x cli.Flag) bool { return x.Name == fl.Name }) {
				continue
			}
			why := g.Name() + " has none"
			if t.local.Lacks != nil {
				why = t.local.Lacks(fl.Name)
			}
			return cli.Usagef("--%s is a flag of %s: %s", fl.Name, other.Name(), why)
		}
	}
	return nil
}
