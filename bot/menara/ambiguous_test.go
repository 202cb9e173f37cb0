package menara

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
)

// TestAmbiguousCodes: a short form typed in Spanish or Italian with a
// letter that reads as two colours (B: blanca or bianca, and blue as in
// the records) is refused with both readings and their codes, not made
// with the English one; the language's own codes, the English codes that
// read one way, and record lines (English codes) are made as typed.
func TestAmbiguousCodes(t *testing.T) {
	cat := catalog(t)
	g := New(Options{NoComputers: true})
	s := hintedTo(t, atExchange)
	seat := positionOf(s).Turn()
	tests := []struct {
		lang  i18n.Lang
		words []string
		want  string // the error's message, "" for none
		give  string // else the columns given, as the record writes them
	}{
		{i18n.Spanish, []string{"exchange", "B", "R"}, "«B»: B puede ser blanca, o azul como en los registros en inglés. Escribe L para blanca o Z para azul.", ""},
		{i18n.Spanish, []string{"exchange", "YB", "RR"}, "«YB»: B puede ser blanca, o azul como en los registros en inglés. Escribe L para blanca o Z para azul.", ""},
		{i18n.Spanish, []string{"place", "b", "K2"}, "«b»: B puede ser blanca, o azul como en los registros en inglés. Escribe L para blanca o Z para azul.", ""},
		{i18n.Italian, []string{"exchange", "B", "R"}, "«B»: B può essere bianca, o blu come nei registri in inglese. Scrivi I per bianca o L per blu.", ""},
		{i18n.Spanish, []string{"exchange", "Z", "R"}, "", "B"},
		{i18n.Spanish, []string{"exchange", "L", "R"}, "", "W"},
		{i18n.Spanish, []string{"exchange", "W", "R"}, "", "W"},
		{i18n.Spanish, []string{"exchange", "B", "for", "R"}, "", "B"},
		{i18n.English, []string{"exchange", "B", "R"}, "", "B"},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+" "+strings.Join(tt.words, " "), func(t *testing.T) {
			p := cat.Printer(tt.lang)
			typed, ok, err := g.Typed(s, seat, tt.words, p)
			if !ok {
				t.Fatal("not a form")
			}
			if tt.want != "" {
				var e *rules.Error
				msg, _ := p.Error(err)
				if !errors.As(err, &e) || e.Key != "menara.err.ambiguous" || msg != tt.want {
					t.Errorf("got %v, %q\nwant %q", err, msg, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := typed.Options[optGive]; got != tt.give {
				t.Errorf("gives %q, want %q", got, tt.give)
			}
		})
	}
}
