package notation_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

func TestParseRecord(t *testing.T) {
	text := `# a record
game menara
seed 42                 # header lines in any order after game
players ana bob
hands shaky 1.5mm
difficulty HARD

side dark
ana exchange Y for K    # comments anywhere
`
	rec, err := notation.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	o := rec.Options()
	if rec.Seed != 42 || len(o.Players) != 2 || o.Difficulty != menara.Hard || o.Hands != menara.Shaky || o.Side != menara.Dark {
		t.Fatalf("record %+v", rec)
	}
	if len(rec.Steps) != 1 || rec.Lines[0] != 9 || rec.Texts[0] != "ana exchange Y for K    # comments anywhere" {
		t.Fatalf("steps %v lines %v texts %q", rec.Steps, rec.Lines, rec.Texts)
	}
	want := "game menara\nplayers ana bob\ndifficulty hard\nhands shaky 1.5mm\nseed 42\nside dark\nana exchange Y for K\n"
	if got := notation.FormatRecord(rec); got != want {
		t.Errorf("written as\n%s\nwant\n%s", got, want)
	}
	// The minimal header: no game, hands or side line.
	rec, err = notation.ParseRecord(strings.NewReader("players ana\ndifficulty easy\nseed 0\n"))
	if err != nil || rec.Hands != menara.Steady || rec.Side != menara.Light || len(rec.Steps) != 0 {
		t.Fatalf("minimal record: %+v, %v", rec, err)
	}
}

func TestParseRecordErrors(t *testing.T) {
	head := "game menara\nplayers ana bob\ndifficulty easy\nseed 1\n"
	tests := []struct {
		name string
		text string
		line int
		want string
	}{
		{"game not first", "players ana\ngame menara\n", 2, "the game line must come first"},
		{"other game", "game shangrila\n", 1, `record of "menara"`},
		{"no players", "game menara\ndifficulty easy\nseed 1\nana reveal blue\n", 4, "no players line"},
		{"no seed", "game menara\nplayers ana\ndifficulty easy\n", 4, "no seed line"},
		{"five players", "players a b c d e\n", 1, "1 to 4 players"},
		{"players twice", "players ana ANA\n", 1, "named twice"},
		{"reserved name", "players ana seed\n", 1, "records use that word"},
		{"bad difficulty", "difficulty brutal\n", 1, `"brutal" is not a difficulty`},
		{"bad hands", "hands sweaty\n", 1, `"sweaty" is not a hand mode`},
		{"bad seed", "seed -1\n", 1, `"-1" is not a seed`},
		{"seed twice", "seed 1\nseed 2\n", 2, "two seed lines"},
		{"bad side", "side grey\n", 1, `"grey" is not a side`},
		{"header after steps", head + "ana reveal blue\nside dark\n", 6, "must come before the steps"},
		{"bad step after comments", head + "# a comment\n\nana reveal green\n", 7, `"green" is not a pile`},
		{"unknown player", head + "cy reveal blue\n", 5, `"cy" is not a player`},
		{"not utf-8", head + "ana reveal \xff\n", 5, "not UTF-8"},
		{"very long line", head + strings.Repeat("a", 10000) + "\n", 5, "longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := notation.ParseRecord(strings.NewReader(tt.text))
			var le *notation.LineError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, want a line error", err)
			}
			if le.Line != tt.line || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %q (line %d), want line %d containing %q", err, le.Line, tt.line, tt.want)
			}
		})
	}
}

// TestReplayErrors: an illegal step names its line, the line and the
// rules' reason, with the rules' code.
func TestReplayErrors(t *testing.T) {
	head := "game menara\nplayers ana bob\ndifficulty easy\nseed 1\n"
	rec, err := notation.ParseRecord(strings.NewReader(head))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := rec.Replay()
	p := g.Position()
	first, other := p.Player(p.Turn()), p.Player(1-p.Turn())
	tests := []struct {
		name  string
		steps string
		line  int
		code  rules.Code
		want  string
	}{
		{"not your turn", other + " reveal blue\n", 5, rules.NotYourTurn, "It is " + first + "'s turn"},
		{"build before reveal", first + " column Y on A1\n", 5, rules.Illegal, "Reveal a card first"},
		{"done too early", first + " reveal blue\n\n" + first + " done\n", 7, rules.Illegal, "done ends a turn"},
		{"no new floor", first + " reveal red\n" + first + " extend M at 9,9 turn 0\n", 6, rules.Illegal, "no new floor to place"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := notation.ParseRecord(strings.NewReader(head + tt.steps))
			if err != nil {
				t.Fatal(err)
			}
			_, err = rec.Replay()
			var le *notation.LineError
			if !errors.As(err, &le) || le.Line != tt.line || rules.ErrorCode(err) != tt.code || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v (code %s), want line %d, %s, containing %q", err, rules.ErrorCode(err), tt.line, tt.code, tt.want)
			}
			if le != nil && !strings.HasPrefix(le.Error(), "line ") || !strings.Contains(err.Error(), strings.TrimSpace(strings.Split(tt.steps, "\n")[strings.Count(tt.steps, "\n")-1])) {
				t.Errorf("the error %q does not quote the line", err)
			}
		})
	}
}
