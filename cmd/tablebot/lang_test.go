package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/i18n/i18ntest"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// TestLocalLanguages plays the first moves of a 3-player game in tablebot
// local with --lang es and --lang it, typing the disciplines in that
// language, and checks that each answer (errors, moves, status, help) is
// the catalogue's text in that language and not the English one.
func TestLocalLanguages(t *testing.T) {
	cat, err := newCatalog(games())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang           i18n.Lang
		healer, priest string // as a player of the language types them
		words          []string
	}{
		{i18n.Spanish, "sanador", "Sacerdote", []string{"aldea", "Sanador", "Sacerdote", "Rojo", "Azul"}},
		{i18n.Italian, "guaritore", "PRETE", []string{"villaggio", "Guaritore", "Prete", "Rosso", "Blu"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.lang), func(t *testing.T) {
			t.Parallel()
			input := strings.Join([]string{
				"dance",
				"place Q " + tt.healer,
				"as blue",
				"place A " + tt.healer,
				"as",
				"place C " + tt.healer,
				"place A " + tt.healer,
				"blue place B " + tt.priest,
				"status",
				"language fr",
				"help",
			}, "\n") + "\n"
			db := filepath.Join(t.TempDir(), "t.db")
			code, stdout, stderr := run(t, input, "local", "--players", "3", "--db", db, "--lang", string(tt.lang))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			start, err := shangrila.NewPosition(shangrila.Colours[:3], shangrila.StartSetup)
			if err != nil {
				t.Fatal(err)
			}
			_, badVillage := notation.ParseAction(shangrila.Red, []string{"place", "Q", tt.healer})
			l := langOutput{t: t, cat: cat, lang: tt.lang, out: stdout}
			l.says("an unknown command", i18ntest.T("local.err.unknown", "word", "dance"))
			l.saysError("a bad village", badVillage)
			l.says("typing as Blue", i18ntest.T("local.as", "name", "blue"))
			l.saysError("not Blue's turn", start.Check(shangrila.SetupMove(shangrila.Blue, shangrila.VillageA, shangrila.Healer)))
			l.says("a private answer", i18ntest.T("local.private", "name", "blue"))
			l.says("typing as the player to move", i18ntest.T("local.as-auto"))
			l.saysError("village C", start.Check(shangrila.SetupMove(shangrila.Red, shangrila.VillageC, shangrila.Healer)))
			l.says("Red's move", i18ntest.T("bot.did.setup", "player", shangrila.Red, "discipline", shangrila.Healer, "village", shangrila.VillageA))
			l.says("Blue's move", i18ntest.T("bot.did.setup", "player", shangrila.Blue, "discipline", shangrila.Priest, "village", shangrila.VillageB))
			l.says("Yellow's turn", i18ntest.T("bot.turn.setup", "mention", "@yellow", "mark", "🟡", "colour", shangrila.Yellow))
			l.says("status", i18ntest.N("bot.status.setup", 2))
			l.says("status", i18ntest.N("bot.n.masters", 1))
			// The position printed after each move: village C out of play
			// (3 players) and each player's counted words.
			l.says("village C in the position", i18ntest.T("render.out-of-play"))
			l.says("Red in the position", i18ntest.T("bot.status.player", "mark", "🔴", "name", "red", "colour", shangrila.Red,
				"masters", i18ntest.N("bot.n.masters", 1).In(cat.Printer(tt.lang)), "villages", i18ntest.N("bot.n.villages", 1).In(cat.Printer(tt.lang))))
			l.says("a language tablebot does not speak", i18ntest.T("bot.err.language"))
			l.says("help", i18ntest.T("local.help", "seat", strings.ToLower(cat.Printer(tt.lang).T("colour.blue"))))
			for _, w := range tt.words {
				if !strings.Contains(stdout, w) {
					t.Errorf("the output lacks the word %q", w)
				}
			}
			if t.Failed() {
				t.Logf("output:\n%s", stdout)
			}
		})
	}
}

// language checks that an output speaks one language.
type langOutput struct {
	t    *testing.T
	cat  *i18n.Catalog
	lang i18n.Lang
	out  string
}

// says checks that the output holds message m as the language writes it.
func (l langOutput) says(what string, m i18ntest.Msg) {
	l.t.Helper()
	i18ntest.Says(l.t, l.cat, what, l.out, l.lang, m)
}

// saysError checks that the output explains err, a rules error, in the
// language.
func (l langOutput) saysError(what string, err error) {
	l.t.Helper()
	i18ntest.SaysError(l.t, l.cat, what, l.out, l.lang, err)
}

// TestLocalMenaraLanguages: in Spanish and Italian the commands may be
// typed as Discord shows them there, and everything answers in the
// language.
func TestLocalMenaraLanguages(t *testing.T) {
	tests := []struct {
		lang  string
		lines []string
		want  []string
	}{
		{"es", []string{"ayuda", "revelar azul", "pista", "estado", "renunciar renovar", "historial"},
			[]string{"Los pasos de Menara", "reveló una tarjeta azul", "💡", "Campamento:", "renunció a la tarjeta", "El campamento se renueva", "Las últimas"}},
		{"it", []string{"aiuto", "rivela blu", "suggerimento", "stato", "rinuncia rinnova", "cronologia"},
			[]string{"I passi di Menara", "ha rivelato una carta blu", "💡", "Accampamento:", "ha rinunciato alla carta", "L'accampamento è rinnovato"}},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			input := strings.Join(tt.lines, "\n") + "\n"
			code, stdout, stderr := run(t, input, "local", "--game", "menara", "--players", "1", "--lang", tt.lang, "--seed", "7", "--db", filepath.Join(t.TempDir(), "t.db"))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			wants(t, stdout, tt.want, []string{"⚠️", "your turn", "revealed a"})
		})
	}
}
