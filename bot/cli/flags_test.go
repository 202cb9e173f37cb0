package cli

import (
	"flag"
	"io"
	"maps"
	"testing"

	"github.com/tablebot/tablebot/bot"
)

// options are the options of a game's new for these tests.
var options = []bot.OptionSpec{
	{Name: bot.PlayersOption, Type: bot.IntegerOption, Min: 1, Max: 4},
	{Name: "difficulty", Type: bot.StringOption, Default: "medium",
		Choices: []bot.OptionChoice{{Value: "easy"}, {Value: "medium"}, {Value: "hard"}}},
	{Name: "side", Type: bot.StringOption, Default: "light", Help: "the base's side",
		Choices: []bot.OptionChoice{{Value: "light"}, {Value: "dark"}}},
	{Name: "stones", Type: bot.IntegerOption, Min: 1, Max: 99, Help: "the pile"},
	{Name: "size", Type: bot.IntegerOption, Help: "the board's size"},
	{Name: "motto", Type: bot.StringOption, Help: "the table's motto"},
}

func TestOptionFlags(t *testing.T) {
	want := []Flag{
		{Name: "difficulty", Default: "medium", Usage: "easy, medium or hard", Arg: "D"},
		{Name: "side", Default: "light", Usage: "the base's side: light or dark", Arg: "light|dark"},
		{Name: "stones", Usage: "the pile: 1 to 99", Arg: "N"},
		{Name: "size", Usage: "the board's size", Arg: "N"},
		{Name: "motto", Usage: "the table's motto", Arg: "M"},
	}
	got := OptionFlags(options)
	if len(got) != len(want) {
		t.Fatalf("%d flags, want %d: %+v", len(got), len(want), got)
	}
	for i, f := range got {
		if w := want[i]; f.Name != w.Name || f.Default != w.Default || f.Usage != w.Usage || f.Arg != w.Arg {
			t.Errorf("flag %d = %+v, want %+v", i, f, want[i])
		}
	}
}

func TestFlagRead(t *testing.T) {
	flags := map[string]Flag{}
	for _, f := range OptionFlags(options) {
		flags[f.Name] = f
	}
	tests := []struct {
		flag, value, want, err string
	}{
		{"difficulty", " Hard", "hard", ""},
		{"difficulty", "brutal", "", "usage: --difficulty must be easy, medium or hard"},
		{"side", "up", "", "usage: --side must be light or dark"},
		{"stones", "07", "7", ""},
		{"stones", "100", "", "usage: --stones must be 1 to 99"},
		{"size", "-3", "-3", ""},
		{"size", "big", "", "usage: --size must be a whole number"},
		{"motto", " Go on ", "Go on", ""},
	}
	for _, tt := range tests {
		t.Run(tt.flag+" "+tt.value, func(t *testing.T) {
			got, err := flags[tt.flag].Read(tt.value)
			if msg := errText(err); got != tt.want || msg != tt.err {
				t.Errorf("Read(%q) = %q, %q; want %q, %q", tt.value, got, msg, tt.want, tt.err)
			}
		})
	}
}

// errText is err's message, "" for none.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestDeclareOptions(t *testing.T) {
	tests := []struct {
		args []string
		want map[string]string
		err  string
	}{
		{nil, map[string]string{"difficulty": "medium", "side": "light"}, ""},
		{[]string{"--side", "DARK"}, map[string]string{"difficulty": "medium", "side": "dark"}, ""},
		{[]string{"--difficulty", "x"}, nil, "usage: --difficulty must be easy, medium or hard"},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		o := DeclareOptions(fs, options, "side", "difficulty")
		if fs.Lookup("stones") != nil {
			t.Error("--stones declared, not asked for")
		}
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		got, err := o.Read()
		if !maps.Equal(got, tt.want) || errText(err) != tt.err {
			t.Errorf("%q: %v, %q; want %v, %q", tt.args, got, errText(err), tt.want, tt.err)
		}
	}
}

func TestPlayersHelp(t *testing.T) {
	tests := []struct {
		seats bot.Seats
		want  string
	}{
		{bot.Seats{Min: 3, Max: 4}, "3 or 4, default 4"},
		{bot.Seats{Min: 1, Max: 4}, "1 to 4, default 4"},
		{bot.Seats{Min: 4, Max: 4}, "4, default 4"},
	}
	for _, tt := range tests {
		if got := (&Local{Players: 4}).PlayersHelp(tt.seats); got != tt.want {
			t.Errorf("PlayersHelp(%+v) = %q, want %q", tt.seats, got, tt.want)
		}
	}
}
