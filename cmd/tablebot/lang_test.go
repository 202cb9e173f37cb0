package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// TestLocalLanguages plays the first moves of a 3-player game in tablebot
// local with --lang es and --lang it, typing the disciplines in that
// language, and checks that each answer (errors, moves, status, help) is
// the catalogue's text in that language and not the English one.
func TestLocalLanguages(t *testing.T) {
	cat, err := i18n.New()
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
			l.says("an unknown command", msgT("local.err.unknown", "word", "dance"))
			l.saysError("a bad village", badVillage)
			l.says("typing as Blue", msgT("local.as", "name", "blue"))
			l.saysError("not Blue's turn", start.Check(shangrila.SetupMove(shangrila.Blue, shangrila.VillageA, shangrila.Healer)))
			l.says("a private answer", msgT("local.private", "name", "blue"))
			l.says("typing as the player to move", msgT("local.as-auto"))
			l.saysError("village C", start.Check(shangrila.SetupMove(shangrila.Red, shangrila.VillageC, shangrila.Healer)))
			l.says("Red's move", msgT("bot.did.setup", "player", shangrila.Red, "discipline", shangrila.Healer, "village", shangrila.VillageA))
			l.says("Blue's move", msgT("bot.did.setup", "player", shangrila.Blue, "discipline", shangrila.Priest, "village", shangrila.VillageB))
			l.says("Yellow's turn", msgT("bot.turn.setup", "mention", "@yellow", "mark", "🟡", "colour", shangrila.Yellow))
			l.says("status", msgN("bot.status.setup", 2))
			l.says("status", msgN("bot.n.masters", 1))
			// The position printed after each move: village C out of play
			// (3 players) and each player's counted words.
			l.says("village C in the position", msgT("render.out-of-play"))
			l.says("Red in the position", msgT("bot.status.player", "mark", "🔴", "name", "red", "colour", shangrila.Red,
				"masters", msgN("bot.n.masters", 1).in(cat.Printer(tt.lang)), "villages", msgN("bot.n.villages", 1).in(cat.Printer(tt.lang))))
			l.says("a language tablebot does not speak", msgT("bot.err.language"))
			l.says("help", msgT("local.help"))
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

// catMsg is a catalogue message with the arguments tablebot fills it with.
type catMsg struct {
	id    string
	args  []any
	count *int // the count of a message with plural forms
}

// msgT is the message id with args.
func msgT(id string, args ...any) catMsg { return catMsg{id: id, args: args} }

// msgN is the plural message id for count n, with args.
func msgN(id string, n int, args ...any) catMsg { return catMsg{id: id, args: args, count: &n} }

func (m catMsg) in(p *i18n.Printer) string {
	if m.count != nil {
		return p.N(m.id, *m.count, m.args...)
	}
	return p.T(m.id, m.args...)
}

// language checks that an output speaks one language.
type langOutput struct {
	t    *testing.T
	cat  *i18n.Catalog
	lang i18n.Lang
	out  string
}

// says checks that the output holds message m as the language writes it,
// that the language defines it (no fallback to English), and that the
// output does not hold the English version.
func (l langOutput) says(what string, m catMsg) {
	l.t.Helper()
	if !l.cat.Has(l.lang, m.id) {
		l.t.Errorf("%s: %s has no message %s", what, l.lang, m.id)
	}
	l.saysText(what, m.in(l.cat.Printer(l.lang)), m.in(l.cat.Printer(i18n.English)))
}

// saysError checks that the output explains err, a rules error, in the
// language.
func (l langOutput) saysError(what string, err error) {
	l.t.Helper()
	var e *rules.Error
	if !errors.As(err, &e) {
		l.t.Fatalf("%s: %v is not a rules error", what, err)
	}
	if !l.cat.Has(l.lang, e.Key) {
		l.t.Errorf("%s: %s has no message %s", what, l.lang, e.Key)
	}
	want, _ := l.cat.Printer(l.lang).Error(err)
	en, _ := l.cat.Printer(i18n.English).Error(err)
	l.saysText(what, want, en)
}

func (l langOutput) saysText(what, want, en string) {
	l.t.Helper()
	if want == en {
		l.t.Errorf("%s: the catalogue gives the English text %q", what, want)
	}
	if !strings.Contains(l.out, want) {
		l.t.Errorf("%s: the output does not say %q", what, want)
	}
	if strings.Contains(l.out, en) {
		l.t.Errorf("%s: the output says the English %q", what, en)
	}
}
