package i18n_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
)

func TestPrinterErrorInternal(t *testing.T) {
	c := newTestCatalog(t)
	for _, l := range i18n.Langs {
		if got, ok := c.Printer(l).Error(errors.New("disk full")); ok || got != "" {
			t.Errorf("%s: Error(internal) = %q, %v; want \"\", false", l, got, ok)
		}
	}
}

// TestPrinterErrorFallback checks how a printer writes a domain error: by
// its key's message with the error's args, even wrapped; in English where
// the language lacks the message; and as the error's own English text
// where no catalogue has its key.
func TestPrinterErrorFallback(t *testing.T) {
	c := readTestdata(t, "mistakes")
	tests := []struct {
		name string
		lang i18n.Lang
		err  error
		want string
	}{
		{"translated", i18n.Italian, rules.Errorf(rules.Illegal, "x.name", []any{"name", "Ana"}, "Hello Ana"), "Ciao Ana"},
		{"wrapped", i18n.Italian, fmt.Errorf("move 3: %w", rules.Errorf(rules.Illegal, "x.name", []any{"name", "Ana"}, "Hello Ana")), "Ciao Ana"},
		{"missing in Italian", i18n.Italian, rules.Errorf(rules.Invalid, "x.english-only", nil, "Only"), "Only in English"},
		{"key without a message", i18n.Spanish, rules.Errorf(rules.Illegal, "x.no-such-key", nil, "Something new"), "Something new"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := c.Printer(tt.lang).Error(tt.err)
			if !ok || got != tt.want {
				t.Errorf("%s: Error() = %q, %v; want %q, true", tt.lang, got, ok, tt.want)
			}
		})
	}
}

// TestPrinterFallback checks what a printer does with a message missing in
// its language (English) and one missing everywhere (the id).
func TestPrinterFallback(t *testing.T) {
	c := readTestdata(t, "mistakes")
	tests := []struct {
		name string
		lang i18n.Lang
		id   string
		want string
	}{
		{"translated", i18n.Italian, "x.name", "Ciao Ana"},
		{"missing in Italian", i18n.Italian, "x.english-only", "Only in English"},
		{"missing everywhere", i18n.Spanish, "x.nowhere", "x.nowhere"},
		{"plural form missing falls back to other", i18n.Spanish, "x.plural", "1 jugadas"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := c.Printer(tt.lang)
			var got string
			if tt.id == "x.plural" {
				got = p.N(tt.id, 1)
			} else {
				got = p.T(tt.id, "name", "Ana")
			}
			if got != tt.want {
				t.Errorf("%s: %q = %q, want %q", tt.lang, tt.id, got, tt.want)
			}
		})
	}
}

// seat names itself (i18n.Term): "seat 2" in English, "posto 2" in
// Italian.
type seat int

func (s seat) Term(p *i18n.Printer) string {
	if p.Lang() == i18n.Italian {
		return fmt.Sprintf("posto %d", int(s))
	}
	return fmt.Sprintf("seat %d", int(s))
}

// shade is a game's value that the game's Terms names.
type shade int

// TestPrinterValues checks how a message writes its arguments: a Term by
// its own name, a game's value by the game's Terms, anything else as it
// is.
func TestPrinterValues(t *testing.T) {
	terms := func(p *i18n.Printer, v any) (string, bool) {
		if s, ok := v.(shade); ok {
			return fmt.Sprintf("%s-shade-%d", p.Lang(), int(s)), true
		}
		return "", false
	}
	c, err := i18n.Read(i18n.Source{Files: os.DirFS(filepath.Join("testdata", "mistakes")), Terms: terms})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		lang i18n.Lang
		arg  any
		want string
	}{
		{"term", i18n.Italian, seat(2), "Ciao posto 2"},
		{"term in English", i18n.English, seat(3), "Hello seat 3"},
		{"game value", i18n.Italian, shade(4), "Ciao it-shade-4"},
		{"plain value", i18n.Italian, 7, "Ciao 7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := c.Printer(tt.lang).T("x.name", "name", tt.arg); got != tt.want {
				t.Errorf("%s: T(x.name, %v) = %q, want %q", tt.lang, tt.arg, got, tt.want)
			}
		})
	}
}
