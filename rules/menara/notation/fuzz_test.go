package notation_test

import (
	"os"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara/notation"
)

// FuzzParseRecord reads arbitrary text as a record: the parser must never
// panic, must report a line error for what it rejects, and what it accepts
// must write back to a record that reads the same. Accepted records are
// replayed: a replay may fail, but only with a line error.
func FuzzParseRecord(f *testing.F) {
	if data, err := os.ReadFile(recordFile); err == nil {
		f.Add(string(data))
	}
	head := "game menara\nplayers ana bob\ndifficulty easy\nseed 1\n"
	for _, s := range []string{
		head,
		head + "ana exchange YY for RB\nbob reveal yellow\n",
		head + "ana floor M on K2 K4 L1 at 3,-1 turn 2 dark\nana extend N at 5,-3 turn 1\n",
		head + "ana lift M to F1 G2 G4 turn 0\nbob give up renew\nana done\n",
		"players a\ndifficulty hard\nseed 18446744073709551615\nside dark\nhands shaky\na reveal red\n",
		"players a\ndifficulty easy\nhands shaky 1.5mm\nseed 1\na reveal blue\n",
		"# only a comment\n",
		"game menara\nplayers ana\n\xff\n",
		head + "ana move K2 to M3 # comment\r\nbob column k on A1\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := notation.ParseRecord(strings.NewReader(text))
		if err != nil {
			if _, ok := err.(*notation.LineError); !ok {
				t.Fatalf("not a line error: %v", err)
			}
			return
		}
		out := notation.FormatRecord(rec)
		again, err := notation.ParseRecord(strings.NewReader(out))
		if err != nil {
			t.Fatalf("a written record does not read: %v\n%s", err, out)
		}
		if notation.FormatRecord(again) != out || len(again.Steps) != len(rec.Steps) {
			t.Fatalf("the record changes when written and read again")
		}
		for i := range rec.Steps {
			if again.Steps[i] != rec.Steps[i] {
				t.Fatalf("step %d reads back as %s, not %s", i, again.Steps[i], rec.Steps[i])
			}
		}
		if len(rec.Steps) < 200 {
			if _, err := rec.Replay(); err != nil {
				if _, ok := err.(*notation.LineError); !ok {
					t.Fatalf("replay error not a line error: %v", err)
				}
			}
		}
	})
}
