package local

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/store"
)

// session runs a session of The Bridges of Shangri-La on a database in a
// temporary directory with the given input, and returns what it printed.
func session(t *testing.T, opts Options, input string) string {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "t.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cat, err := i18n.New(bshangrila.Source())
	if err != nil {
		t.Fatal(err)
	}
	opts.Game = bshangrila.Kind
	var out bytes.Buffer
	s, err := New(bot.Config{Store: db, Catalog: cat, Games: []bot.Game{bshangrila.New(bshangrila.Options{})}, KeepSeatOrder: true}, opts, &out)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Run(context.Background(), strings.NewReader(input)); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestPrompt: on a terminal, a prompt names who types before each line:
// the player to move, or whoever "as" chose.
func TestPrompt(t *testing.T) {
	out := session(t, Options{Players: []string{"ana", "bo", "cy"}, Prompt: true}, "place A rainmaker\nas cy\nstatus\nas\n")
	for _, want := range []string{"🔴 ana › ", "🔵 bo › Now typing as cy.", "🟡 cy › ", "🔵 bo › "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if out := session(t, Options{Players: []string{"ana", "bo", "cy"}}, "status\n"); strings.Contains(out, "›") {
		t.Errorf("a prompt without a terminal:\n%s", out)
	}
}

func TestGroupMoves(t *testing.T) {
	tests := []struct {
		name         string
		lines, seats []string
		want         []string
	}{
		{"setup", []string{"red setup A rainmaker", "red setup A priest", "red setup B healer"}, []string{"red"},
			[]string{"setup A: rainmaker, priest", "setup B healer"}},
		{"kinds keep their order", []string{"red place A healer", "red recruit A healer", "red recruit A healer B priest", "red recruit A healer B yeti", "red journey A B", "red journey A E"}, []string{"red"},
			[]string{"place A healer", "recruit A healer", "recruit A healer B: priest, yeti", "journey A: B, E"}},
		{"a lone word", []string{"red pass"}, []string{"red"}, []string{"pass"}},
		{"several seats keep theirs", []string{"p1 take 1", "p1 take 2", "p2 take 1"}, []string{"p1", "p2"},
			[]string{"p1 take: 1, 2", "p2 take 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := groupMoves(tt.lines, tt.seats); !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"place", "place", 0}, {"plce", "place", 1}, {"statsu", "status", 1}, {"hsitory", "history", 1},
		{"dance", "cancel", 2}, {"", "abc", 3}, {"niño", "nino", 1},
	}
	for _, tt := range tests {
		if got := distance(tt.a, tt.b); got != tt.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestNearest: a mistyped command is matched to the one meant, in English
// and in the session's language (its word first when both are as near);
// a word far from every command is not.
func TestNearest(t *testing.T) {
	cat, err := i18n.New(bshangrila.Source())
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(filepath.Join(t.TempDir(), "t.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g := bshangrila.New(bshangrila.Options{})
	b, err := bot.New(bot.Config{Store: db, Catalog: cat, Games: []bot.Game{g}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	v := newVocabulary(b, g, cat.Printer(i18n.Spanish))
	tests := []struct{ typed, want string }{
		{"plce", "place"}, {"recrut", "recruit"}, {"colcar", "colocar"}, {"ayda", "ayuda"}, {"Jugdas", "jugadas"},
		{"cancela", "cancelar"}, // as near cancel: the session's language first
		{"dance", ""}, {"x", ""}, {"zzzzzzz", ""},
	}
	for _, tt := range tests {
		got, ok := v.nearest(tt.typed)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("nearest(%q) = %q, %v; want %q", tt.typed, got, ok, tt.want)
		}
	}
	for typed, want := range map[string]string{"COLOCAR": "place", "pista": "hint", "historial": "history", "place": "place"} {
		if got, _ := v.command(typed); got != want {
			t.Errorf("command(%q) = %q, want %q", typed, got, want)
		}
	}
	if got, _ := v.level("Difícil"); got != "hard" {
		t.Errorf("level(Difícil) = %q", got)
	}
}
