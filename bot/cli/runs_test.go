package cli

import (
	"flag"
	"io"
	"strings"
	"testing"
)

func TestRuns(t *testing.T) {
	tests := []struct {
		name    string
		arena   bool
		args    []string
		want    Runs
		wantErr string
	}{
		{"selfplay's defaults", false, nil, Runs{Seed: 1, Games: 1}, ""},
		{"selfplay's flags", false, []string{"--game", "x", "--seed", "7", "--games", "3", "--out", "d"}, Runs{Seed: 7, Games: 3, Out: "d"}, ""},
		{"several games need a directory", false, []string{"--games", "2"}, Runs{Seed: 1, Games: 2}, "more than one game needs --out DIR"},
		{"no games", false, []string{"--games", "0"}, Runs{Seed: 1}, "--games must be at least 1"},
		{"arena's default games", true, nil, Runs{Seed: 1, Games: 5}, ""},
		{"arena's games, no directory", true, []string{"--games", "9"}, Runs{Seed: 1, Games: 9}, ""},
		{"arena, no games", true, []string{"--games", "0"}, Runs{Seed: 1}, "--games must be at least 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := flag.NewFlagSet("t", flag.ContinueOnError)
			e := Env{Stderr: io.Discard}
			var r *Runs
			check := (*Runs).CheckRecords
			if tt.arena {
				r, check = ArenaFlags(fs, e, "x", 5, "number of games"), (*Runs).CheckGames
			} else {
				r = SelfplayFlags(fs, e, "x")
			}
			if err := ParseNoArgs(fs, e, tt.args); err != nil {
				t.Fatal(err)
			}
			if *r != tt.want {
				t.Errorf("got %+v, want %+v", *r, tt.want)
			}
			err := check(r)
			if got := ""; err != nil || tt.wantErr != "" {
				if err != nil {
					got = err.Error()
				}
				if tt.wantErr == "" || !strings.Contains(got, tt.wantErr) {
					t.Errorf("check: %v, want %q", err, tt.wantErr)
				}
			}
		})
	}
}
