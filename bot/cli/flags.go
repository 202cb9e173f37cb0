package cli

import (
	"flag"
	"slices"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/bot"
)

// Flag is a flag of tablebot local that one game reads: an option of its
// new (bot.Game.NewOptions), the host's players aside.
type Flag struct {
	// Name is the flag without its dashes: "difficulty".
	Name string
	// Default is its value when it is not given: "medium"; "" leaves the
	// option to the game.
	Default string
	// Usage is its help, which the binary prefixes with the game's name:
	// "easy, medium or hard".
	Usage string
	// Arg is what the usage line shows after the flag: "D",
	// "steady|shaky", "N".
	Arg string

	option bot.OptionSpec
}

// OptionFlags returns the flags of a game's new options: a flag an
// option but players (the binary's own --players), its default the
// option's, its help the option's Help then its values ("the base's
// side: light or dark"), its argument its values when two ("light|dark"),
// else its name's initial ("D"; "N" for a number).
func OptionFlags(opts []bot.OptionSpec) []Flag {
	var out []Flag
	for _, o := range opts {
		if o.Name == bot.PlayersOption {
			continue
		}
		usage := values(o)
		if o.Help != "" {
			usage = strings.TrimSuffix(o.Help+": "+usage, ": ")
		}
		out = append(out, Flag{Name: o.Name, Default: o.Default, Usage: usage, Arg: arg(o), option: o})
	}
	return out
}

// values says an option's values: "easy, medium or hard", "1 to 99".
func values(o bot.OptionSpec) string {
	if len(o.Choices) == 0 {
		if o.Type == bot.IntegerOption && o.Max > 0 {
			return strconv.Itoa(o.Min) + " to " + strconv.Itoa(o.Max)
		}
		return ""
	}
	words := make([]string, len(o.Choices))
	for i, c := range o.Choices {
		words[i] = c.Value
	}
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// arg is what the usage line shows after an option's flag.
func arg(o bot.OptionSpec) string {
	if len(o.Choices) == 2 {
		return o.Choices[0].Value + "|" + o.Choices[1].Value
	}
	if o.Type == bot.IntegerOption || o.Name == "" {
		return "N"
	}
	return strings.ToUpper(o.Name[:1])
}

// Read checks a value of the flag against its option's values and returns
// it as the game's new takes it (a choice in its own case); a value out of
// them is a usage error: "--hands must be steady or shaky".
func (f Flag) Read(value string) (string, error) {
	o := f.option
	value = strings.TrimSpace(value)
	for _, c := range o.Choices {
		if strings.EqualFold(c.Value, value) {
			return c.Value, nil
		}
	}
	switch {
	case len(o.Choices) > 0:
	case o.Type != bot.IntegerOption:
		return value, nil
	default:
		n, err := strconv.Atoi(value)
		if err == nil && (o.Max == 0 || n >= o.Min && n <= o.Max) {
			return strconv.Itoa(n), nil
		}
		if o.Max == 0 {
			return "", Usagef("--%s must be a whole number", f.Name)
		}
	}
	return "", Usagef("--%s must be %s", f.Name, values(o))
}

// Options are flags of a subcommand (selfplay, arena) that are options
// of a game's new, declared by DeclareOptions.
type Options struct {
	flags  []Flag
	values []*string
}

// DeclareOptions declares on fs the flags of the options of a game's new
// (its NewOptions) that names lists, as OptionFlags makes them; Read
// returns their values once fs is parsed.
func DeclareOptions(fs *flag.FlagSet, opts []bot.OptionSpec, names ...string) *Options {
	o := &Options{}
	for _, f := range OptionFlags(opts) {
		if slices.Contains(names, f.Name) {
			o.flags = append(o.flags, f)
			o.values = append(o.values, fs.String(f.Name, f.Default, f.Usage))
		}
	}
	return o
}

// Read returns the flags' values by name, each checked against its
// option's (Flag.Read): the options of the game's new that they give.
func (o *Options) Read() (map[string]string, error) {
	out := map[string]string{}
	for i, f := range o.flags {
		v, err := f.Read(*o.values[i])
		if err != nil {
			return nil, err
		}
		out[f.Name] = v
	}
	return out, nil
}
