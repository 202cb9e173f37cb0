// Package i18ntest checks in tests that a text speaks a language: that it
// holds a catalogue message as that language writes it, that the language
// defines the message (no silent fallback to English) and that the English
// version is absent.
//
// It also checks catalogues, the host's and a game's alike: every message
// in every language with the plural forms the language needs
// (CheckComplete), and the same placeholders as English
// (CheckPlaceholders).
package i18ntest

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
)

// Msg is a catalogue message with the arguments the code fills it with. An
// argument that is itself a Msg is written in the same language as the
// message, as the code does with nested words ("suggested start").
type Msg struct {
	ID    string
	Args  []any
	Count *int // the count of a message with plural forms; nil for T
}

// T is the message id with args.
func T(id string, args ...any) Msg { return Msg{ID: id, Args: args} }

// N is the plural message id for count n, with args.
func N(id string, n int, args ...any) Msg { return Msg{ID: id, Args: args, Count: &n} }

// In writes the message in the printer's language.
func (m Msg) In(p *i18n.Printer) string {
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		if sub, ok := a.(Msg); ok {
			a = sub.In(p)
		}
		args[i] = a
	}
	if m.Count != nil {
		return p.N(m.ID, *m.Count, args...)
	}
	return p.T(m.ID, args...)
}

// Says checks that text holds message m in language l, which must not be
// English: the language defines the message, and the text holds it as the
// language writes it, not as English does.
func Says(t testing.TB, cat *i18n.Catalog, what, text string, l i18n.Lang, m Msg) {
	t.Helper()
	if !cat.Has(l, m.ID) {
		t.Errorf("%s: %s has no message %s", what, l, m.ID)
	}
	saysText(t, what, text, m.In(cat.Printer(l)), m.In(cat.Printer(i18n.English)))
}

// SaysError checks that text explains err, a rules error, in language l.
func SaysError(t testing.TB, cat *i18n.Catalog, what, text string, l i18n.Lang, err error) {
	t.Helper()
	var e *rules.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: %v is not a rules error", what, err)
	}
	if !cat.Has(l, e.Key) {
		t.Errorf("%s: %s has no message %s", what, l, e.Key)
	}
	want, _ := cat.Printer(l).Error(err)
	en, _ := cat.Printer(i18n.English).Error(err)
	saysText(t, what, text, want, en)
}

// saysText checks that text holds want, a message in a language other
// than English, and not its English version en.
func saysText(t testing.TB, what, text, want, en string) {
	t.Helper()
	if want == en {
		t.Errorf("%s: the catalogue gives the English text %q", what, want)
	}
	if !strings.Contains(text, want) {
		t.Errorf("%s: %q does not say %q", what, text, want)
	}
	if strings.Contains(text, en) {
		t.Errorf("%s: %q says the English %q", what, text, en)
	}
}
