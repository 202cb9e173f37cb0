package menara

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

// TestNewGameHands checks the hands a new game gets: shaky unless new
// names them (issue 26: the margin is a decision by default), steady
// still selectable, and the header and settings saying which, so that a
// stored game replays with the hands it was played with.
func TestNewGameHands(t *testing.T) {
	g := New(Options{})
	tests := []struct {
		name    string
		options map[string]string
		want    mr.Hands
	}{
		{"default", map[string]string{}, mr.Shaky},
		{"blank", map[string]string{settingHands: "  "}, mr.Shaky},
		{"steady", map[string]string{settingHands: "steady"}, mr.Steady},
		{"shaky", map[string]string{settingHands: "Shaky"}, mr.Shaky},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			settings, err := bot.Configure(g, tt.options, 2)
			if err != nil {
				t.Fatal(err)
			}
			if got := settings[settingHands]; got != tt.want.String() {
				t.Errorf("settings hands = %q, want %q", got, tt.want)
			}
			s, err := g.Setup(settings, []string{"ana", "bob"}, 7)
			if err != nil {
				t.Fatal(err)
			}
			header := "game menara\n" + strings.Join(s.Lines, "\n") + "\n"
			if _, err := g.Load(header); err != nil {
				t.Fatal(err)
			}
			rec, err := notation.ParseRecord(strings.NewReader(header))
			if err != nil {
				t.Fatal(err)
			}
			if got := rec.Hands; got != tt.want {
				t.Errorf("loaded game's hands = %v, want %v (header %q)", got, tt.want, s.Lines)
			}
		})
	}
}

// TestNewGameChoiceRefused: an option of new that is none of its choices
// is refused in the player's language, the choices said in it with the
// values a terminal takes.
func TestNewGameChoiceRefused(t *testing.T) {
	_, err := bot.Configure(New(Options{}), map[string]string{settingDifficulty: "brutal"}, 2)
	got, ok := catalog(t).Printer(i18n.Spanish).Error(err)
	if want := "fácil (easy), media (medium), difícil (hard)"; !ok || !strings.Contains(got, want) || !strings.Contains(got, "brutal") {
		t.Errorf("the error reads %q, want it to hold %q", got, want)
	}
}
