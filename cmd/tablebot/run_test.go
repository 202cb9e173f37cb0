package main

import (
	"bytes"
	"context"
	"io"
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

// TestHelpListsGames: the usage and the game-aware commands' help name
// every game.
func TestHelpListsGames(t *testing.T) {
	_, stdout, _ := run(t, "", "help")
	for _, g := range games() {
		if !strings.Contains(stdout, g.Name()) {
			t.Errorf("help does not list %s", g.Name())
		}
	}
	for _, cmd := range []string{"replay", "render", "selfplay", "arena", "local"} {
		code, _, stderr := run(t, "", cmd, "-h")
		if code != 0 || !strings.Contains(stderr, "--game") {
			t.Errorf("%s -h: exit %d, %q", cmd, code, stderr)
		}
	}
}

// oneGoroutine skips a test in the race detector's short run when its
// subject is one goroutine's work (drawing boards and films, a game's
// determinism, the source's imports): the detector slows drawing tenfold
// and has nothing to find there, and the first run (go test ./...) runs
// the test in full. The tests of serving, of the host's workers and of the
// store still run under the detector.
func oneGoroutine(t *testing.T) {
	t.Helper()
	if raceEnabled && testing.Short() {
		t.Skip("one goroutine's work: run in full by go test ./... without the race detector")
	}
}
