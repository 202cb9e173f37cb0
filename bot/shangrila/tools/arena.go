package tools

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"time"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// arenaConfig is what one arena run plays.
type arenaConfig struct {
	seats   []ai.Level // one level a seat, before rotation
	games   int
	seed    uint64
	opts    ai.Options
	start   shangrila.Start
	workers int
}

// arenaGame is the outcome of one arena game.
type arenaGame struct {
	levels  []ai.Level // by seat, after rotation
	winners []int      // winning seats
	moves   int
	// hard is the time the hard seats took over their moves.
	hard cli.Thinking
}

// arenaTally is one level's pooled result.
type arenaTally struct {
	Seats  int `json:"seats"`
	Wins   int `json:"wins"`
	Shared int `json:"shared"`
}

// Arena plays computer players against each other with the seats rotated
// and prints each level's win rate with a 95% confidence interval. Game
// i's seeds derive from --seed and i alone, so the results do not depend
// on the number of workers or on scheduling.
func (game) Arena(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	r := cli.ArenaFlags(fs, e, notation.GameName, 0, "number of games (default: as many as players, so that each level sits in each seat once)")
	players := fs.Int("players", 4, "number of players, 3 or 4")
	seats := fs.String("seats", "", "comma-separated level of each seat: random, easy, medium or hard (default hard then easy)")
	think := fs.Duration("think", 0, "cap on the hard level's time a move (default 2s); the iteration budget scales with it")
	iterations := fs.Int("iterations", 0, "hard level's search iterations a move (default: scaled from --think)")
	asJSON := fs.Bool("json", false, "print the results as one JSON object")
	start := startFlag(fs)
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot arena [--game shangrila] --players N --games G --seats hard,easy,easy,easy [--seed S] [--think DURATION] [--json]")
		fmt.Fprint(fs.Output(), "Games (each with its own flags; see tablebot arena --game NAME -h):\n"+cli.GameList(e.Games))
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	if *players != 3 && *players != 4 {
		return cli.Usagef("--players must be 3 or 4")
	}
	if r.Games == 0 {
		r.Games = *players
	}
	if err := r.CheckGames(); err != nil {
		return err
	}
	if *think < 0 || *iterations < 0 {
		return cli.Usagef("--think and --iterations must not be negative")
	}
	if *workers < 1 {
		return cli.Usagef("--workers must be at least 1")
	}
	cfg := arenaConfig{games: r.Games, seed: r.Seed, workers: *workers,
		opts: ai.Options{Think: *think, Iterations: *iterations}}
	var err error
	if cfg.start, err = start(); err != nil {
		return err
	}
	spec := *seats
	if spec == "" {
		spec = "hard" + strings.Repeat(",easy", *players-1)
	}
	for _, w := range strings.Split(spec, ",") {
		l, ok := ai.ParseLevel(w)
		if !ok {
			return cli.Usagef("unknown level %q in --seats: use random, easy, medium or hard", w)
		}
		cfg.seats = append(cfg.seats, l)
	}
	if len(cfg.seats) != *players {
		return cli.Usagef("--seats names %d levels for %d players", len(cfg.seats), *players)
	}
	began := time.Now()
	prog := cli.NewProgress(e.Stderr, cli.IsTerminal(e.Stderr), "arena", "games", cfg.games)
	results, err := cli.PlayGames(ctx, cfg.workers, cfg.games, func(ctx context.Context, i int) (arenaGame, error) {
		return playArenaGame(ctx, cfg, i)
	}, func(arenaGame) { prog.Done() })
	prog.Finish()
	if err != nil {
		return err
	}
	tallies := tallyArena(cfg.seats, results)
	if *asJSON {
		out := struct {
			Games   int                    `json:"games"`
			Results map[string]*arenaTally `json:"results"`
		}{cfg.games, map[string]*arenaTally{}}
		for l, t := range tallies {
			out.Results[l.String()] = t
		}
		data, err := json.Marshal(out)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.Stdout, "%s\n", data)
		return err
	}
	return writeArena(e, cfg, spec, results, tallies, time.Since(began))
}

// playArenaGame plays game i: the seats' levels rotated by i, every
// player's seed drawn from the arena's seed and i.
func playArenaGame(ctx context.Context, cfg arenaConfig, i int) (arenaGame, error) {
	n := len(cfg.seats)
	start, err := shangrila.NewPosition(shangrila.Colours[:n], cfg.start)
	if err != nil {
		return arenaGame{}, err
	}
	rng := rand.New(rand.NewPCG(cfg.seed, uint64(i)))
	res := arenaGame{levels: make([]ai.Level, n)}
	players := make([]ai.Player, n)
	for s := range n {
		res.levels[s] = cfg.seats[(s+i)%n]
		players[s] = timed{ai.New(res.levels[s], rng.Uint64(), cfg.opts), &res}
	}
	g, err := ai.PlayGame(ctx, start, players)
	if err != nil {
		return res, fmt.Errorf("game %d: %w", i+1, err)
	}
	p := g.Position()
	for _, c := range p.Winners() {
		s, _ := p.Seat(c)
		res.winners = append(res.winners, s)
	}
	res.moves = g.NumMoves()
	return res, nil
}

// timed measures a hard player's thinking time for the arena's report.
// One game runs on one goroutine, so the counters need no lock.
type timed struct {
	ai.Player
	res *arenaGame
}

func (t timed) Move(ctx context.Context, p *shangrila.Position) shangrila.Move {
	if t.Level() != ai.Hard {
		return t.Player.Move(ctx, p)
	}
	began := time.Now()
	m := t.Player.Move(ctx, p)
	t.res.hard.Add(time.Since(began))
	return m
}

// tallyArena pools the results of each level's seats. A seat that wins
// alone counts in wins; one that shares the win counts in shared.
func tallyArena(seats []ai.Level, results []arenaGame) map[ai.Level]*arenaTally {
	out := map[ai.Level]*arenaTally{}
	for _, l := range seats {
		if out[l] == nil {
			out[l] = &arenaTally{}
		}
		out[l].Seats++
	}
	for _, r := range results {
		for _, s := range r.winners {
			if len(r.winners) == 1 {
				out[r.levels[s]].Wins++
			} else {
				out[r.levels[s]].Shared++
			}
		}
	}
	return out
}

// writeArena prints the results as a table.
func writeArena(e cli.Env, cfg arenaConfig, spec string, results []arenaGame, tallies map[ai.Level]*arenaTally, took time.Duration) error {
	n := len(cfg.seats)
	w := e.Stdout
	think := "default"
	if cfg.opts.Think > 0 {
		think = cfg.opts.Think.String()
	}
	fmt.Fprintf(w, "arena: %d players, %d games, seats %s rotated, seed %d, think %s, start %s\n",
		n, cfg.games, spec, cfg.seed, think, cfg.start)
	fmt.Fprintf(w, "%-7s %5s %6s %6s %6s %9s  %s\n", "level", "seats", "trials", "wins", "shared", "win rate", "95% interval")
	for _, l := range ai.Levels {
		t := tallies[l]
		if t == nil {
			continue
		}
		trials := t.Seats * cfg.games
		lo, hi := cli.Wilson(t.Wins, trials)
		fmt.Fprintf(w, "%-7s %5d %6d %6d %6d %8.1f%%  %.1f%%-%.1f%%\n",
			l, t.Seats, trials, t.Wins, t.Shared, 100*float64(t.Wins)/float64(trials), 100*lo, 100*hi)
	}
	fmt.Fprintf(w, "chance: %.1f%% a seat; a shared win is not a win; trials are games times seats\n", 100/float64(n))
	moves := 0
	var hard cli.Thinking
	for _, r := range results {
		moves += r.moves
		hard.Merge(r.hard)
	}
	fmt.Fprintf(w, "%.1f moves a game; took %s with %d workers\n", float64(moves)/float64(len(results)), took.Round(time.Millisecond), cfg.workers)
	if hard.N > 0 {
		fmt.Fprintf(w, "hard: %d moves, %s a move on average, slowest %s\n",
			hard.N, hard.Mean().Round(time.Microsecond), hard.Slowest.Round(time.Microsecond))
	}
	return nil
}
