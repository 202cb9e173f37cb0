package takeaway

import (
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
)

// pendingAreas excuses the game's words in Spanish: the example game
// speaks English and Italian, which is what a new game needs to show
// that its words are all in its catalogue.
var pendingAreas = map[string]bool{"takeaway": true}

func catalog(t *testing.T) *i18n.Catalog {
	t.Helper()
	cat, err := i18n.New(Source())
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestTranslationsComplete fails when a message of the game is missing in
// English or Italian, or lacks a plural form the language needs.
func TestTranslationsComplete(t *testing.T) {
	i18ntest.CheckComplete(t, catalog(t), pendingAreas, i18n.Files(), locales)
}

// TestPlaceholdersMatchEnglish fails when an Italian message's
// placeholders differ from English.
func TestPlaceholdersMatchEnglish(t *testing.T) {
	i18ntest.CheckPlaceholders(t, catalog(t))
}

// TestItalian plays a take in Italian words: the menu's question and its
// choices, and what the move did.
func TestItalian(t *testing.T) {
	p := catalog(t).Printer(i18n.Italian)
	tests := []struct{ got, want string }{
		{p.T("takeaway.menu.take"), "Quante pietre?"},
		{takeLabel(p, nil, "1"), "1 pietra"},
		{takeLabel(p, nil, "3"), "3 pietre"},
		{p.N("takeaway.did.take", 2, "player", "ana", "left", 19), "ana prende 2 pietre: ne restano 19"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}
