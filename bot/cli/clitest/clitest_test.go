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
	sound := func() *cli.Local {
		return &cli.Local{
			Players: 2, PlayersHelp: "2 or 3, default 2", NamesHelp: "a, b, c",
			Seats: func(n int) []string { return []string{"a", "b", "c"}[:n] },
			Words: []string{"flip"},
			Flags: []cli.Flag{{Name: "size", Default: "9", Usage: "the board's size", Arg: "N"}},
			Settings: func(v map[string]string) (map[string]string, error) {
				if v["size"] != "9" {
					return nil, cli.Usagef("--size must be 9")
				}
				return v, nil
			},
		}
	}
	if p := CheckLocal(sound(), seats); p != nil {
		t.Errorf("a sound setup: %q", p)
	}
	tests := []struct {
		name  string
		spoil func(l *cli.Local)
		want  string
	}{
		{"players", func(l *cli.Local) { l.Players = 4 }, "4 players by default"},
		{"seats", func(l *cli.Local) { l.Seats = func(int) []string { return []string{"a", "a", "a"} } }, "different names"},
		{"its own names refused", func(l *cli.Local) {
			l.CheckName = func([]string, int) error { return cli.Usagef("no") }
		}, `seat name "a" is refused`},
		{"a word", func(l *cli.Local) { l.Words = []string{"Flip"} }, `word "Flip"`},
		{"a flag with dashes", func(l *cli.Local) { l.Flags[0].Name = "--size" }, "a name without dashes"},
		{"a flag twice", func(l *cli.Local) { l.Flags = append(l.Flags, l.Flags[0]) }, "--size twice"},
		{"a default refused", func(l *cli.Local) { l.Flags[0].Default = "7" }, "defaults are refused"},
		{"no settings", func(l *cli.Local) { l.Settings = nil }, "without Settings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := sound()
			tt.spoil(l)
			p := CheckLocal(l, seats)
			if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, tt.want) }) {
				t.Errorf("problems %q, want %q", p, tt.want)
			}
		})
	}
}
