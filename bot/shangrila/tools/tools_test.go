package tools

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/bot/cli/clitest"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// TestNew: the game the binary lists holds together with the game it
// hosts.
func TestNew(t *testing.T) {
	clitest.Check(t, New())
}

// randomRecord is the record of a whole game of random moves.
func randomRecord(t *testing.T, players int, seed uint64) string {
	t.Helper()
	seats := shangrila.Colours[:players]
	moves, err := randomGame(seats, shangrila.StartSetup, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	return notation.FormatRecord(seats, shangrila.StartSetup, moves)
}

// TestPhase: tablebot games says where a stored game stands.
func TestPhase(t *testing.T) {
	over := randomRecord(t, 3, 2)
	lines := strings.Split(strings.TrimSpace(over), "\n")
	tests := []struct {
		record string
		want   string
	}{
		{"game shangrila\n", "^no players yet$"},
		{"game shangrila\nplayers red blue yellow\n", "^setup, red to move$"},
		{strings.Join(lines[:len(lines)-1], "\n"), "^(setup|play), (red|blue|yellow) to move$"},
		{over, "^over, won by [a-z]+( and [a-z]+)*$"},
		{"game shangrila\nplayers red blue yellow\nred dance\n", "^unreadable record: "},
		{"game shangrila\nplayers red blue yellow\nblue setup A priest\n", "^does not replay: "},
	}
	for _, tt := range tests {
		if got := New().Phase(tt.record); !regexp.MustCompile(tt.want).MatchString(got) {
			t.Errorf("Phase(%q) = %q, want %s", tt.record, got, tt.want)
		}
	}
}

// TestReplayFromAgrees: a record replayed from the state after its first
// moves ends where the whole record does.
func TestReplayFromAgrees(t *testing.T) {
	record := randomRecord(t, 4, 5)
	lines := strings.Split(strings.TrimSpace(record), "\n")
	head, tail := strings.Join(lines[:12], "\n")+"\n", strings.Join(lines[12:], "\n")+"\n"
	var whole, state, rest bytes.Buffer
	g := New()
	if err := g.Replay(&whole, cli.Record{Text: record, Name: "whole"}, true); err != nil {
		t.Fatal(err)
	}
	if err := g.Replay(&state, cli.Record{Text: head, Name: "head"}, true); err != nil {
		t.Fatal(err)
	}
	from := t.TempDir() + "/state.json"
	if err := os.WriteFile(from, state.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := g.ReplayFrom(&rest, cli.Record{Text: tail, Name: "tail"}, from, true); err != nil {
		t.Fatal(err)
	}
	if whole.String() != rest.String() {
		t.Errorf("from the state:\n%s\nwhole:\n%s", rest.String(), whole.String())
	}
}

func TestParseRenderNames(t *testing.T) {
	got, err := parseRenderNames("red=Ana María, Blue=Niccolò")
	if err != nil || !maps.Equal(got, map[shangrila.Colour]string{shangrila.Red: "Ana María", shangrila.Blue: "Niccolò"}) {
		t.Errorf("got %v, %v", got, err)
	}
	if got, err := parseRenderNames(""); got != nil || err != nil {
		t.Errorf("no names: %v, %v", got, err)
	}
	for _, bad := range []string{"green=Bob", "red", "red=Ana,,blue=Bo"} {
		if _, err := parseRenderNames(bad); !errors.Is(err, cli.ErrUsage) {
			t.Errorf("%q: %v, want a usage error", bad, err)
		}
	}
}

// TestLocal: the terminal's seats are the colours, which no other seat
// may take as a name, and --start sets how the game starts.
func TestLocal(t *testing.T) {
	l := New().Local()
	if got := l.Seats(3); strings.Join(got, ",") != "red,blue,yellow" {
		t.Errorf("seats %q", got)
	}
	if err := l.CheckName([]string{"ana", "red", "cy"}, 1); !errors.Is(err, cli.ErrUsage) ||
		!strings.Contains(err.Error(), `"red" is the colour of seat 1: call seat 2 something else`) {
		t.Errorf("a colour as another seat's name: %v", err)
	}
	if err := l.CheckName([]string{"red", "bob", "cy"}, 0); err != nil {
		t.Errorf("a seat called by its own colour: %v", err)
	}
	if got := l.Lacks("difficulty"); got != "The Bridges of Shangri-La has none" {
		t.Errorf("Lacks = %q", got)
	}
}
