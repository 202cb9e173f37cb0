package menara

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
)

// TestPromptAfterExchange: the turn's prompt offers the exchange until
// it is made; after it, only the reveal (one exchange a turn).
func TestPromptAfterExchange(t *testing.T) {
	p := catalog(t).Printer(i18n.English)
	g := New(Options{NoComputers: true})
	s := hintedTo(t, atExchange)
	seat := positionOf(s).Turn()
	before := g.Prompt(p, s, seat, "@ana")
	for _, l := range g.Forms.Moves(s) {
		if strings.HasPrefix(l, "exchange") || strings.Contains(l, " exchange ") {
			if _, err := s.Play(l); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if !positionOf(s).Exchanged() {
		t.Fatal("no exchange made")
	}
	after := g.Prompt(p, s, seat, "@ana")
	tests := []struct {
		name, got string
		want, bad []string
	}{
		{"before", before, []string{"exchange with the camp", "reveal a plan card"}, nil},
		{"after", after, []string{"reveal a plan card", "you hold"}, []string{"exchange"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, w := range tt.want {
				if !strings.Contains(tt.got, w) {
					t.Errorf("%q does not say %q", tt.got, w)
				}
			}
			for _, b := range tt.bad {
				if strings.Contains(tt.got, b) {
					t.Errorf("%q says %q", tt.got, b)
				}
			}
		})
	}
}
