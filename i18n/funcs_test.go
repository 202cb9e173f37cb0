package i18n_test

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
)

// TestNestedPlurals: a message writes a second number with its own
// plural forms through n, in every language; a message without n and one
// missing in a language (written in English) still read.
func TestNestedPlurals(t *testing.T) {
	c := readTestdata(t, "plurals")
	tests := []struct {
		lang  i18n.Lang
		id    string
		count int // -1: printed by T
		args  []any
		want  string
	}{
		{i18n.English, "x.table", -1, []any{"seats", 1}, "a table for up to 1 player"},
		{i18n.English, "x.table", -1, []any{"seats", 4}, "a table for up to 4 players"},
		{i18n.English, "x.table", -1, []any{"seats", uint8(2)}, "a table for up to 2 players"},
		{i18n.English, "x.steps", 1, []any{"height", 1}, "1 step, 1 level high"},
		{i18n.English, "x.steps", 3, []any{"height", 0}, "3 steps, 0 levels high"},
		{i18n.Spanish, "x.table", -1, []any{"seats", 1}, "una mesa para hasta 1 jugador"},
		{i18n.Spanish, "x.steps", 2, []any{"height", 1}, "2 pasos, 1 nivel de alto"},
		{i18n.Italian, "x.table", -1, []any{"seats", 3}, "un tavolo per al massimo 3 giocatori"},
		{i18n.Italian, "x.steps", 1, []any{"height", 2}, "1 passo, alto 2 livelli"},
		{i18n.Italian, "x.plain", -1, []any{"seats", 1}, "1 posti"},
		{i18n.Spanish, "x.english-only", -1, []any{"seats", 1}, "up to 1 jugador"},
		{i18n.English, "x.table", -1, []any{"seats", "two"}, "a table for up to x.n.players"},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+" "+tt.id, func(t *testing.T) {
			p := c.Printer(tt.lang)
			got := p.T(tt.id, tt.args...)
			if tt.count >= 0 {
				got = p.N(tt.id, tt.count, tt.args...)
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestNestedPluralsChecked: the catalogue checks parse messages that call
// n, and count the number given to it as a placeholder.
func TestNestedPluralsChecked(t *testing.T) {
	got, err := i18ntest.Placeholders(`up to {{n "x.n.players" .seats}}`)
	if err != nil || !got["seats"] || len(got) != 1 {
		t.Errorf("Placeholders = %v, %v; want seats", got, err)
	}
	c := readTestdata(t, "plurals")
	i18ntest.CheckPlaceholders(t, c)
}

// TestHostPlurals: the host's words with a number of seats say "1
// player", not "1 players", in every language.
func TestHostPlurals(t *testing.T) {
	c := newTestCatalog(t)
	tests := []struct {
		lang i18n.Lang
		id   string
		want string
	}{
		{i18n.English, "bot.lobby.title", "up to 1 player (o)."},
		{i18n.Spanish, "bot.lobby.title", "hasta 1 jugador (o)."},
		{i18n.Italian, "bot.lobby.title", "massimo di 1 giocatore (o)."},
		{i18n.English, "bot.err.full", "full: 1 player."},
		{i18n.Spanish, "bot.err.full", "llena: 1 jugador."},
		{i18n.Italian, "bot.err.full", "pieno: 1 giocatore."},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang)+" "+tt.id, func(t *testing.T) {
			got := c.Printer(tt.lang).T(tt.id, "game", "g", "creator", "ana", "seats", 1, "options", "o")
			if !strings.HasSuffix(got, tt.want) {
				t.Errorf("got %q, want it to end %q", got, tt.want)
			}
		})
	}
}
