package bot

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tablebot/tablebot/i18n"
)

// TestRecapText: one line goes on the head's line, several in a list;
// lines that do not fit keep the latest, saying how many were left out,
// and the post keeps room for what follows.
func TestRecapText(t *testing.T) {
	cat, err := i18n.New()
	if err != nil {
		t.Fatal(err)
	}
	pub := cat.Printer(i18n.English)
	long := strings.Repeat("x", 300)
	tests := []struct {
		name    string
		lines   []string
		content string
		want    string
	}{
		{"none", nil, "", ""},
		{"one", []string{"a"}, "", "🕘 Since your last turn: a"},
		{"two", []string{"a", "b"}, "", "🕘 Since your last turn:\n- a\n- b"},
		{"the latest that fit", []string{"a", long, long, long}, "",
			"🕘 Since your last turn: (2 earlier moves left out)\n- " + long + "\n- " + long},
		{"a full post", []string{"a"}, strings.Repeat("y", maxContent-recapAfter), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := recapText(pub, tt.lines, tt.content)
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if n := utf8.RuneCountInString(got); n > recapRoom {
				t.Errorf("%d characters, more than %d", n, recapRoom)
			}
		})
	}
}
