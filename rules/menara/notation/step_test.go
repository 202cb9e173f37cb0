package notation_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

var two = []string{"ana", "bob"}

func TestParseStep(t *testing.T) {
	k2, _ := menara.ParseBase("K2")
	k4, _ := menara.ParseBase("K4")
	l1, _ := menara.ParseBase("L1")
	m3, _ := menara.ParseBase("M3")
	on := menara.NewBaseSet(k2, k4, l1)
	tests := []struct {
		line string
		want menara.Step
		text string // as written back; "" means the line itself
	}{
		{"ana exchange YY for RB", menara.ExchangeStep(0, menara.Columns{2}, menara.Columns{0, 1, 0, 0, 1}), ""},
		{"bob exchange kw for y", menara.ExchangeStep(1, menara.Columns{0, 0, 1, 1}, menara.Columns{1}), "bob exchange KW for Y"},
		{"ana reveal yellow", menara.RevealStep(0, menara.YellowPile), ""},
		{"ANA Reveal RED", menara.RevealStep(0, menara.RedPile), "ana reveal red"},
		{"ana column R on K2", menara.ColumnStep(0, menara.Red, k2), ""},
		{"ana column black on k2", menara.ColumnStep(0, menara.Black, k2), "ana column K on K2"},
		{"bob move K2 to M3", menara.MoveStep(1, k2, m3), ""},
		{"ana floor M on K2 K4 L1 turn 2 dark", menara.FloorStepOver(0, 12, on, 2, menara.Dark), ""},
		{"ana floor M on L1 K4 K2 turn 2", menara.FloorStepOver(0, 12, on, 2, menara.NoSide), "ana floor M on K2 K4 L1 turn 2"},
		{"ana floor M on K2 K4 L1 at 3,-1 turn 2 dark", menara.FloorStep(0, 12, on, 2, menara.Dark, menara.Hex{Q: 3, R: -1}), ""},
		{"ana floor M on K2 K4 L1 light turn 0 at -3,1", menara.FloorStep(0, 12, on, 0, menara.Light, menara.Hex{Q: -3, R: 1}), "ana floor M on K2 K4 L1 at -3,1 turn 0 light"},
		{"ana extend N at 5,-3 turn 1", menara.ExtendStep(0, 13, menara.Hex{Q: 5, R: -3}, 1, menara.NoSide), ""},
		{"ana extend N turn 1 at 5,-3 light", menara.ExtendStep(0, 13, menara.Hex{Q: 5, R: -3}, 1, menara.Light), "ana extend N at 5,-3 turn 1 light"},
		{"ana lift M to K2 K4 L1 turn 0", menara.LiftStepOver(0, 12, on, 0), ""},
		{"ana lift M to K2 K4 L1 at 0,2 turn 0", menara.LiftStep(0, 12, on, 0, menara.Hex{Q: 0, R: 2}), ""},
		{"ana give up", menara.GiveUpStep(0, false), ""},
		{"bob give up renew", menara.GiveUpStep(1, true), ""},
		{"ana done", menara.DoneStep(0, false), ""},
		{"ana done renew", menara.DoneStep(0, true), ""},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, err := notation.ParseStep(two, tt.line)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			want := tt.text
			if want == "" {
				want = tt.line
			}
			if s := notation.FormatStep(two, got); s != want {
				t.Errorf("written back as %q, want %q", s, want)
			}
		})
	}
}

func TestParseStepErrors(t *testing.T) {
	tests := []struct{ line, want string }{
		{"cy reveal blue", `"cy" is not a player`},
		{"ana", "a step needs a word"},
		{"ana build K2", `"build" is not a step`},
		{"ana exchange YY RB", "write exchange YY for RB"},
		{"ana exchange YQ for RB", "columns are written by letters"},
		{"ana reveal green", `"green" is not a pile`},
		{"ana column G on K2", `"G" is not a colour`},
		{"ana column R K2", "write column R on K2"},
		{"ana column R on Z2", `"Z2" is not a base`},
		{"ana column R on K9", `"K9" is not a base`},
		{"ana column R on K2 now", `"now" is more than a column step takes`},
		{"ana move K2 M3", "write move K2 to M3"},
		{"ana floor M on turn 2", "name the columns the floor rests on"},
		{"ana floor M on K2 K2 L1 turn 2", "K2 is named twice"},
		{"ana floor M on K2 K4 L1", "say how the floor turns"},
		{"ana floor M on K2 K4 L1 turn 6", `"6" is not a turn`},
		{"ana floor M on K2 K4 L1 turn 1 at 3", `"3" is not a cell`},
		{"ana floor M on K2 K4 L1 turn 1 grey", `"grey" does not belong here`},
		{"ana floor Z on K2 K4 L1 turn 1", `"Z" is not a floor`},
		{"ana lift M to K2 K4 L1 turn 1 dark", "a moved floor keeps its side"},
		{"ana extend N turn 1", "say where the floor goes"},
		{"ana give", "write give up"},
		{"ana give up now", `"now" is more than a give step takes`},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			_, err := notation.ParseStep(two, tt.line)
			var re *rules.Error
			if !errors.As(err, &re) || re.Code != rules.Invalid || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an invalid error containing %q", err, tt.want)
			}
		})
	}
}

func TestPlayerNames(t *testing.T) {
	for n := 1; n <= 4; n++ {
		names := notation.PlayerNames(n)
		if _, err := menara.NewPosition(menara.Options{Players: names}, 1); err != nil || len(names) != n {
			t.Errorf("PlayerNames(%d) = %v: %v", n, names, err)
		}
	}
	if notation.PlayerNames(0) != nil || notation.PlayerNames(5) != nil {
		t.Errorf("names for 0 or 5 players")
	}
}
