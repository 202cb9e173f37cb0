package bot_test

import (
	"errors"
	"maps"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
	"github.com/tablebot/tablebot/rules"
)

// optionsGame is a game whose options of new are those given, configured
// by the host alone (it is no bot.Configurer).
type optionsGame struct {
	bot.Game
	options []bot.OptionSpec
}

func (g optionsGame) NewOptions() []bot.OptionSpec { return g.options }

// TestConfigure checks how the host reads the options of new for every
// game: trimmed, defaults filled in, a choice in any case stored as the
// choice is, a number within its range, "players" left to the seats; a
// bad value is an invalid error and no settings.
func TestConfigure(t *testing.T) {
	g := optionsGame{options: []bot.OptionSpec{
		{Name: "players", Type: bot.IntegerOption, Choices: bot.ChoicesOf("p.", "3", "4")},
		{Name: "side", Type: bot.StringOption, Default: "light", Choices: bot.ChoicesOf("s.", "light", "dark")},
		{Name: "stones", Type: bot.IntegerOption, Min: 1, Max: 99},
		{Name: "seed", Type: bot.IntegerOption},
		{Name: "note", Type: bot.StringOption},
	}}
	tests := []struct {
		name    string
		options map[string]string
		want    map[string]string
		key     string
	}{
		{"defaults", nil, map[string]string{"side": "light"}, ""},
		{"choice in any case", map[string]string{"side": " DARK "}, map[string]string{"side": "dark"}, ""},
		{"players aside", map[string]string{"players": "9"}, map[string]string{"side": "light"}, ""},
		{"number", map[string]string{"stones": "007", "seed": "-3", "note": " hi "},
			map[string]string{"side": "light", "stones": "7", "seed": "-3", "note": "hi"}, ""},
		{"not a choice", map[string]string{"side": "grey"}, nil, "bot.err.choice"},
		{"out of range", map[string]string{"stones": "100"}, nil, "bot.err.number"},
		{"not a number", map[string]string{"stones": "many"}, nil, "bot.err.number"},
		{"not a whole number", map[string]string{"seed": "1.5"}, nil, "bot.err.whole"},
		{"unknown option", map[string]string{"colour": "red"}, map[string]string{"side": "light"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := bot.Configure(g, tt.options, 3)
			if key := errorKey(err); key != tt.key {
				t.Fatalf("error %v (key %q), want key %q", err, key, tt.key)
			}
			if !maps.Equal(got, tt.want) {
				t.Errorf("settings %v, want %v", got, tt.want)
			}
		})
	}
}

// TestConfigurer: a game that checks its options together gets them as
// the host read them, and its refusal is the answer.
func TestConfigurer(t *testing.T) {
	g := takeaway.New(takeaway.Options{})
	got, err := bot.Configure(g, map[string]string{"mode": "Team", "stones": " 12"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"mode": "team", "stones": "12"}; !maps.Equal(got, want) {
		t.Errorf("settings %v, want %v", got, want)
	}
	if _, err := bot.Configure(g, map[string]string{"mode": "race"}, 1); errorKey(err) != "takeaway.err.race" {
		t.Errorf("a race for one: %v", err)
	}
}

// errorKey is the message id of a domain error; "" for none.
func errorKey(err error) string {
	var e *rules.Error
	if !errors.As(err, &e) {
		return ""
	}
	return e.Key
}
