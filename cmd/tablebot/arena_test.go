package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/cli"
)

// arenaJSON is the shape of arena --json.
type arenaJSON struct {
	Games   int `json:"games"`
	Results map[string]struct {
		Seats  int `json:"seats"`
		Wins   int `json:"wins"`
		Shared int `json:"shared"`
	} `json:"results"`
}

func TestArenaJSON(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		games     int
		wantSeats map[string]int
	}{
		{"three players", []string{"--players", "3", "--games", "6", "--seats", "easy,random,random", "--seed", "3"}, 6,
			map[string]int{"easy": 1, "random": 2}},
		{"every level", []string{"--players", "4", "--games", "2", "--seats", "hard,easy,medium,random", "--iterations", "8"}, 2,
			map[string]int{"hard": 1, "easy": 1, "medium": 1, "random": 1}},
		{"suggested start", []string{"--games", "4", "--seats", "medium,easy,easy,easy", "--start", "suggested", "--workers", "3"}, 4,
			map[string]int{"medium": 1, "easy": 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := run(t, "", append([]string{"arena", "--json"}, tt.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var got arenaJSON
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("%v in %q", err, stdout)
			}
			if got.Games != tt.games {
				t.Errorf("games = %d, want %d", got.Games, tt.games)
			}
			wins, all := 0, 0
			for level, seats := range tt.wantSeats {
				r, ok := got.Results[level]
				if !ok || r.Seats != seats {
					t.Errorf("%s: %+v, want %d seats", level, r, seats)
				}
				wins += r.Wins
				all += r.Wins + r.Shared
			}
			if len(got.Results) != len(tt.wantSeats) {
				t.Errorf("results for %d levels, want %d", len(got.Results), len(tt.wantSeats))
			}
			// Every game has a winner, alone or shared.
			if wins > tt.games || all < tt.games {
				t.Errorf("%d sole wins and %d wins in all over %d games", wins, all, tt.games)
			}
		})
	}
}

// TestArenaDeterministic checks that the results depend on the seed only,
// not on the number of workers.
func TestArenaDeterministic(t *testing.T) {
	oneGoroutine(t)
	t.Parallel()
	args := []string{"arena", "--json", "--games", "8", "--seats", "easy,medium,random,easy", "--seed", "9"}
	_, one, _ := run(t, "", append(args, "--workers", "1")...)
	_, two, _ := run(t, "", append(args, "--workers", "2")...)
	_, again, _ := run(t, "", append(args, "--workers", "4")...)
	if one == "" || one != two || one != again {
		t.Errorf("results differ:\n%s%s%s", one, two, again)
	}
}

func TestArenaText(t *testing.T) {
	code, stdout, stderr := run(t, "", "arena", "--players", "3", "--games", "3", "--seats", "hard,easy,easy", "--think", "10ms")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"3 players, 3 games", "seats hard,easy,easy rotated", "think 10ms", "win rate", "95% interval", "chance: 33.3%", "hard:"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

// TestArenaProgress: off a terminal, the arena reports its progress on
// stderr, a line a game here (each a tenth of the work or more), with an
// estimate of the time left; by default it plays a game a seat.
func TestArenaProgress(t *testing.T) {
	code, stdout, stderr := run(t, "", "arena", "--json", "--players", "3", "--seats", "easy,random,random")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got arenaJSON
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || got.Games != 3 {
		t.Errorf("default games: %v, %+v; want 3", err, got)
	}
	code, _, stderr = run(t, "", "arena", "--games", "9", "--players", "3", "--seats", "easy,random,random")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if len(lines) != 9 {
		t.Fatalf("%d progress lines, want 9:\n%s", len(lines), stderr)
	}
	// Durations of any length: a loaded machine may take minutes.
	if !regexp.MustCompile(`^arena: 1/9 games, [0-9.hms]+, about [0-9.hms]+ left$`).MatchString(lines[0]) {
		t.Errorf("first line %q", lines[0])
	}
	if !regexp.MustCompile(`^arena: 9/9 games, [0-9.hms]+$`).MatchString(lines[8]) {
		t.Errorf("last line %q", lines[8])
	}
}

func TestArenaUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"players", []string{"--players", "5"}, "--players must be 3 or 4"},
		{"seat count", []string{"--seats", "hard,easy"}, "names 2 levels for 4 players"},
		{"unknown level", []string{"--seats", "hard,expert,easy,easy"}, `unknown level "expert"`},
		{"games", []string{"--games", "-1"}, "--games must be at least 1"},
		{"think", []string{"--think", "-1s"}, "must not be negative"},
		{"start", []string{"--start", "middle"}, "--start must be setup or suggested"},
		{"argument", []string{"extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, "", append([]string{"arena"}, tt.args...)...)
			if code != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, tt.want)
			}
		})
	}
}

// menaraArenaJSON is the shape of arena --game menara --json, the keys a
// tool outside reads.
type menaraArenaJSON struct {
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

func menaraArena(t *testing.T, args ...string) menaraArenaJSON {
	t.Helper()
	code, stdout, stderr := run(t, "", append([]string{"arena", "--game", "menara", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got menaraArenaJSON
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v in %q", err, stdout)
	}
	return got
}

func TestMenaraArenaJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args []string
		want menaraArenaJSON
	}{
		{"random team", []string{"--players", "3", "--difficulty", "easy", "--team", "random", "--games", "12", "--seed", "4"},
			menaraArenaJSON{Game: "menara", Players: 3, Difficulty: "easy", Hands: "shaky", Team: "random", Seed: 4, Games: 12}},
		{"easy team, shaky hands", []string{"--players", "1", "--difficulty", "hard", "--team", "easy", "--games", "3", "--hands", "shaky"},
			menaraArenaJSON{Game: "menara", Players: 1, Difficulty: "hard", Hands: "shaky", Team: "easy", Seed: 1, Games: 3}},
		{"hard team, capped, steady hands", []string{"--players", "2", "--team", "hard", "--games", "2", "--nodes", "300", "--workers", "1", "--hands", "steady"},
			menaraArenaJSON{Game: "menara", Players: 2, Difficulty: "medium", Hands: "steady", Team: "hard", Seed: 1, Games: 2}},
		{"mixed team", []string{"--players", "3", "--team", "medium, easy", "--games", "2", "--nodes", "300"},
			menaraArenaJSON{Game: "menara", Players: 3, Difficulty: "medium", Hands: "shaky", Team: "medium,easy", Seed: 1, Games: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := menaraArena(t, tt.args...)
			w := tt.want
			if got.Game != w.Game || got.Players != w.Players || got.Difficulty != w.Difficulty || got.Hands != w.Hands ||
				got.Team != w.Team || got.Seed != w.Seed || got.Games != w.Games {
				t.Errorf("got %+v, want the settings of %+v", got, w)
			}
			ended, won := 0, 0
			for _, r := range []string{"collapse", "refill", "cards", "floors"} {
				n, ok := got.Ended[r]
				if _, ok2 := got.WonBy[r]; !ok || !ok2 {
					t.Errorf("no %q in ended or won_by", r)
				}
				ended += n
				won += got.WonBy[r]
			}
			if ended != got.Games || won != got.Wins || got.WonBy["collapse"] != 0 {
				t.Errorf("ended %v (won %v) over %d games and %d wins", got.Ended, got.WonBy, got.Games, got.Wins)
			}
			lo, hi := cli.Wilson(got.Wins, got.Games)
			if got.WinRate != float64(got.Wins)/float64(got.Games) || got.Wilson95 != [2]float64{lo, hi} {
				t.Errorf("win rate %v, interval %v", got.WinRate, got.Wilson95)
			}
			checkFailed(t, got)
			if got.StepsPerGame <= 0 || got.MeanRequired < 3 || got.MeanHeight < 0 || got.StepMaxMS < got.StepMeanMS {
				t.Errorf("steps %v, height %v of %v, step times %v and %v", got.StepsPerGame, got.MeanHeight, got.MeanRequired, got.StepMeanMS, got.StepMaxMS)
			}
		})
	}
}

// checkFailed checks the collapse and failed-step rates against the
// counts they come from: no failed step with steady hands.
func checkFailed(t *testing.T, got menaraArenaJSON) {
	t.Helper()
	if got.CollapseRate != float64(got.Ended["collapse"])/float64(got.Games) {
		t.Errorf("collapse rate %v, %d collapses in %d games", got.CollapseRate, got.Ended["collapse"], got.Games)
	}
	if got.BuildSteps <= 0 || got.FailedSteps > got.BuildSteps || got.GamesFailed > got.Games || got.GamesFailed > got.FailedSteps ||
		got.FailedRate != float64(got.FailedSteps)/float64(got.BuildSteps) {
		t.Errorf("failed steps %d of %d (%v) in %d games", got.FailedSteps, got.BuildSteps, got.FailedRate, got.GamesFailed)
	}
	if got.Hands == "steady" && got.FailedSteps != 0 {
		t.Errorf("%d failed steps with steady hands", got.FailedSteps)
	}
}

// noThinkCap is --think for arena runs whose results are compared: far
// longer than any test run, so that the node cap alone ends a step and the
// games are the same however busy the machine. (With the default 2 s, the
// race detector on a loaded machine cut steps short and changed games.)
const noThinkCap = "1000h"

// TestMenaraArenaWorkers checks that the results depend on the seed only,
// not on the number of workers (the timings aside). The short run plays
// fewer games (two under -race), with one worker and with one a game, and
// a node cap that ends most steps.
func TestMenaraArenaWorkers(t *testing.T) {
	t.Parallel()
	games, nodes, workers := "6", "0", []string{"1", "2", "5"}
	switch {
	case testing.Short() && raceEnabled:
		games, nodes, workers = "2", "300", []string{"1", "2"}
	case testing.Short():
		games, nodes, workers = "4", "300", []string{"1", "4"}
	}
	args := []string{"--players", "4", "--team", "medium", "--games", games, "--seed", "11", "--think", noThinkCap, "--nodes", nodes}
	var runs []menaraArenaJSON
	for _, w := range workers {
		got := menaraArena(t, append(args, "--workers", w)...)
		got.StepMeanMS, got.StepMaxMS = 0, 0
		runs = append(runs, got)
	}
	a, _ := json.Marshal(runs[0])
	for _, r := range runs[1:] {
		if b, _ := json.Marshal(r); string(a) != string(b) {
			t.Errorf("results differ:\n%s\n%s", a, b)
		}
	}
}

func TestMenaraArenaText(t *testing.T) {
	code, stdout, stderr := run(t, "", "arena", "--game", "menara", "--players", "2", "--difficulty", "easy", "--team", "random", "--games", "5", "--seed", "3", "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"arena: menara, 2 players, easy, shaky hands, team random, 5 games, seed 3",
		"won ", "95% interval", "mean height reached", "ended: collapse", "bag empty", "cards used", "floors used",
		"collapse rate ", "failed steps ", "building steps", "steps a game", "with 2 workers"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	// Progress goes to standard error: a line at the end at least.
	if !strings.Contains(stderr, "arena: 5/5 games") {
		t.Errorf("no progress on stderr: %q", stderr)
	}
}

func TestMenaraArenaUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"players", []string{"--players", "5"}, "--players must be 1 to 4"},
		{"difficulty", []string{"--difficulty", "extreme"}, "--difficulty must be easy, medium or hard"},
		{"team", []string{"--team", "expert"}, "--team must be random, easy, medium or hard"},
		{"team of levels", []string{"--team", "hard,,easy"}, "--team must be random, easy, medium or hard"},
		{"hands", []string{"--hands", "wobbly"}, "--hands must be steady or shaky"},
		{"games", []string{"--games", "0"}, "--games must be at least 1"},
		{"workers", []string{"--workers", "0"}, "--workers must be at least 1"},
		{"nodes", []string{"--nodes", "-3"}, "must not be negative"},
		{"argument", []string{"extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := run(t, "", append([]string{"arena", "--game", "menara"}, tt.args...)...)
			if code != 2 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, tt.want)
			}
		})
	}
}
