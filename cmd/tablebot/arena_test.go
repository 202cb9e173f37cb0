package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
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
