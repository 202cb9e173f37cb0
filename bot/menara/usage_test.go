package menara

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// TestUsageSaid: "write it so" names the step as a player of the
// language types it, and a record line's usage keeps the record's words
// but says the rest in the language.
func TestUsageSaid(t *testing.T) {
	g := New(Options{})
	st := bot.NewReplay[mr.Position, mr.Step, *mr.Effects](engine{}, mr.Position{})
	tests := []struct {
		lang i18n.Lang
		line string
		want string
	}{
		{i18n.English, "reveal", "Write it so: reveal blue"},
		{i18n.Spanish, "reveal", "Escríbelo así: revelar azul"},
		{i18n.Italian, "reveal", "Scrivilo così: rivela blu"},
		{i18n.Spanish, "exchange MM", "Escríbelo así: intercambiar MM RZ"},
		{i18n.Italian, "exchange GG", "scambia GG RL"},
		{i18n.Spanish, "give", "renunciar, o renunciar renovar"},
		{i18n.Spanish, "column R", "colocar R K2"},
		{i18n.English, "floor M on", "(then optionally at q,r and light or dark)"},
		{i18n.Spanish, "floor M on", "escribe floor M on K2 K4 L1 turn 2 (y si quieres, después: at q,r y light o dark)"},
		{i18n.Italian, "lift M to F1 G2 G4", "lift M to F1 G2 G4 turn 0 (e se vuoi, dopo: at q,r)"},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+" "+tt.line, func(t *testing.T) {
			p := catalog(t).Printer(tt.lang)
			_, _, err := g.Typed(st, 0, strings.Fields(tt.line), p)
			if f := strings.Fields(tt.line); f[0] == "floor" || f[0] == "lift" {
				kind := map[string]mr.Kind{"floor": mr.PlaceFloor, "lift": mr.Lift}[f[0]]
				pos := st.Position()
				_, err = placementStep(&pos, 0, kind, mr.FloorID(12), strings.Join(f[1:], " "))
			}
			got, _ := p.Error(err)
			if !strings.Contains(got, tt.want) {
				t.Errorf("got %q, want it to hold %q", got, tt.want)
			}
		})
	}
}
