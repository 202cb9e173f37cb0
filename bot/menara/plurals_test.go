package menara

import (
	"testing"

	"github.com/tablebot/tablebot/i18n"
)

// TestPluralsSeen: the numbers of levels said beside another count take
// their own plural forms ("1 level high", "1 was needed"), in every
// language.
func TestPluralsSeen(t *testing.T) {
	c := catalog(t)
	tests := []struct {
		lang  i18n.Lang
		id    string
		count int // -1: the message has no count of its own
		want  string
	}{
		{i18n.English, "menara.result.won", -1, "🎉 You won together! The temple stands 1 level high; 1 was needed."},
		{i18n.English, "menara.status.progress", 1, "1 step · the temple is 1 of 1 level high"},
		{i18n.English, "menara.ask.done", -1, "End your turn? Your card goes to the level row: the temple must then reach 1 level."},
		{i18n.English, "menara.render.won", -1, "Won! The temple is 1 level high, 1 needed"},
		{i18n.Spanish, "menara.result.won", -1, "🎉 ¡Habéis ganado juntos! El templo tiene 1 nivel; hacía falta 1."},
		{i18n.Spanish, "menara.status.progress", 2, "2 pasos · el templo tiene 1 de 1 nivel"},
		{i18n.Spanish, "menara.summary.floors", 1, "🏛️ 1 piso colocado; el templo alcanza 1 nivel frente a los 1 de la fila de niveles."},
		{i18n.Italian, "menara.result.won", -1, "🎉 Avete vinto insieme! Il tempio è alto 1 livello; ne serviva 1."},
		{i18n.Italian, "menara.result.lost.cards", -1, "La partita è finita: è stata usata l'ultima carta progetto. Il tempio è alto 1 livello e ne serviva 1: avete perso insieme."},
		{i18n.Italian, "menara.prompt.close", -1, "✋ @ana, la tua carta va nella fila dei livelli (1 livello da costruire): termina il turno, rinnovando l'accampamento se vuoi."},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+" "+tt.id, func(t *testing.T) {
			p := c.Printer(tt.lang)
			args := []any{"height", 1, "required", 1, "mark", "✋", "mention", "@ana"}
			got := p.T(tt.id, args...)
			if tt.count >= 0 {
				got = p.N(tt.id, tt.count, args...)
			}
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
