package bot_test

import (
	"testing"
	"testing/fstest"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// TestBasicsSeats checks the seats' marks and names a game gets from
// bot.Basics: its Marks in seat order, "▫️" past them, a seat's number
// without Marks; the name its KIND.seat-name message says.
func TestBasicsSeats(t *testing.T) {
	files := fstest.MapFS{
		"locales/en/seats.toml": {Data: []byte(`"dice.seat-name" = "Player {{.n}}"` + "\n")},
		"locales/it/seats.toml": {Data: []byte(`"dice.seat-name" = "Giocatore {{.n}}"` + "\n")},
	}
	cat, err := i18n.Read(i18n.Source{Files: files})
	if err != nil {
		t.Fatal(err)
	}
	marked := bot.Basics{Name: "dice", Marks: []string{"1️⃣", "2️⃣"}}
	plain := bot.Basics{Name: "dice"}
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"first mark", marked.Mark(0), "1️⃣"},
		{"second mark", marked.Mark(1), "2️⃣"},
		{"past the marks", marked.Mark(2), "▫️"},
		{"before the marks", marked.Mark(-1), "▫️"},
		{"no marks", plain.Mark(2), "#3"},
		{"name", plain.SeatName(cat.Printer(i18n.English), 1), "Player 2"},
		{"name in Italian", plain.SeatName(cat.Printer(i18n.Italian), 0), "Giocatore 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}
