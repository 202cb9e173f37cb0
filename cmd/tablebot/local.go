package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/bot/local"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/store"
)

// localFlags are the flags of tablebot local: the binary's, and every
// game's own, the options of its new (cli.OptionFlags).
type localFlags struct {
	game, db, out, names, channel, lang, computers string
	players                                        int
	shuffle, fresh                                 bool
	seed                                           uint64
	think                                          time.Duration
	// terminal are the games the terminal plays, by name.
	terminal map[string]*terminalGame
	// own holds the values of the games' own flags, by name.
	own map[string]*string
	// given are the flags set on the command line.
	given map[string]bool
}

// localPlan is the session the flags ask for, checked before the
// database opens.
type localPlan struct {
	game     cli.Game
	lang     i18n.Lang
	settings map[string]string
	given    local.Given
	cat      *i18n.Catalog
	hosted   []bot.Game
	seats    []string
	levels   []string
}

// runLocal plays in the terminal: the same command layer as on Discord,
// with the game kept in the database under a channel name.
func runLocal(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("local", flag.ContinueOnError)
	cat, err := newCatalog(e.Games)
	if err != nil {
		return err
	}
	f, err := declareLocal(fs, e.Games, cat)
	if err != nil {
		return err
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	fs.Visit(func(fl *flag.Flag) { f.given[fl.Name] = true })
	p, err := f.plan(e.Games, cat)
	if err != nil {
		return err
	}
	d, err := store.Open(f.db, store.Options{})
	if err != nil {
		return err
	}
	defer d.Close()
	// As serve does: tablebot games, export and backup read the database
	// through its socket while the session holds it.
	stopCopies, err := serveCopies(d, slog.New(slog.NewTextHandler(e.Stderr, nil)))
	if err != nil {
		return err
	}
	defer stopCopies()
	cfg := bot.Config{Store: d, Catalog: p.cat, Games: p.hosted, KeepSeatOrder: !f.shuffle}
	if f.given["seed"] {
		s := f.seed
		cfg.Seed = func() uint64 { return s }
	}
	s, err := local.New(cfg, local.Options{
		Game: p.game.Name(), Channel: f.channel, Players: p.seats, Computers: p.levels, Settings: p.settings,
		Given: p.given, New: f.fresh, Lang: p.lang, Out: f.out, Echo: !cli.IsTerminal(e.Stdin), Prompt: cli.IsTerminal(e.Stdin),
	}, e.Stdout)
	if err != nil {
		return err
	}
	err = s.Run(ctx, e.Stdin)
	var differs *local.Differs
	if errors.As(err, &differs) {
		return cli.Usagef("%s", f.differsHelp(differs))
	}
	return err
}

// plan checks the flags against the game they name and its host, and
// returns the session they ask for.
func (f *localFlags) plan(games []cli.Game, cat *i18n.Catalog) (*localPlan, error) {
	g, err := pickGame(games, f.game)
	if err != nil {
		return nil, err
	}
	t := f.terminal[g.Name()]
	if t == nil {
		return nil, cli.Usagef("--game %s: tablebot local does not play %s yet", g.Name(), g.Name())
	}
	if !f.given["players"] {
		f.players = t.local.Players
	}
	p := &localPlan{game: g, cat: cat}
	var ok bool
	if p.lang, ok = i18n.ParseLang(f.lang); !ok {
		return nil, cli.Usagef("--lang must be en, es or it")
	}
	if p.settings, err = f.settings(games, g, t); err != nil {
		return nil, err
	}
	p.given = local.Given{Players: f.given["players"], Computers: f.given["ai"], Names: f.given["names"], Settings: f.given["seed"]}
	for _, fl := range t.flags {
		p.given.Settings = p.given.Settings || f.given[fl.Name]
	}
	if p.hosted, err = hostGames(games, p.cat, cli.HostOptions{Images: true, Lazy: true, Think: f.think}); err != nil {
		return nil, err
	}
	i := slices.IndexFunc(p.hosted, func(h bot.Game) bool { return h.Kind() == g.Name() })
	if i < 0 {
		return nil, fmt.Errorf("%s hosts no game of its name", g.Name())
	}
	if err := f.seat(p, t.local, p.hosted[i], games); err != nil {
		return nil, err
	}
	return p, nil
}

// seat names the seats of the plan (--players, --names) and their
// computers (--ai).
func (f *localFlags) seat(p *localPlan, lg *cli.Local, played bot.Game, games []cli.Game) error {
	rule := played.Seats()
	if f.players < rule.Min || f.players > rule.Max {
		return cli.Usagef("--players must be %d to %d for %s", rule.Min, rule.Max, played.Kind())
	}
	p.seats = lg.Seats(f.players)
	if f.names != "" {
		if err := localNames(p.seats, f.names, lg.CheckName, localWords(games)); err != nil {
			return err
		}
	}
	var err error
	p.levels, err = localComputers(f.computers, p.seats, played)
	return err
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
func localNames(seats []string, list string, check func(names []string, i int) error, words map[string]bool) error {
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
		if words[key] {
			return cli.Usagef("--names: %q is a command of tablebot local: choose another name", n)
		}
		if check != nil {
			if err := check(names, i); err != nil {
				return err
			}
		}
		taken[key] = i
		seats[i] = n
	}
	return nil
}

// localWords are the words that would make a name read as a command of
// the terminal in English: the host's and the terminal's own, and every
// game's (cli.Local.Words).
func localWords(games []cli.Game) map[string]bool {
	words := map[string]bool{}
	for _, w := range []string{"quit", "exit", "help", "as", "moves", "game", "players", "new", "join", "leave", "start",
		"board", "status", "history", "hint", "undo", "resign", "cancel", "rules", "language", "settings", "mygames"} {
		words[w] = true
	}
	for _, g := range games {
		if lg := g.Local(); lg != nil {
			for _, w := range lg.Words {
				words[w] = true
			}
		}
	}
	return words
}

// differsHelp explains flags that disagree with the game kept in the
// channel, and how to start afresh.
func (f *localFlags) differsHelp(d *local.Differs) string {
	flags := map[string]string{"players": "--players", "computers": "--ai", "names": "--names", "seed": "--seed"}
	for _, t := range f.terminal {
		for _, fl := range t.flags {
			flags[fl.Name] = "--" + fl.Name
		}
	}
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
