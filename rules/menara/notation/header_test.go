package notation_test

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// TestHeader: the header lines are the record's lines after its game
// line, as WriteRecord writes them.
func TestHeader(t *testing.T) {
	for _, o := range []menara.Options{
		{Players: []string{"ana", "bob"}, Difficulty: menara.Hard, Hands: menara.Shaky},
		{Players: []string{"ana"}, Side: menara.Dark},
	} {
		rec := notation.NewRecord(o, 42, nil)
		want := strings.TrimSuffix(notation.FormatRecord(rec), "\n")
		if got := "game menara\n" + strings.Join(rec.Header(), "\n"); got != want {
			t.Errorf("Header of %+v:\n%s\nwant\n%s", o, got, want)
		}
	}
}
