package discordfake

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Application command limits from Discord's documentation.
const (
	maxChatCommands    = 100 // per scope (global, or one guild)
	maxContextCommands = 15  // USER and MESSAGE commands each
	maxCommandOptions  = 25
	maxCommandDesc     = 100
	maxCommandChars    = 4000 // names, descriptions and choices of one command, per locale
	maxOptionLength    = 6000 // min_length/max_length bound
)

// commandNameRE is Discord's rule for chat-input command and option names;
// Devanagari and Thai are listed because their vowel signs are marks, not
// letters.
var commandNameRE = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// discordLocales are the locales Discord accepts as localization keys.
var discordLocales = map[string]bool{}

func init() {
	for _, l := range strings.Fields("id da de en-GB en-US es-ES es-419 fr hr it lt hu nl no pl pt-BR ro fi sv-SE vi tr cs el bg ru uk hi th zh-CN ja zh-TW ko") {
		discordLocales[l] = true
	}
}

func validLocale(l string) bool { return discordLocales[l] }

// checkCommands validates a full command list of one scope, as a bulk
// overwrite sends it.
func checkCommands(cmds []*discordgo.ApplicationCommand) []violation {
	var c checker
	counts := map[discordgo.ApplicationCommandType]int{}
	names := map[string]int{}
	for i, cmd := range cmds {
		counts[cmd.Type]++
		key := fmt.Sprintf("%d/%s", cmd.Type, cmd.Name)
		if j, dup := names[key]; dup {
			c.add(RuleCommandName, fmt.Sprintf("%d.name", i), "APPLICATION_COMMANDS_DUPLICATE_NAME", "command name %q is already used by command %d", cmd.Name, j)
		}
		names[key] = i
		checkCommand(&c, fmt.Sprintf("%d.", i), cmd)
	}
	if n := counts[discordgo.ChatApplicationCommand]; n > maxChatCommands {
		c.add(RuleCommandCount, "", "APPLICATION_COMMANDS_TOO_MANY", "at most %d chat-input commands (got %d)", maxChatCommands, n)
	}
	for _, t := range []discordgo.ApplicationCommandType{discordgo.UserApplicationCommand, discordgo.MessageApplicationCommand} {
		if n := counts[t]; n > maxContextCommands {
			c.add(RuleCommandCount, "", "APPLICATION_COMMANDS_TOO_MANY", "at most %d commands of type %d (got %d)", maxContextCommands, t, n)
		}
	}
	return c.vs
}

// checkName applies the naming rule of chat-input commands and options.
func checkName(c *checker, path, name string, chat bool) {
	if !chat {
		c.lenRange(RuleCommandName, path, name, 1, 32)
		return
	}
	if !commandNameRE.MatchString(name) {
		c.add(RuleCommandName, path, "APPLICATION_COMMAND_INVALID_NAME", "%q must match ^[-_\\p{L}\\p{N}]{1,32}$", name)
	}
	if strings.ToLower(name) != name {
		c.add(RuleCommandName, path, "APPLICATION_COMMAND_INVALID_NAME", "%q must be lowercase", name)
	}
}

// checkLocalized checks a localization map: keys must be Discord locales
// and values obey the same rule as the default text.
func checkLocalized(c *checker, path string, m map[discordgo.Locale]string, value func(path, v string)) {
	for loc, v := range m {
		if !validLocale(string(loc)) {
			c.add(RuleCommandLocale, path, "LOCALE", "%q is not a Discord locale", loc)
			continue
		}
		value(path+"."+string(loc), v)
	}
}

func checkCommand(c *checker, p string, cmd *discordgo.ApplicationCommand) {
	chat := cmd.Type == discordgo.ChatApplicationCommand
	switch cmd.Type {
	case discordgo.ChatApplicationCommand, discordgo.UserApplicationCommand, discordgo.MessageApplicationCommand, 4:
	default:
		c.add(RuleCommandOptions, p+"type", "BASE_TYPE_CHOICES", "unknown command type %d", cmd.Type)
	}
	checkName(c, p+"name", cmd.Name, chat)
	nameRule := func(path, v string) { checkName(c, path, v, chat) }
	descRule := func(path, v string) { c.lenRange(RuleCommandDescription, path, v, 1, maxCommandDesc) }
	if cmd.NameLocalizations != nil {
		checkLocalized(c, p+"name_localizations", *cmd.NameLocalizations, nameRule)
	}
	if chat {
		descRule(p+"description", cmd.Description)
		if cmd.DescriptionLocalizations != nil {
			checkLocalized(c, p+"description_localizations", *cmd.DescriptionLocalizations, descRule)
		}
	} else {
		if cmd.Description != "" {
			c.add(RuleCommandDescription, p+"description", "APPLICATION_COMMAND_DESCRIPTION_NOT_ALLOWED", "only chat-input commands have a description")
		}
		if len(cmd.Options) > 0 {
			c.add(RuleCommandOptions, p+"options", "APPLICATION_COMMAND_OPTIONS_NOT_ALLOWED", "only chat-input commands have options")
		}
		return
	}
	checkOptions(c, p+"options", cmd.Options, levelCommand)
	checkCommandLength(c, p, cmd)
}

// optionLevel is where an option list sits: directly under the command,
// under a subcommand group, or under a subcommand.
type optionLevel int

const (
	levelCommand optionLevel = iota
	levelGroup
	levelSubcommand
)

func isSub(t discordgo.ApplicationCommandOptionType) bool {
	return t == discordgo.ApplicationCommandOptionSubCommand || t == discordgo.ApplicationCommandOptionSubCommandGroup
}

func checkOptions(c *checker, p string, opts []*discordgo.ApplicationCommandOption, level optionLevel) {
	if len(opts) > maxCommandOptions {
		c.add(RuleCommandOptions, p, "BASE_TYPE_MAX_LENGTH", "at most %d options (got %d)", maxCommandOptions, len(opts))
	}
	subs, plain := 0, 0
	seen := map[string]bool{}
	optional := false
	for i, o := range opts {
		op := fmt.Sprintf("%s.%d.", p, i)
		if o == nil {
			c.add(RuleCommandOptions, op, "BASE_TYPE_REQUIRED", "null option")
			continue
		}
		if o.Type < discordgo.ApplicationCommandOptionSubCommand || o.Type > discordgo.ApplicationCommandOptionAttachment {
			c.add(RuleCommandOptions, op+"type", "BASE_TYPE_CHOICES", "unknown option type %d", o.Type)
		}
		checkName(c, op+"name", o.Name, true)
		if seen[o.Name] {
			c.add(RuleCommandOptions, op+"name", "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS", "option name %q is used twice", o.Name)
		}
		seen[o.Name] = true
		c.lenRange(RuleCommandDescription, op+"description", o.Description, 1, maxCommandDesc)
		checkLocalized(c, op+"name_localizations", o.NameLocalizations, func(path, v string) { checkName(c, path, v, true) })
		checkLocalized(c, op+"description_localizations", o.DescriptionLocalizations, func(path, v string) {
			c.lenRange(RuleCommandDescription, path, v, 1, maxCommandDesc)
		})

		if isSub(o.Type) {
			subs++
			switch {
			case o.Type == discordgo.ApplicationCommandOptionSubCommandGroup && level != levelCommand:
				c.add(RuleCommandOptions, op+"type", "APPLICATION_COMMAND_OPTION_NESTING", "subcommand groups may only sit directly under a command")
			case o.Type == discordgo.ApplicationCommandOptionSubCommand && level == levelSubcommand:
				c.add(RuleCommandOptions, op+"type", "APPLICATION_COMMAND_OPTION_NESTING", "subcommands cannot contain subcommands")
			}
			if o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				if len(o.Options) == 0 {
					c.add(RuleCommandOptions, op+"options", "BASE_TYPE_MIN_LENGTH", "a subcommand group needs at least one subcommand")
				}
				checkOptions(c, op+"options", o.Options, levelGroup)
			} else {
				checkOptions(c, op+"options", o.Options, levelSubcommand)
			}
			if len(o.Choices) > 0 || o.Required || o.Autocomplete {
				c.add(RuleCommandOptions, op, "APPLICATION_COMMAND_OPTION_INVALID", "subcommands take no choices, required or autocomplete")
			}
			continue
		}
		plain++
		if level == levelGroup {
			c.add(RuleCommandOptions, op+"type", "APPLICATION_COMMAND_OPTION_NESTING", "a subcommand group may only contain subcommands")
		}
		if len(o.Options) > 0 {
			c.add(RuleCommandOptions, op+"options", "APPLICATION_COMMAND_OPTION_NESTING", "only subcommands and groups have options")
		}
		if o.Required && optional {
			c.add(RuleCommandOptions, op+"required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "required option %q comes after an optional one", o.Name)
		}
		if !o.Required {
			optional = true
		}
		checkOptionValues(c, op, o)
	}
	if subs > 0 && plain > 0 {
		c.add(RuleCommandOptions, p, "APPLICATION_COMMAND_OPTION_NESTING", "subcommands/groups cannot be mixed with other options at one level")
	}
}

// checkOptionValues checks choices, autocomplete and bounds of a value
// option. Each step below checks one group of fields; they run in this
// order so that a request breaking several rules reports them in the same
// order as ever.
func checkOptionValues(c *checker, op string, o *discordgo.ApplicationCommandOption) {
	checkOptionChoices(c, op, o)
	for j, ch := range o.Choices {
		checkOptionChoice(c, fmt.Sprintf("%schoices.%d.", op, j), o.Type, ch)
	}
	checkValueBounds(c, op, o)
	checkLengthBounds(c, op, o)
	if len(o.ChannelTypes) > 0 && o.Type != discordgo.ApplicationCommandOptionChannel {
		c.add(RuleCommandOptions, op+"channel_types", "APPLICATION_COMMAND_OPTION_INVALID", "only channel options have channel_types")
	}
}

// numericOption reports whether options of type t carry a number: only
// those take numeric choices and min_value/max_value.
func numericOption(t discordgo.ApplicationCommandOptionType) bool {
	return t == discordgo.ApplicationCommandOptionInteger || t == discordgo.ApplicationCommandOptionNumber
}

// checkOptionChoices checks what an option may offer its user as a whole:
// choices only on string and numeric options and at most maxChoices of
// them, autocomplete only on those types and never beside choices (Discord
// shows one or the other).
func checkOptionChoices(c *checker, op string, o *discordgo.ApplicationCommandOption) {
	offers := numericOption(o.Type) || o.Type == discordgo.ApplicationCommandOptionString
	if len(o.Choices) > 0 && !offers {
		c.add(RuleCommandChoices, op+"choices", "APPLICATION_COMMAND_OPTION_CHOICES_INVALID", "only string, integer and number options have choices")
	}
	if len(o.Choices) > maxChoices {
		c.add(RuleCommandChoices, op+"choices", "BASE_TYPE_MAX_LENGTH", "at most %d choices (got %d)", maxChoices, len(o.Choices))
	}
	if o.Autocomplete && len(o.Choices) > 0 {
		c.add(RuleCommandChoices, op+"autocomplete", "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES", "autocomplete cannot be combined with choices")
	}
	if o.Autocomplete && !offers {
		c.add(RuleCommandOptions, op+"autocomplete", "APPLICATION_COMMAND_OPTION_INVALID", "only string, integer and number options autocomplete")
	}
}

// checkOptionChoice checks one choice (at path cp) of an option of type t:
// its name and localized names, and a value of the option's own type,
// since Discord sends the chosen value as the option's value. A choice's
// value comes from JSON, so a number is a float64.
func checkOptionChoice(c *checker, cp string, t discordgo.ApplicationCommandOptionType, ch *discordgo.ApplicationCommandOptionChoice) {
	if ch == nil {
		c.add(RuleCommandChoices, cp, "BASE_TYPE_REQUIRED", "null choice")
		return
	}
	c.lenRange(RuleCommandChoices, cp+"name", ch.Name, 1, maxOptionText)
	checkLocalized(c, cp+"name_localizations", ch.NameLocalizations, func(path, v string) {
		c.lenRange(RuleCommandChoices, path, v, 1, maxOptionText)
	})
	switch v := ch.Value.(type) {
	case string:
		if t != discordgo.ApplicationCommandOptionString {
			c.add(RuleCommandChoices, cp+"value", "BASE_TYPE_CHOICES", "a %v option needs numeric choice values", t)
		}
		c.lenRange(RuleCommandChoices, cp+"value", v, 1, maxOptionText)
	case float64:
		if !numericOption(t) {
			c.add(RuleCommandChoices, cp+"value", "BASE_TYPE_CHOICES", "a string option needs string choice values")
		}
		if t == discordgo.ApplicationCommandOptionInteger && v != float64(int64(v)) {
			c.add(RuleCommandChoices, cp+"value", "NUMBER_TYPE_COERCE", "integer choice value %v is not an integer", v)
		}
	default:
		c.add(RuleCommandChoices, cp+"value", "BASE_TYPE_REQUIRED", "choice value must be a string or a number")
	}
}

// checkValueBounds checks min_value and max_value: only numeric options
// have them, and the range must not be empty. A max_value of 0 is read as
// unset, as discordgo omits it from the JSON.
func checkValueBounds(c *checker, op string, o *discordgo.ApplicationCommandOption) {
	if (o.MinValue != nil || o.MaxValue != 0) && !numericOption(o.Type) {
		c.add(RuleCommandOptions, op+"min_value", "APPLICATION_COMMAND_OPTION_INVALID", "only integer and number options have min_value/max_value")
	}
	if o.MinValue != nil && o.MaxValue != 0 && *o.MinValue > o.MaxValue {
		c.add(RuleCommandOptions, op+"min_value", "NUMBER_TYPE_MAX", "min_value %v is above max_value %v", *o.MinValue, o.MaxValue)
	}
}

// checkLengthBounds checks min_length and max_length: only string options
// have them, each within Discord's 0 (1 for max_length) to maxOptionLength.
// A max_length of 0 is read as unset, as discordgo omits it from the JSON.
func checkLengthBounds(c *checker, op string, o *discordgo.ApplicationCommandOption) {
	if (o.MinLength != nil || o.MaxLength != 0) && o.Type != discordgo.ApplicationCommandOptionString {
		c.add(RuleCommandOptions, op+"min_length", "APPLICATION_COMMAND_OPTION_INVALID", "only string options have min_length/max_length")
	}
	if o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > maxOptionLength) {
		c.add(RuleCommandOptions, op+"min_length", "NUMBER_TYPE_MAX", "min_length must be between 0 and %d", maxOptionLength)
	}
	if o.MaxLength != 0 && (o.MaxLength < 1 || o.MaxLength > maxOptionLength) {
		c.add(RuleCommandOptions, op+"max_length", "NUMBER_TYPE_MAX", "max_length must be between 1 and %d", maxOptionLength)
	}
}

// checkCommandLength applies the 4000-character budget of one command:
// the name, description, and every option's name, description and choice
// names and string values, counted in each locale (falling back to the
// default text where a locale has no translation).
func checkCommandLength(c *checker, p string, cmd *discordgo.ApplicationCommand) {
	locales := map[string]bool{"": true}
	collect := func(m map[discordgo.Locale]string) {
		for l := range m {
			locales[string(l)] = true
		}
	}
	if cmd.NameLocalizations != nil {
		collect(*cmd.NameLocalizations)
	}
	if cmd.DescriptionLocalizations != nil {
		collect(*cmd.DescriptionLocalizations)
	}
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			if o == nil {
				continue
			}
			collect(o.NameLocalizations)
			collect(o.DescriptionLocalizations)
			for _, ch := range o.Choices {
				if ch != nil {
					collect(ch.NameLocalizations)
				}
			}
			walk(o.Options)
		}
	}
	walk(cmd.Options)

	for loc := range locales {
		pick := func(def string, m map[discordgo.Locale]string) int {
			if v, ok := m[discordgo.Locale(loc)]; ok && loc != "" {
				return utf8.RuneCountInString(v)
			}
			return utf8.RuneCountInString(def)
		}
		deref := func(m *map[discordgo.Locale]string) map[discordgo.Locale]string {
			if m == nil {
				return nil
			}
			return *m
		}
		total := pick(cmd.Name, deref(cmd.NameLocalizations)) + pick(cmd.Description, deref(cmd.DescriptionLocalizations))
		var count func([]*discordgo.ApplicationCommandOption)
		count = func(opts []*discordgo.ApplicationCommandOption) {
			for _, o := range opts {
				if o == nil {
					continue
				}
				total += pick(o.Name, o.NameLocalizations) + pick(o.Description, o.DescriptionLocalizations)
				for _, ch := range o.Choices {
					if ch == nil {
						continue
					}
					total += pick(ch.Name, ch.NameLocalizations)
					if v, ok := ch.Value.(string); ok {
						total += utf8.RuneCountInString(v)
					}
				}
				count(o.Options)
			}
		}
		count(cmd.Options)
		if total > maxCommandChars {
			name := loc
			if name == "" {
				name = "default"
			}
			c.add(RuleCommandLength, p, "APPLICATION_COMMAND_TOO_LARGE", "command %q holds %d characters in locale %s; the limit is %d", cmd.Name, total, name, maxCommandChars)
		}
	}
}
