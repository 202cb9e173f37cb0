package tools

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot/cli"
	"github.com/tablebot/tablebot/bot/cli/clitest"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// TestNew: the game the binary lists holds together with the game it
// hosts.
func TestNew(t *testing.T) {
	clitest.Check(t, New())
}

// randomRecord is the record of a whole game of random steps.
func randomRecord(t *testing.T, players int, seed uint64) string {
	t.Helper()
	rec, err := notation.RandomGame(menara.Options{Players: notation.PlayerNames(players)}, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestPhase: tablebot games says where a stored game stands.
func TestPhase(t *testing.T) {
	over := randomRecord(t, 2, 3)
	var header []string
	for _, l := range strings.Split(over, "\n") {
		if strings.HasPrefix(l, "ana ") {
			break
		}
		header = append(header, l)
	}
	tests := []struct {
		record string
		want   string
	}{
		{strings.Join(header, "\n"), "^height 0 of [0-9]+, ana to play$"},
		{over, "^over, (won|lost) at height [0-9]+ of [0-9]+$"},
		{strings.Join(header, "\n") + "\nzoe reveal blue\n", "^does not replay: record: line [0-9]+"},
	}
	for _, tt := range tests {
		if got := New().Phase(tt.record); !regexp.MustCompile(tt.want).MatchString(got) {
			t.Errorf("Phase(%q) = %q, want %s", tt.record, got, tt.want)
		}
	}
}

// TestReplayFrom: a Menara state cannot be continued, and replay --from
// says why.
func TestReplayFrom(t *testing.T) {
	err := New().ReplayFrom(nil, cli.Record{Text: randomRecord(t, 1, 1), Name: "stdin"}, "state.json", false)
	if !errors.Is(err, cli.ErrUsage) || !strings.Contains(err.Error(), "a state cannot be continued") {
		t.Errorf("ReplayFrom: %v", err)
	}
}

// TestParseNames: render's display names go by player or by seat number.
func TestParseNames(t *testing.T) {
	players := []string{"ana", "bob", "cy"}
	got, err := parseNames("ANA=Ana María,3=Niccolò", players)
	if err != nil || !slices.Equal(got, []string{"Ana María", "", "Niccolò"}) {
		t.Errorf("got %q, %v", got, err)
	}
	if got, err := parseNames("", players); got != nil || err != nil {
		t.Errorf("no names: %q, %v", got, err)
	}
	for _, bad := range []string{"zoe=Zoë", "4=Zoë", "0=Zoë", "ana"} {
		if _, err := parseNames(bad, players); !errors.Is(err, cli.ErrUsage) || !strings.Contains(err.Error(), "the players are ana, bob, cy") {
			t.Errorf("%q: %v, want a usage error", bad, err)
		}
	}
}

// TestHasSteps: render --from takes a record of header lines alone.
func TestHasSteps(t *testing.T) {
	for text, want := range map[string]bool{
		"":                false,
		"# a comment\n\n": false,
		"game menara\nplayers ana\nseed 3\ndifficulty easy\nhands steady\nside light\n": false,
		"game menara\nana reveal blue\n":                                                true,
		"ana reveal blue\n":                                                             true,
	} {
		if got := hasSteps(text); got != want {
			t.Errorf("hasSteps(%q) = %v", text, got)
		}
	}
}

// TestLocal: the terminal's flags are the options of Menara's new, read
// in any case; a flag of another game is refused in Menara's words.
func TestLocal(t *testing.T) {
	l := New().Local()
	for _, f := range cli.OptionFlags(bmenara.New(bmenara.Options{}).NewOptions()) {
		want := map[string][3]string{
			"difficulty": {"medium", "Hard", "hard"}, "hands": {"shaky", "SHAKY", "shaky"}, "side": {"light", "dark", "dark"},
		}[f.Name]
		if got, err := f.Read(want[1]); f.Default != want[0] || got != want[2] || err != nil {
			t.Errorf("--%s: default %q, %q reads %q, %v; want %q and %q", f.Name, f.Default, want[1], got, err, want[0], want[2])
		}
	}
	if got := l.Lacks("start"); got != "a Menara game starts from its seed" {
		t.Errorf("Lacks(start) = %q", got)
	}
	if got := l.Lacks("size"); got != "Menara has none" {
		t.Errorf("Lacks(size) = %q", got)
	}
	if err := l.CheckName([]string{"ana", "seed"}, 1); !errors.Is(err, cli.ErrUsage) || !strings.Contains(err.Error(), `"seed" cannot name a seat`) {
		t.Errorf("a header word as a name: %v", err)
	}
}
