package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

// run runs tablebot in-process with args and stdin and returns its exit
// status, stdout and stderr.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	var in io.Reader = strings.NewReader(stdin)
	code := Run(context.Background(), args, in, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUnknownCommand(t *testing.T) {
	code, _, stderr := run(t, "", "dance")
	if code != 2 || !strings.Contains(stderr, `unknown command "dance"`) || !strings.Contains(stderr, "replay") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	code, stdout, _ := run(t, "", "help")
	if code != 0 || !strings.Contains(stdout, "selfplay") {
		t.Errorf("help: exit %d, stdout %q", code, stdout)
	}
}

// TestParseFlags: flags may come before, between and after the positional
// arguments, which keep their order; after "--" everything is positional,
// even words that start with '-'.
func TestParseFlags(t *testing.T) {
	tests := []struct {
		args    []string
		want    []string
		wantErr bool
	}{
		{[]string{"x", "y"}, []string{"x", "y"}, false},
		{[]string{"-v", "x", "-n", "3", "y"}, []string{"x", "y"}, false},
		{[]string{"x", "--", "-y", "z"}, []string{"x", "-y", "z"}, false},
		{[]string{"--", "-v", "--", "x"}, []string{"-v", "--", "x"}, false},
		{[]string{"x", "-n", "3", "--", "--n", "y"}, []string{"x", "--n", "y"}, false},
		{[]string{"-", "x"}, []string{"-", "x"}, false},
		{[]string{"x", "-nope"}, nil, true},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			fs := flag.NewFlagSet("t", flag.ContinueOnError)
			fs.Bool("v", false, "")
			fs.Int("n", 0, "")
			got, err := parseFlags(fs, env{stderr: io.Discard}, tt.args)
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v", err)
			}
			if !tt.wantErr && !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestHelpListsGames: the usage and the game-aware commands' help name
// every game.
func TestHelpListsGames(t *testing.T) {
	_, stdout, _ := run(t, "", "help")
	for _, g := range games() {
		if !strings.Contains(stdout, g.name) {
			t.Errorf("help does not list %s", g.name)
		}
	}
	for _, cmd := range []string{"replay", "render", "selfplay", "arena", "local"} {
		code, _, stderr := run(t, "", cmd, "-h")
		if code != 0 || !strings.Contains(stderr, "--game") {
			t.Errorf("%s -h: exit %d, %q", cmd, code, stderr)
		}
	}
}
