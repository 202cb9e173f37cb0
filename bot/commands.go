package bot

import (
	"strings"

	"github.com/tablebot/tablebot/i18n"
)

// The host's own subcommands, which every game has.
const (
	cmdNew      = "new"
	cmdJoin     = "join"
	cmdLeave    = "leave"
	cmdStart    = "start"
	cmdBoard    = "board"
	cmdStatus   = "status"
	cmdHistory  = "history"
	cmdHint     = "hint"
	cmdUndo     = "undo"
	cmdResign   = "resign"
	cmdCancel   = "cancel"
	cmdRules    = "rules"
	cmdLanguage = "language"
	cmdSettings = "settings"
	cmdMyGames  = "mygames"
)

// Options of the host's subcommands.
const (
	optPlayers  = "players"
	optCount    = "count"
	optLanguage = "language"
)

// PlayersOption is the option of new that says how many seats the table
// has; the host reads it (tablebot local's --players).
const PlayersOption = optPlayers

// OptionType is a command option's value type.
type OptionType uint8

// Option types.
const (
	StringOption OptionType = iota
	IntegerOption
	BooleanOption
	// UserOption is a person of the server; its value is their user id.
	UserOption
)

// SlashCommand is one game's slash command as adapters register it: named
// after the game's kind, with the host's subcommands and the game's own.
type SlashCommand struct {
	Name string
	// DescID is the message id of the command's description.
	DescID      string
	Subcommands []CommandSpec
}

// CommandSpec describes a subcommand: Discord registers it, tablebot local
// reads typed lines with it. NameID and DescID are the message ids of its
// localised name and its description; a game gives only Name and Options,
// and the host finds the ids (see Bot.Commands).
type CommandSpec struct {
	Name    string
	Options []OptionSpec

	NameID, DescID string
}

// OptionSpec describes one option of a subcommand; its ids are found like
// a CommandSpec's.
type OptionSpec struct {
	Name         string
	Type         OptionType
	Required     bool
	Autocomplete bool
	Choices      []OptionChoice
	Min, Max     int // integers: the allowed range when Max > 0
	// Default is the option's value when new does not give it ("" for
	// none): the host fills it in when it reads the options (Configure),
	// and it is the default of the option's flag in tablebot local.
	Default string
	// Help is what tablebot local's help says of the option's flag before
	// its values, in English ("the base's side"); "" for its values alone.
	Help string

	NameID, DescID string
}

// OptionChoice is a fixed choice of an option; its label is the message id
// Label.
type OptionChoice struct {
	Label string
	Value string
}

// ChoicesOf are the choices of values in order, each labelled by the
// message id prefix + value ("choice.mode." + "race").
func ChoicesOf(prefix string, values ...string) []OptionChoice {
	out := make([]OptionChoice, len(values))
	for i, v := range values {
		out[i] = OptionChoice{Label: prefix + v, Value: v}
	}
	return out
}

// hostCommands are the host's subcommands; game's own go after start, and
// newOptions, the options of "new", are the game's.
func hostCommands(newOptions []OptionSpec) (before, after []CommandSpec) {
	before = []CommandSpec{
		{Name: cmdNew, Options: newOptions},
		{Name: cmdJoin},
		{Name: cmdLeave},
		{Name: cmdStart},
	}
	after = []CommandSpec{
		{Name: cmdBoard},
		{Name: cmdStatus},
		{Name: cmdHistory, Options: []OptionSpec{{Name: optCount, Type: IntegerOption, Min: 1, Max: maxHistory}}},
		{Name: cmdHint},
		{Name: cmdUndo},
		{Name: cmdResign},
		{Name: cmdCancel},
		{Name: cmdRules},
		{Name: cmdLanguage, Options: []OptionSpec{{Name: optLanguage, Type: StringOption, Required: true,
			Choices: ChoicesOf("choice.language.", "en", "es", "it")}}},
		{Name: cmdSettings, Options: []OptionSpec{
			{Name: optReminders, Type: StringOption},
			{Name: optMax, Type: IntegerOption, Min: 1, Max: maxReminders},
			{Name: optThen, Type: StringOption, Choices: ChoicesOf("choice.then.", thenWait, thenComputer)},
		}},
		{Name: cmdMyGames},
	}
	return before, after
}

// HostCommandNames lists the host's own subcommands, which every game's
// slash command has ("new", "join", ... "mygames"): a game keeps its moves'
// and its seats' names apart from them.
func HostCommandNames() []string {
	before, after := hostCommands(nil)
	var out []string
	for _, c := range append(before, after...) {
		out = append(out, c.Name)
	}
	return out
}

// Commands returns every game's slash command, in the order the games were
// registered, then PersonCommand's. Texts are looked up game first: "cmd.<kind>.<name>.desc"
// when the catalogue has it, else "cmd.<name>.desc"; likewise "opt." ids.
func (b *Bot) Commands() []SlashCommand {
	var out []SlashCommand
	for _, g := range b.games {
		out = append(out, b.slashCommand(g))
	}
	return append(out, b.personSlashCommand())
}

func (b *Bot) slashCommand(g Game) SlashCommand {
	kind := g.Kind()
	before, after := hostCommands(g.NewOptions())
	subs := append(append(before, g.Commands()...), after...)
	for i := range subs {
		s := &subs[i]
		s.NameID = b.textID(kind, "cmd", s.Name, "name")
		s.DescID = b.textID(kind, "cmd", s.Name, "desc")
		opts := make([]OptionSpec, len(s.Options))
		copy(opts, s.Options)
		for j := range opts {
			o := &opts[j]
			o.NameID = b.textID(kind, "opt", o.Name, "name")
			o.DescID = b.textID(kind, "opt", o.Name, "desc")
		}
		s.Options = opts
	}
	return SlashCommand{Name: kind, DescID: "cmd." + kind + ".desc", Subcommands: subs}
}

// textID returns "<area>.<kind>.<name>.<what>" when English has it, else
// "<area>.<name>.<what>".
func (b *Bot) textID(kind, area, name, what string) string {
	id := area + "." + kind + "." + name + "." + what
	if b.cfg.Catalog.Has(i18n.English, id) {
		return id
	}
	return area + "." + name + "." + what
}

// command returns the spec of a subcommand of game g.
func (b *Bot) command(g Game, name string) (CommandSpec, bool) {
	for _, c := range b.slashCommand(g).Subcommands {
		if c.Name == name {
			return c, true
		}
	}
	return CommandSpec{}, false
}

// Command returns the spec of subcommand name of the game of kind; for
// adapters that read typed commands.
func (b *Bot) Command(kind, name string) (CommandSpec, bool) {
	g, ok := b.game(kind)
	if !ok {
		return CommandSpec{}, false
	}
	return b.command(g, name)
}

// gameID returns the id of the game's own version of the host's message
// id when the game's catalogue has one, "<kind>." + id without its "bot."
// prefix ("shangrila.resign.confirm" for "bot.resign.confirm"), else id:
// a game may say some of the host's things in its own words.
func (b *Bot) gameID(g Game, id string) string {
	own := g.Kind() + "." + strings.TrimPrefix(id, "bot.")
	if b.cfg.Catalog.Has(i18n.English, own) {
		return own
	}
	return id
}
