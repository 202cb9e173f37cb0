package bot_test

import (
	"testing"
	"testing/fstest"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// TestNamed reads and finds a fixed set of values as players type them:
// the record's spelling, the key, a word of the asker's language, in any
// case; another word stays as typed, for the form to refuse.
func TestNamed(t *testing.T) {
	files := fstest.MapFS{
		"locales/en/n.toml": {Data: []byte("\"c.letter.yellow\" = \"Y\"\n\"c.name.yellow\" = \"yellow\"\n\"c.letter.white\" = \"W\"\n\"c.name.white\" = \"white\"\n")},
		"locales/es/n.toml": {Data: []byte("\"c.letter.yellow\" = \"M\"\n\"c.name.yellow\" = \"amarilla\"\n\"c.letter.white\" = \"L\"\n\"c.name.white\" = \"blanca\"\n")},
	}
	cat, err := i18n.Read(i18n.Source{Files: files})
	if err != nil {
		t.Fatal(err)
	}
	n := bot.Named{Values: []string{"Y", "W"}, Keys: []string{"yellow", "white"}, Words: []string{"c.letter.", "c.name."}}
	es := cat.Printer(i18n.Spanish)
	reads := []struct {
		p     *i18n.Printer
		typed string
		want  string
	}{
		{es, "Y", "Y"},
		{es, "y", "Y"},
		{es, "White", "W"},
		{es, "m", "Y"},
		{es, " Blanca ", "W"},
		{nil, "yellow", "Y"},
		{nil, "amarilla", "amarilla"},
		{es, "verde", "verde"},
	}
	for _, tt := range reads {
		t.Run("read "+tt.typed, func(t *testing.T) {
			got, ok := n.Read(tt.p, tt.typed)
			if got != tt.want || !ok {
				t.Errorf("got %q, %v; want %q, true", got, ok, tt.want)
			}
		})
	}
	matches := []struct {
		typed, value string
		want         bool
	}{
		{"ama", "Y", true},
		{"bl", "W", true},
		{"whi", "W", true},
		{"l", "W", true},
		{"bl", "Y", false},
		{"", "Y", true},
	}
	for _, tt := range matches {
		t.Run("match "+tt.typed+" "+tt.value, func(t *testing.T) {
			if got := n.Match(es, tt.typed, bot.Choice{Value: tt.value}); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
