package notation_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

func TestSeatNames(t *testing.T) {
	tests := []struct {
		display, want []string
	}{
		{[]string{"ana", "Bob"}, []string{"ana", "Bob"}},
		{[]string{"Ana María", "Niccolò"}, []string{"Ana-María", "Niccolò"}},
		{[]string{"ana", "ANA", "ana"}, []string{"ana", "ANA2", "ana3"}},
		{[]string{"🎲🎲", "#,#"}, []string{"player1", "player2"}},
		{[]string{"seed", "done", "Game", "Lift"}, []string{"seed2", "done2", "Game2", "Lift2"}},
		{[]string{"Computer (hard)", "Computer (hard)"}, []string{"Computer-hard", "Computer-hard2"}},
		{[]string{"  the.Great_O'Neil  "}, []string{"the.Great_O'Neil"}},
		{[]string{strings.Repeat("x", 40)}, []string{strings.Repeat("x", notation.MaxSeatRunes)}},
		{[]string{strings.Repeat("é", 30)}, []string{strings.Repeat("é", 16)}},
	}
	for _, tt := range tests {
		got := notation.SeatNames(tt.display, nil)
		if !slices.Equal(got, tt.want) {
			t.Errorf("SeatNames(%q) = %q, want %q", tt.display, got, tt.want)
		}
		// Always a valid record: the names set up a game.
		if _, err := menara.NewPosition(menara.Options{Players: got}, 1); err != nil {
			t.Errorf("SeatNames(%q) = %q: %v", tt.display, got, err)
		}
		if again := notation.SeatNames(tt.display, nil); !slices.Equal(again, got) {
			t.Errorf("not deterministic: %q, %q", got, again)
		}
	}
	// The words the caller reserves take a number too.
	quit := func(w string) bool { return strings.EqualFold(w, "quit") }
	if got, want := notation.SeatNames([]string{"Quit", "ana"}, quit), []string{"Quit2", "ana"}; !slices.Equal(got, want) {
		t.Errorf("SeatNames reserving quit = %q, want %q", got, want)
	}
}
