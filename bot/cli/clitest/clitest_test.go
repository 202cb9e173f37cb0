package clitest

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/cli"
)

// TestCheckLocal: each kind of mistake in a terminal setup is found, and
// a sound one passes.
func TestCheckLocal(t *testing.T) {
	seats := bot.Seats{Min: 2, Max: 3, Default: 3}
	sound := func() (*cli.Local, []bot.OptionSpec) {
		return &cli.Local{
				Players: 2, NamesHelp: "a, b, c",
				Seats: func(n int) []string { return []string{"a", "b", "c"}[:n] },
				Words: []string{"flip"},
			}, []bot.OptionSpec{
				{Name: "players", Type: bot.IntegerOption, Min: 2, Max: 3},
				{Name: "size", Type: bot.IntegerOption, Min: 5, Max: 9, Default: "9", Help: "the board's size"},
			}
	}
	if l, opts := sound(); CheckLocal(l, seats, opts) != nil {
		t.Errorf("a sound setup: %q", CheckLocal(l, seats, opts))
	}
	tests := []struct {
		name  string
		spoil func(l *cli.Local, opts *[]bot.OptionSpec)
		want  string
	}{
		{"players", func(l *cli.Local, _ *[]bot.OptionSpec) { l.Players = 4 }, "4 players by default"},
		{"seats", func(l *cli.Local, _ *[]bot.OptionSpec) {
			l.Seats = func(int) []string { return []string{"a", "a", "a"} }
		}, "different names"},
		{"its own names refused", func(l *cli.Local, _ *[]bot.OptionSpec) {
			l.CheckName = func([]string, int) error { return cli.Usagef("no") }
		}, `seat name "a" is refused`},
		{"a word", func(l *cli.Local, _ *[]bot.OptionSpec) { l.Words = []string{"Flip"} }, `word "Flip"`},
		{"an option with dashes", func(_ *cli.Local, o *[]bot.OptionSpec) { (*o)[1].Name = "--size" }, "a name without dashes"},
		{"an option twice", func(_ *cli.Local, o *[]bot.OptionSpec) { *o = append(*o, (*o)[1]) }, "--size twice"},
		{"a default refused", func(_ *cli.Local, o *[]bot.OptionSpec) { (*o)[1].Default = "12" }, `default "12" is refused`},
		{"an option without words", func(_ *cli.Local, o *[]bot.OptionSpec) {
			*o = append(*o, bot.OptionSpec{Name: "name"})
		}, "and a usage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, opts := sound()
			tt.spoil(l, &opts)
			p := CheckLocal(l, seats, opts)
			if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, tt.want) }) {
				t.Errorf("problems %q, want %q", p, tt.want)
			}
		})
	}
}
