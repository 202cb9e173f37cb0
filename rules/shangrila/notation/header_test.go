package notation_test

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// TestHeader: the header lines are the record's lines after its game
// line, as WriteRecord writes them.
func TestHeader(t *testing.T) {
	for _, start := range []shangrila.Start{shangrila.StartSetup, shangrila.StartSuggested} {
		players := shangrila.Colours[:3]
		want := strings.TrimSuffix(notation.FormatRecord(players, start, nil), "\n")
		if got := "game shangrila\n" + strings.Join(notation.Header(players, start), "\n"); got != want {
			t.Errorf("Header(%v, %v):\n%s\nwant\n%s", players, start, got, want)
		}
	}
}
