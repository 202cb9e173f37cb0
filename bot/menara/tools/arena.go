package tools

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"time"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// arenaConfig is what one Menara arena run plays: games of a team of
// computer teammates, one level a seat (the levels given, in turn).
type arenaConfig struct {
	opts    menara.Options
	team    []ai.Level
	games   int
	seed    uint64
	ai      ai.Options
	workers int
}

// arenaGame is the outcome of one arena game.
type arenaGame struct {
	won              bool
	reason           menara.EndReason
	height, required int
	steps            int
	// builds counts the steps that changed the temple or tried to
	// (columns, moves, floors, extensions, lifts); failed those of them
	// that failed with shaky hands.
	builds, failed int
	// thought is the time the computers took over their steps.
	thought cli.Thinking
}

// Arena is the arena of Menara: a team of computer teammates (one level,
// or a level a seat: --team hard,easy) plays --games games and the
// command prints the team's win rate with its 95% Wilson interval, the
// mean height reached, why the games ended (the collapse rate among them)
// and how many building steps failed with shaky hands. Game i's seeds
// derive from --seed and i alone, so the results do not depend on the
// number of workers or on scheduling.
func (game) Arena(ctx context.Context, e cli.Env, args []string) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	r := cli.ArenaFlags(fs, e, gameName, 100, "number of games")
	players := fs.Int("players", 2, "number of players, 1 to 4")
	setup := setupFlags(fs)
	team := fs.String("team", "hard", "the computer teammates' level (random, easy, medium or hard), or one a seat in turn: hard,easy")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once (the results do not depend on it)")
	think := fs.Duration("think", 0, "cap on a computer's time a step (default 2s)")
	nodes := fs.Int("nodes", 0, "cap on the positions a computer looks at a step (default "+fmt.Sprint(ai.DefaultNodes)+")")
	asJSON := fs.Bool("json", false, "print the results as one JSON object")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: tablebot arena --game menara --players N --difficulty D --team LEVEL --games G --seed S [--hands H] [--workers W] [--json]")
		fs.PrintDefaults()
	}
	if err := cli.ParseNoArgs(fs, e, args); err != nil {
		return err
	}
	cfg := arenaConfig{games: r.Games, seed: r.Seed, workers: *workers, ai: ai.Options{Think: *think, Nodes: *nodes}}
	cfg.opts.Players = notation.PlayerNames(*players)
	if cfg.opts.Players == nil {
		return cli.Usagef("--players must be 1 to 4")
	}
	if err := setup(&cfg.opts); err != nil {
		return err
	}
	var ok bool
	if cfg.team, ok = parseTeam(*team); !ok {
		return cli.Usagef("--team must be random, easy, medium or hard, or such levels separated by commas (one a seat, in turn)")
	}
	if err := r.CheckGames(); err != nil {
		return err
	}
	switch {
	case *workers < 1:
		return cli.Usagef("--workers must be at least 1")
	case *think < 0 || *nodes < 0:
		return cli.Usagef("--think and --nodes must not be negative")
	}
	began := time.Now()
	prog := cli.NewProgress(e.Stderr, cli.IsTerminal(e.Stderr), "arena", "games", cfg.games)
	played, won := 0, 0
	results, err := cli.PlayGames(ctx, cfg.workers, cfg.games, func(ctx context.Context, i int) (arenaGame, error) {
		return playArenaGame(ctx, cfg, i)
	}, func(g arenaGame) {
		played++
		if g.won {
			won++
		}
		prog.DoneNote(fmt.Sprintf("%.0f%% won so far", 100*float64(won)/float64(played)))
	})
	prog.Finish()
	if err != nil {
		return err
	}
	sum := summarizeArena(cfg, results)
	if *asJSON {
		data, err := json.Marshal(sum)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.Stdout, "%s\n", data)
		return err
	}
	return writeArena(e.Stdout, cfg, sum, time.Since(began))
}

// playArenaGame plays game i: its seed and every teammate's seed
// drawn from the arena's seed and i.
func playArenaGame(ctx context.Context, cfg arenaConfig, i int) (arenaGame, error) {
	rng := rand.New(rand.NewPCG(cfg.seed, uint64(i)))
	// 53 bits, like selfplay, so that the seed survives JSON readers.
	start, err := menara.NewPosition(cfg.opts, rng.Uint64()>>11)
	if err != nil {
		return arenaGame{}, err
	}
	var res arenaGame
	team := make([]ai.Player, len(cfg.opts.Players))
	for s := range team {
		team[s] = timedTeammate{ai.New(cfg.team[s%len(cfg.team)], rng.Uint64(), cfg.ai), &res}
	}
	g, err := ai.PlayGame(ctx, start, team)
	if err != nil {
		return res, fmt.Errorf("game %d: %w", i+1, err)
	}
	if res.builds, res.failed, err = countFailed(start, g.Steps()); err != nil {
		return res, fmt.Errorf("game %d: %w", i+1, err)
	}
	p := g.Position()
	o := p.Outcome()
	res.won, res.reason = o.Won, o.Reason
	res.height, res.required = p.Height(), p.Required()
	res.steps = g.NumSteps()
	return res, nil
}

// parseTeam reads --team: one level, or levels separated by commas that
// take the seats in turn (hard,easy: seats 1 and 3 hard, 2 and 4 easy).
func parseTeam(s string) ([]ai.Level, bool) {
	var team []ai.Level
	for _, w := range strings.Split(s, ",") {
		l, ok := ai.ParseLevel(strings.TrimSpace(w))
		if !ok {
			return nil, false
		}
		team = append(team, l)
	}
	return team, true
}

// teamName writes a team as --team reads it.
func teamName(team []ai.Level) string {
	words := make([]string, len(team))
	for i, l := range team {
		words[i] = l.String()
	}
	return strings.Join(words, ",")
}

// countFailed replays a game's steps and counts its building steps and
// those that failed with shaky hands (a replay rolls as the game did).
func countFailed(start menara.Position, steps []menara.Step) (builds, failed int, err error) {
	g := menara.GameFrom(start)
	for _, s := range steps {
		e, err := g.Play(s)
		if err != nil {
			return 0, 0, err
		}
		switch s.Kind {
		case menara.PlaceColumn, menara.MoveColumn, menara.PlaceFloor, menara.Extend, menara.Lift:
			builds++
		}
		if e.Failed {
			failed++
		}
	}
	return builds, failed, nil
}

// timedTeammate measures a computer's thinking for the arena's report.
// One game runs on one goroutine, so the counters need no lock.
type timedTeammate struct {
	ai.Player
	res *arenaGame
}

func (t timedTeammate) Step(ctx context.Context, p *menara.Position) menara.Step {
	began := time.Now()
	s := t.Player.Step(ctx, p)
	t.res.thought.Add(time.Since(began))
	return s
}

// arenaSummary is the arena's result, as printed by --json.
type arenaSummary struct {
	Game         string         `json:"game"`
	Players      int            `json:"players"`
	Difficulty   string         `json:"difficulty"`
	Hands        string         `json:"hands"`
	Team         string         `json:"team"`
	Seed         uint64         `json:"seed"`
	Games        int            `json:"games"`
	Wins         int            `json:"wins"`
	WinRate      float64        `json:"win_rate"`
	Wilson95     [2]float64     `json:"wilson95"`
	MeanHeight   float64        `json:"mean_height"`
	MeanRequired float64        `json:"mean_required"`
	Ended        map[string]int `json:"ended"`
	WonBy        map[string]int `json:"won_by"`
	CollapseRate float64        `json:"collapse_rate"`
	BuildSteps   int            `json:"build_steps"`
	FailedSteps  int            `json:"failed_steps"`
	FailedRate   float64        `json:"failed_step_rate"`
	GamesFailed  int            `json:"games_with_failed_step"`
	StepsPerGame float64        `json:"steps_per_game"`
	StepMeanMS   float64        `json:"step_mean_ms"`
	StepMaxMS    float64        `json:"step_max_ms"`
}

func summarizeArena(cfg arenaConfig, results []arenaGame) arenaSummary {
	s := arenaSummary{
		Game: gameName, Players: len(cfg.opts.Players), Difficulty: cfg.opts.Difficulty.String(),
		Hands: cfg.opts.Hands.String(), Team: teamName(cfg.team), Seed: cfg.seed, Games: len(results),
		Ended: map[string]int{}, WonBy: map[string]int{},
	}
	for r := menara.Collapse; r <= menara.FloorsUsed; r++ {
		s.Ended[r.String()] = 0
		s.WonBy[r.String()] = 0
	}
	var heights, required, steps int
	var thought cli.Thinking
	for _, r := range results {
		if r.won {
			s.Wins++
			s.WonBy[r.reason.String()]++
		}
		s.Ended[r.reason.String()]++
		heights += r.height
		required += r.required
		steps += r.steps
		s.BuildSteps += r.builds
		s.FailedSteps += r.failed
		if r.failed > 0 {
			s.GamesFailed++
		}
		thought.Merge(r.thought)
	}
	n := float64(len(results))
	s.WinRate = float64(s.Wins) / n
	lo, hi := cli.Wilson(s.Wins, len(results))
	s.Wilson95 = [2]float64{lo, hi}
	s.MeanHeight, s.MeanRequired = float64(heights)/n, float64(required)/n
	s.CollapseRate = float64(s.Ended[menara.Collapse.String()]) / n
	if s.BuildSteps > 0 {
		s.FailedRate = float64(s.FailedSteps) / float64(s.BuildSteps)
	}
	s.StepsPerGame = float64(steps) / n
	s.StepMeanMS = float64(thought.Mean()) / float64(time.Millisecond)
	s.StepMaxMS = float64(thought.Slowest) / float64(time.Millisecond)
	return s
}

// writeArena prints the results for people.
func writeArena(w io.Writer, cfg arenaConfig, s arenaSummary, took time.Duration) error {
	fmt.Fprintf(w, "arena: menara, %d %s, %s, %s hands, team %s, %d games, seed %d\n",
		s.Players, cli.Plural(s.Players, "player", "players"), s.Difficulty, s.Hands, s.Team, s.Games, s.Seed)
	fmt.Fprintf(w, "won %d of %d: %.1f%% (95%% interval %.1f%%-%.1f%%)\n",
		s.Wins, s.Games, 100*s.WinRate, 100*s.Wilson95[0], 100*s.Wilson95[1])
	fmt.Fprintf(w, "mean height reached %.2f; mean levels required at the end %.2f\n", s.MeanHeight, s.MeanRequired)
	var ended []string
	for r := menara.Collapse; r <= menara.FloorsUsed; r++ {
		ended = append(ended, fmt.Sprintf("%s %d (won %d)", endWords[r], s.Ended[r.String()], s.WonBy[r.String()]))
	}
	fmt.Fprintf(w, "ended: %s\n", strings.Join(ended, ", "))
	fmt.Fprintf(w, "collapse rate %.1f%%; failed steps %d of %d building steps (%.1f%%), in %d of %d games\n",
		100*s.CollapseRate, s.FailedSteps, s.BuildSteps, 100*s.FailedRate, s.GamesFailed, s.Games)
	fmt.Fprintf(w, "%.1f steps a game; %s a step on average, slowest %s; took %s with %d %s\n",
		s.StepsPerGame, msDuration(s.StepMeanMS), msDuration(s.StepMaxMS), took.Round(time.Millisecond),
		cfg.workers, cli.Plural(cfg.workers, "worker", "workers"))
	return nil
}

// endWords names the end reasons in the arena's report.
var endWords = map[menara.EndReason]string{
	menara.Collapse:   "collapse",
	menara.Refill:     "bag empty",
	menara.CardsUsed:  "cards used",
	menara.FloorsUsed: "floors used",
}

func msDuration(ms float64) string {
	return time.Duration(ms * float64(time.Millisecond)).Round(10 * time.Microsecond).String()
}
