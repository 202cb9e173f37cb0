package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/bot/cli"
)

// declareLocal declares the flags of tablebot local on fs: the binary's,
// whose help says what each game takes, then each game's own.
func declareLocal(fs *flag.FlagSet, games []cli.Game) (*localFlags, error) {
	f := &localFlags{own: map[string]*string{}, given: map[string]bool{}}
	fs.StringVar(&f.game, "game", defaultGame(games), "the game: "+cli.GameNames(games))
	fs.IntVar(&f.players, "players", 0, "number of players ("+localHelp(games, func(l *cli.Local) string { return l.PlayersHelp }, false)+")")
	fs.StringVar(&f.db, "db", defaultConfig().Storage.Path, "database file")
	fs.StringVar(&f.out, "out", "", "write the board image into this directory after every move")
	fs.StringVar(&f.names, "names", "", "players' names in seat order, comma-separated (default: "+localHelp(games, func(l *cli.Local) string { return l.NamesHelp }, true)+")")
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
		lg := g.Local()
		if lg == nil || len(lg.Flags) == 0 {
			continue
		}
		var shown []string
		for _, fl := range lg.Flags {
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

// localHelp joins what the games the terminal plays say in a flag's help
// (help), each after its name ("menara: 1 to 4, default 2"), the default
// game's bare when bareDefault.
func localHelp(games []cli.Game, help func(*cli.Local) string, bareDefault bool) string {
	var parts []string
	for i, g := range games {
		lg := g.Local()
		if lg == nil {
			continue
		}
		if i == 0 && bareDefault {
			parts = append(parts, help(lg))
			continue
		}
		parts = append(parts, g.Name()+": "+help(lg))
	}
	return strings.Join(parts, "; ")
}

// settings returns the options of the game's new from its own flags (a
// flag not given at the game's default) and --seed; a flag of another
// game that this one lacks is refused.
func (f *localFlags) settings(games []cli.Game, g cli.Game, lg *cli.Local) (map[string]string, error) {
	if err := f.foreign(games, g, lg); err != nil {
		return nil, err
	}
	values := map[string]string{}
	for _, fl := range lg.Flags {
		values[fl.Name] = fl.Default
		if f.given[fl.Name] {
			values[fl.Name] = *f.own[fl.Name]
		}
	}
	settings := map[string]string{}
	if lg.Settings != nil {
		s, err := lg.Settings(values)
		if err != nil {
			return nil, err
		}
		for k, v := range s {
			settings[k] = v
		}
	}
	if f.given["seed"] {
		settings["seed"] = fmt.Sprint(f.seed)
	}
	return settings, nil
}

// foreign refuses a flag given of another game that g lacks, in the
// words of g (cli.Local.Lacks).
func (f *localFlags) foreign(games []cli.Game, g cli.Game, lg *cli.Local) error {
	for _, other := range games {
		ol := other.Local()
		if other.Name() == g.Name() || ol == nil {
			continue
		}
		for _, fl := range ol.Flags {
			if !f.given[fl.Name] || slices.ContainsFunc(lg.Flags, func(x cli.Flag) bool { return x.Name == fl.Name }) {
				continue
			}
			why := g.Name() + " has none"
			if lg.Lacks != nil {
				why = lg.Lacks(fl.Name)
			}
			return cli.Usagef("--%s is a flag of %s: %s", fl.Name, other.Name(), why)
		}
	}
	return nil
}
