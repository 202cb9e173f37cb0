package render

import (
	"strings"
	"testing"
)

func TestCleanName(t *testing.T) {
	tests := []struct {
		name, given, want string
	}{
		{"plain", "Anna", "Anna"},
		{"accents", "Niccolò Müller-Śliwa", "Niccolò Müller-Śliwa"},
		{"decomposed accent", "Jose\u0301", "José"},
		{"Greek and Cyrillic", "Ζωή Пётр", "Ζωή Пётр"},
		{"emoji left out", "🎲 Zoë 🐉", "Zoë"},
		{"only emoji", "🎲🐉", ""},
		{"unknown script", "山田", ""},
		{"control characters and spaces", "  a\tb\n\x00c  ", "a b c"},
		{"soft hyphen", "Ma\u00adria", "Maria"},
		{"empty", "", ""},
		{"long", strings.Repeat("Ñandú ", 40), strings.Repeat("Ñandú ", 10) + "Ñand"}, // 64 letters
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := CleanName(tc.given)
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			if n := len([]rune(got)); n > MaxNameRunes {
				t.Errorf("%d letters kept, more than %d", n, MaxNameRunes)
			}
		})
	}
}
