package bot

// CommandName is the one slash command of The Bridges of Shangri-La; its
// subcommands are the actions.
const CommandName = "shangrila"

// OptionType is a command option's value type.
type OptionType uint8

// Option types.
const (
	StringOption OptionType = iota
	IntegerOption
)

// CommandSpec describes a subcommand for adapters: Discord registers it,
// tablebot local reads typed lines with it. Texts are message ids of the
// i18n catalogue: "cmd.<name>.desc" for the description, "cmd.<name>.name"
// for a localised name.
type CommandSpec struct {
	Name    string
	Options []OptionSpec
}

// OptionSpec describes one option of a subcommand. Its texts are
// "opt.<name>.desc" and "opt.<name>.name".
type OptionSpec struct {
	Name         string
	Type         OptionType
	Required     bool
	Autocomplete bool
	Choices      []OptionChoice
	Min, Max     int // integers: the allowed range when Max > 0
}

// OptionChoice is a fixed choice of an option; its label is the message id
// Label.
type OptionChoice struct {
	Label string
	Value string
}

// Commands returns the subcommands of /shangrila in the order they are
// listed.
func Commands() []CommandSpec {
	village := func(name string, required bool) OptionSpec {
		return OptionSpec{Name: name, Type: StringOption, Required: required, Autocomplete: true}
	}
	return []CommandSpec{
		{Name: "new", Options: []OptionSpec{
			{Name: "players", Type: IntegerOption, Choices: []OptionChoice{{"choice.players.3", "3"}, {"choice.players.4", "4"}}},
			{Name: "start", Type: StringOption, Choices: []OptionChoice{{"choice.start.setup", "setup"}, {"choice.start.suggested", "suggested"}}},
		}},
		{Name: "join"},
		{Name: "leave"},
		{Name: "start"},
		{Name: "place", Options: []OptionSpec{village("village", true), village("master", true)}},
		{Name: "recruit", Options: []OptionSpec{village("village", true), village("master", true), village("village2", false), village("master2", false)}},
		{Name: "journey", Options: []OptionSpec{village("from", true), village("to", true)}},
		{Name: "board"},
		{Name: "status"},
		{Name: "history", Options: []OptionSpec{{Name: "count", Type: IntegerOption, Min: 1, Max: 50}}},
		{Name: "hint"},
		{Name: "undo"},
		{Name: "resign"},
		{Name: "cancel"},
		{Name: "rules"},
		{Name: "language", Options: []OptionSpec{{Name: "language", Type: StringOption, Required: true,
			Choices: []OptionChoice{{"choice.language.en", "en"}, {"choice.language.es", "es"}, {"choice.language.it", "it"}}}}},
	}
}

// Command returns the spec of subcommand name.
func Command(name string) (CommandSpec, bool) {
	for _, c := range Commands() {
		if c.Name == name {
			return c, true
		}
	}
	return CommandSpec{}, false
}
