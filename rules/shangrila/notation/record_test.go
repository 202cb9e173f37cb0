package notation_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

func TestParseRecord(t *testing.T) {
	text := `# a short game
game shangrila
players red blue yellow   # seat order

red setup A rainmaker
BLUE SETUP a P            # letters, any case
yellow setup b yeti
`
	rec, err := notation.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if got := len(rec.Players); got != 3 || rec.PlayersLine != 3 {
		t.Fatalf("players %v line %d", rec.Players, rec.PlayersLine)
	}
	if want := []int{5, 6, 7}; len(rec.Lines) != 3 || rec.Lines[0] != want[0] || rec.Lines[2] != want[2] {
		t.Errorf("lines %v, want %v", rec.Lines, want)
	}
	g, err := rec.Replay(nil)
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if p.Space(shangrila.VillageA, shangrila.Priest).Master() != shangrila.Blue || p.Turn() != shangrila.Red {
		t.Errorf("unexpected position after the record")
	}
}

func TestParseRecordErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		line int
		want string
	}{
		{"game not first", "players red blue yellow\ngame shangrila\n", 2, "the game line must come first"},
		{"other game", "game chess\n", 1, `record of "shangrila"`},
		{"too few players", "game shangrila\nplayers red blue\n", 2, "3 or 4 players"},
		{"unknown colour", "game shangrila\nplayers red blue green\n", 2, `"green" is not a colour`},
		{"players twice", "game shangrila\nplayers red blue red\n", 2, "named twice"},
		{"players after moves", "game shangrila\nplayers red blue yellow\nred setup A R\nplayers red blue yellow\n", 4, "must come before"},
		{"bad start", "game shangrila\nplayers red blue yellow\nstart quickly\n", 3, "start suggested"},
		{"bad move after comments", "game shangrila\n# one\n\nplayers red blue yellow\nred setup Q R\n", 5, `"Q" is not a village`},
		{"not utf-8", "game shangrila\nplayers red blue yellow\nred setup A \xff\n", 3, "not UTF-8"},
		{"very long line", "game shangrila\n" + strings.Repeat("a", 10000) + "\n", 2, "longer than"},
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

func TestReplayErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		line int
		code rules.Code
		want string
	}{
		{"wrong turn", "game shangrila\nplayers red blue yellow\nblue setup A R\n", 3, rules.NotYourTurn, "It is Red's turn, not Blue's"},
		{"illegal placement", "game shangrila\nplayers red blue yellow\n\nred setup A R\nblue setup A R\n", 5, rules.Illegal, "taken by Red"},
		{"suggested start skips setup", "game shangrila\nplayers red blue yellow\nstart suggested\nred setup E R\n", 4, rules.Illegal, "setup phase is over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := notation.ParseRecord(strings.NewReader(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			_, err = rec.Replay(nil)
			var le *notation.LineError
			if !errors.As(err, &le) || le.Line != tt.line || rules.ErrorCode(err) != tt.code || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want line %d %s containing %q", err, tt.line, tt.code, tt.want)
			}
		})
	}
	// A record without players needs a starting position.
	rec, err := notation.ParseRecord(strings.NewReader("red place A R\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Replay(nil); err == nil || !strings.Contains(err.Error(), "names no players") {
		t.Errorf("got %v, want a missing players error", err)
	}
}

// TestExampleRecord replays the example record in testdata: a complete
// 3-player game from the setup phase.
func TestExampleRecord(t *testing.T) {
	f, err := os.Open("testdata/three-players.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := notation.ParseRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rec.Replay(nil)
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if p.Phase() != shangrila.Over || len(p.Winners()) == 0 {
		t.Errorf("the example game must end: phase %s", p.Phase())
	}
}

// FuzzParseRecord: any input either parses and replays or gives an error;
// it never panics, and a parsed record written out parses the same.
func FuzzParseRecord(f *testing.F) {
	f.Add("game shangrila\nplayers red blue yellow\nred setup A rainmaker\n")
	f.Add("game shangrila\nplayers red blue yellow violet\nstart suggested\nred recruit A healer B priest\nblue journey A B\n")
	f.Add("red place D healer # comment\n\nblue pass\n")
	f.Add("players violet yellow red\nviolet setup m yeti\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := notation.ParseRecord(strings.NewReader(text))
		if err != nil {
			var le *notation.LineError
			if !errors.As(err, &le) {
				t.Fatalf("error %v is not a line error", err)
			}
			return
		}
		if rec.Players == nil {
			return
		}
		g, err := rec.Replay(nil)
		if err != nil {
			return
		}
		out := notation.FormatRecord(rec.Players, rec.Start, g.Moves())
		again, err := notation.ParseRecord(strings.NewReader(out))
		if err != nil {
			t.Fatalf("a written record does not parse: %v\n%s", err, out)
		}
		g2, err := again.Replay(nil)
		if err != nil || g2.Position() != g.Position() {
			t.Fatalf("a written record replays elsewhere: %v", err)
		}
	})
}
