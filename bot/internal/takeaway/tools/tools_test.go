package tools

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"image/png"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/bot/cli/clitest"
)

func TestEntry(t *testing.T) { clitest.Check(t, New()) }

// selfplay runs tablebot selfplay for the game and returns what it wrote.
func selfplay(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	e := cli.Env{Stdout: &out, Stderr: &bytes.Buffer{}, Games: []cli.Game{New()}}
	if err := New().Selfplay(context.Background(), e, args); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestSelfplayReplays plays a random race, the same for the same seed, and
// replays its record to its end.
func TestSelfplayReplays(t *testing.T) {
	rec := selfplay(t, "--players", "3", "--stones", "30", "--seed", "7")
	if again := selfplay(t, "--players", "3", "--stones", "30", "--seed", "7"); again != rec {
		t.Errorf("the same seed played another game:\n%s\n%s", rec, again)
	}
	if other := selfplay(t, "--players", "3", "--stones", "30", "--seed", "8"); other == rec {
		t.Error("another seed played the same game")
	}
	var out bytes.Buffer
	if err := New().Replay(&out, cli.Record{Text: rec, Name: "selfplay"}, false); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "over, won by p") {
		t.Errorf("replay: %q, want a race won", out.String())
	}
}

func TestReplay(t *testing.T) {
	rec := cli.Record{Text: "game takeaway\nplayers p1 p2\nstones 10\nmode race\np1 take 3\n", Name: "r.txt"}
	tests := []struct {
		json bool
		want string
	}{
		{false, "7 left, p2 to take\n"},
		{true, `{"left":7,"turn":1,"over":false,"winner":-1}` + "\n"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		if err := New().Replay(&out, rec, tt.json); err != nil || out.String() != tt.want {
			t.Errorf("Replay(json %v) = %q, %v; want %q", tt.json, out.String(), err, tt.want)
		}
	}
	bad := cli.Record{Text: rec.Text + "p2 take 9\n", Name: "r.txt"}
	if err := New().Replay(&bytes.Buffer{}, bad, false); err == nil || !strings.HasPrefix(err.Error(), "r.txt: ") {
		t.Errorf("an illegal take: %v, want an error naming the record", err)
	}
}

func TestRender(t *testing.T) {
	rec := cli.Record{Text: "game takeaway\nplayers p1 p2\nstones 10\nmode race\np1 take 3\n", Name: "r.txt"}
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	if err := New().Render(context.Background(), w, rec, cli.RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if _, err := png.Decode(&b); err != nil {
		t.Errorf("not a PNG: %v", err)
	}
	err := New().Render(context.Background(), w, rec, cli.RenderOptions{From: "state.json"})
	if !errors.Is(err, cli.ErrUnsupported) {
		t.Errorf("render --from: %v, want unsupported", err)
	}
}

func TestSelfplayRefuses(t *testing.T) {
	for _, args := range [][]string{{"--players", "1"}, {"--stones", "0"}, {"--games", "2"}} {
		e := cli.Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Games: []cli.Game{New()}}
		if err := New().Selfplay(context.Background(), e, args); !errors.Is(err, cli.ErrUsage) {
			t.Errorf("selfplay %v: %v, want a usage error", args, err)
		}
	}
}
