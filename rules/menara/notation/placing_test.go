package notation_test

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// TestParsePlacing: a floor step reads with or without its floor's
// letter, as the whole step's line would.
func TestParsePlacing(t *testing.T) {
	m, _ := menara.ParseFloor("M")
	tests := []struct {
		kind  menara.Kind
		words string
		want  string // the step's line; "" when the words are refused
	}{
		{menara.PlaceFloor, "on K2 K4 L1 turn 2 dark", "floor M on K2 K4 L1 turn 2 dark"},
		{menara.PlaceFloor, "M on K2 K4 L1 at 3,-1 turn 2", "floor M on K2 K4 L1 at 3,-1 turn 2"},
		{menara.PlaceFloor, "", ""},
		{menara.Extend, "at 5,-3 turn 1", "extend M at 5,-3 turn 1"},
		{menara.Extend, "M at 5,-3 turn 1 dark", "extend M at 5,-3 turn 1 dark"},
		{menara.Lift, "to F1 G2 G4 turn 0", "lift M to F1 G2 G4 turn 0"},
		{menara.Lift, "m to F1 G2 G4 turn 0", "lift M to F1 G2 G4 turn 0"},
		{menara.Lift, "N to F1 G2 G4 turn 0", ""},
	}
	for _, tt := range tests {
		t.Run(tt.words, func(t *testing.T) {
			s, err := notation.ParsePlacing(1, tt.kind, m, strings.Fields(tt.words))
			got := ""
			if err == nil {
				got = s.String()
			}
			if got != tt.want || err == nil && s.Seat != 1 {
				t.Errorf("ParsePlacing(%v, %q) = %q (seat %d), %v; want %q", tt.kind, tt.words, got, s.Seat, err, tt.want)
			}
		})
	}
}
