package discordfake

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// These tests pin every branch of the fake's option and component checks
// (checkOptionValues, checkInteractive, optionValueLocked): what each
// breach reports (rule, path, code, message, in order) and what each value
// converts to, so that splitting the functions into steps cannot change
// what a test of the bot sees.

// violationLines renders violations one a line, for comparison.
func violationLines(vs []violation) []string {
	var out []string
	for _, v := range vs {
		out = append(out, fmt.Sprintf("%s %s %s: %s", v.rule, v.path, v.code, v.msg))
	}
	return out
}

func intp(n int) *int           { return &n }
func floatp(f float64) *float64 { return &f }
func strChoice(v string) *discordgo.ApplicationCommandOptionChoice {
	return &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v}
}

func TestCheckOptionValues(t *testing.T) {
	t.Parallel()
	const (
		str     = discordgo.ApplicationCommandOptionString
		integer = discordgo.ApplicationCommandOptionInteger
		number  = discordgo.ApplicationCommandOptionNumber
		boolean = discordgo.ApplicationCommandOptionBoolean
		channel = discordgo.ApplicationCommandOptionChannel
	)
	num := func(name string, v any) *discordgo.ApplicationCommandOptionChoice {
		return &discordgo.ApplicationCommandOptionChoice{Name: name, Value: v}
	}
	var many []*discordgo.ApplicationCommandOptionChoice
	for i := range 26 {
		many = append(many, strChoice(fmt.Sprint("c", i)))
	}
	for _, tc := range []struct {
		name string
		o    discordgo.ApplicationCommandOption
		want []string
	}{
		{"string with choices", discordgo.ApplicationCommandOption{Type: str, Choices: []*discordgo.ApplicationCommandOptionChoice{strChoice("a"), strChoice("b")}}, nil},
		{"integer with bounds and choices", discordgo.ApplicationCommandOption{Type: integer, MinValue: floatp(1), MaxValue: 4, Choices: []*discordgo.ApplicationCommandOptionChoice{num("two", 2.0)}}, nil},
		{"number with a fraction", discordgo.ApplicationCommandOption{Type: number, Choices: []*discordgo.ApplicationCommandOptionChoice{num("half", 0.5)}}, nil},
		{"min equal to max", discordgo.ApplicationCommandOption{Type: number, MinValue: floatp(3), MaxValue: 3}, nil},
		{"string with length bounds", discordgo.ApplicationCommandOption{Type: str, MinLength: intp(0), MaxLength: 6000}, nil},
		{"channel with channel types", discordgo.ApplicationCommandOption{Type: channel, ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText}}, nil},
		{"string autocompletes", discordgo.ApplicationCommandOption{Type: str, Autocomplete: true}, nil},
		{"boolean with choices", discordgo.ApplicationCommandOption{Type: boolean, Choices: []*discordgo.ApplicationCommandOptionChoice{strChoice("y")}}, []string{
			"command.choices o.choices APPLICATION_COMMAND_OPTION_CHOICES_INVALID: only string, integer and number options have choices",
			"command.choices o.choices.0.value BASE_TYPE_CHOICES: a Boolean option needs numeric choice values",
		}},
		{"26 choices", discordgo.ApplicationCommandOption{Type: str, Choices: many}, []string{
			"command.choices o.choices BASE_TYPE_MAX_LENGTH: at most 25 choices (got 26)",
		}},
		{"autocomplete with choices", discordgo.ApplicationCommandOption{Type: str, Autocomplete: true, Choices: []*discordgo.ApplicationCommandOptionChoice{strChoice("a")}}, []string{
			"command.choices o.autocomplete APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES: autocomplete cannot be combined with choices",
		}},
		{"boolean autocompletes", discordgo.ApplicationCommandOption{Type: boolean, Autocomplete: true}, []string{
			"command.options o.autocomplete APPLICATION_COMMAND_OPTION_INVALID: only string, integer and number options autocomplete",
		}},
		{"null choice", discordgo.ApplicationCommandOption{Type: str, Choices: []*discordgo.ApplicationCommandOptionChoice{strChoice("a"), nil}}, []string{
			"command.choices o.choices.1. BASE_TYPE_REQUIRED: null choice",
		}},
		{"choice name empty and too long", discordgo.ApplicationCommandOption{Type: str, Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "", Value: "a"}, {Name: strings.Repeat("n", 101), Value: "b"},
		}}, []string{
			"command.choices o.choices.0.name BASE_TYPE_BAD_LENGTH: must be between 1 and 100 in length (got 0)",
			"command.choices o.choices.1.name BASE_TYPE_BAD_LENGTH: must be between 1 and 100 in length (got 101)",
		}},
		{"choice name localizations", discordgo.ApplicationCommandOption{Type: str, Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "a", Value: "a", NameLocalizations: map[discordgo.Locale]string{"de": ""}},
			{Name: "b", Value: "b", NameLocalizations: map[discordgo.Locale]string{"xx": "b"}},
		}}, []string{
			"command.choices o.choices.0.name_localizations.de BASE_TYPE_BAD_LENGTH: must be between 1 and 100 in length (got 0)",
			// %q prints a discordgo.Locale through its String method, which
			// names every locale it does not know "unknown".
			`command.locale o.choices.1.name_localizations LOCALE: "unknown" is not a Discord locale`,
		}},
		{"string choice values empty and too long", discordgo.ApplicationCommandOption{Type: str, Choices: []*discordgo.ApplicationCommandOptionChoice{
			num("a", ""), num("b", strings.Repeat("v", 101)),
		}}, []string{
			"command.choices o.choices.0.value BASE_TYPE_BAD_LENGTH: must be between 1 and 100 in length (got 0)",
			"command.choices o.choices.1.value BASE_TYPE_BAD_LENGTH: must be between 1 and 100 in length (got 101)",
		}},
		{"integer with a string choice", discordgo.ApplicationCommandOption{Type: integer, Choices: []*discordgo.ApplicationCommandOptionChoice{strChoice("a")}}, []string{
			"command.choices o.choices.0.value BASE_TYPE_CHOICES: a Integer option needs numeric choice values",
		}},
		{"string with a numeric choice", discordgo.ApplicationCommandOption{Type: str, Choices: []*discordgo.ApplicationCommandOptionChoice{num("one", 1.0)}}, []string{
			"command.choices o.choices.0.value BASE_TYPE_CHOICES: a string option needs string choice values",
		}},
		{"integer with a fraction", discordgo.ApplicationCommandOption{Type: integer, Choices: []*discordgo.ApplicationCommandOptionChoice{num("half", 1.5)}}, []string{
			"command.choices o.choices.0.value NUMBER_TYPE_COERCE: integer choice value 1.5 is not an integer",
		}},
		{"choice value neither string nor number", discordgo.ApplicationCommandOption{Type: integer, Choices: []*discordgo.ApplicationCommandOptionChoice{num("one", 1), num("yes", true)}}, []string{
			"command.choices o.choices.0.value BASE_TYPE_REQUIRED: choice value must be a string or a number",
			"command.choices o.choices.1.value BASE_TYPE_REQUIRED: choice value must be a string or a number",
		}},
		{"min_value on a string", discordgo.ApplicationCommandOption{Type: str, MinValue: floatp(0)}, []string{
			"command.options o.min_value APPLICATION_COMMAND_OPTION_INVALID: only integer and number options have min_value/max_value",
		}},
		{"max_value on a string", discordgo.ApplicationCommandOption{Type: str, MaxValue: 3}, []string{
			"command.options o.min_value APPLICATION_COMMAND_OPTION_INVALID: only integer and number options have min_value/max_value",
		}},
		{"min_value above max_value", discordgo.ApplicationCommandOption{Type: integer, MinValue: floatp(5), MaxValue: 3}, []string{
			"command.options o.min_value NUMBER_TYPE_MAX: min_value 5 is above max_value 3",
		}},
		{"min_length on an integer", discordgo.ApplicationCommandOption{Type: integer, MinLength: intp(1)}, []string{
			"command.options o.min_length APPLICATION_COMMAND_OPTION_INVALID: only string options have min_length/max_length",
		}},
		{"max_length on an integer", discordgo.ApplicationCommandOption{Type: integer, MaxLength: 5}, []string{
			"command.options o.min_length APPLICATION_COMMAND_OPTION_INVALID: only string options have min_length/max_length",
		}},
		{"min_length negative", discordgo.ApplicationCommandOption{Type: str, MinLength: intp(-1)}, []string{
			"command.options o.min_length NUMBER_TYPE_MAX: min_length must be between 0 and 6000",
		}},
		{"min_length over 6000", discordgo.ApplicationCommandOption{Type: str, MinLength: intp(6001)}, []string{
			"command.options o.min_length NUMBER_TYPE_MAX: min_length must be between 0 and 6000",
		}},
		{"max_length negative", discordgo.ApplicationCommandOption{Type: str, MaxLength: -1}, []string{
			"command.options o.max_length NUMBER_TYPE_MAX: max_length must be between 1 and 6000",
		}},
		{"max_length over 6000", discordgo.ApplicationCommandOption{Type: str, MaxLength: 6001}, []string{
			"command.options o.max_length NUMBER_TYPE_MAX: max_length must be between 1 and 6000",
		}},
		{"channel_types on a string", discordgo.ApplicationCommandOption{Type: str, ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText}}, []string{
			"command.options o.channel_types APPLICATION_COMMAND_OPTION_INVALID: only channel options have channel_types",
		}},
		{"every breach at once, in order", discordgo.ApplicationCommandOption{Type: boolean, Autocomplete: true, Choices: append(slices.Clone(many), nil),
			MinValue: floatp(2), MaxValue: 1, MinLength: intp(-1), MaxLength: -1, ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText}}, func() []string {
			out := []string{
				"command.choices o.choices APPLICATION_COMMAND_OPTION_CHOICES_INVALID: only string, integer and number options have choices",
				"command.choices o.choices BASE_TYPE_MAX_LENGTH: at most 25 choices (got 27)",
				"command.choices o.autocomplete APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES: autocomplete cannot be combined with choices",
				"command.options o.autocomplete APPLICATION_COMMAND_OPTION_INVALID: only string, integer and number options autocomplete",
			}
			for i := range 26 {
				out = append(out, fmt.Sprintf("command.choices o.choices.%d.value BASE_TYPE_CHOICES: a Boolean option needs numeric choice values", i))
			}
			return append(out,
				"command.choices o.choices.26. BASE_TYPE_REQUIRED: null choice",
				"command.options o.min_value APPLICATION_COMMAND_OPTION_INVALID: only integer and number options have min_value/max_value",
				"command.options o.min_value NUMBER_TYPE_MAX: min_value 2 is above max_value 1",
				"command.options o.min_length APPLICATION_COMMAND_OPTION_INVALID: only string options have min_length/max_length",
				"command.options o.min_length NUMBER_TYPE_MAX: min_length must be between 0 and 6000",
				"command.options o.max_length NUMBER_TYPE_MAX: max_length must be between 1 and 6000",
				"command.options o.channel_types APPLICATION_COMMAND_OPTION_INVALID: only channel options have channel_types",
			)
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c checker
			checkOptionValues(&c, "o.", &tc.o)
			if got := violationLines(c.vs); !slices.Equal(got, tc.want) {
				t.Errorf("violations:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestCheckInteractive(t *testing.T) {
	t.Parallel()
	opts := func(n int) []discordgo.SelectMenuOption {
		var out []discordgo.SelectMenuOption
		for i := range n {
			out = append(out, discordgo.SelectMenuOption{Label: fmt.Sprint("l", i), Value: fmt.Sprint("v", i)})
		}
		return out
	}
	emoji := &discordgo.ComponentEmoji{Name: "🎲"}
	for _, tc := range []struct {
		name   string
		comp   discordgo.MessageComponent
		want   []string
		wantID string // the custom_id the check records as used at "c", if any
	}{
		{"primary button", &discordgo.Button{Style: discordgo.PrimaryButton, CustomID: "a", Label: "A"}, nil, "a"},
		{"danger button with only an emoji", &discordgo.Button{Style: discordgo.DangerButton, CustomID: "a", Emoji: emoji}, nil, "a"},
		{"link button", &discordgo.Button{Style: discordgo.LinkButton, URL: "https://example.com", Label: "L"}, nil, ""},
		{"premium button without a label", &discordgo.Button{Style: discordgo.PremiumButton, SKUID: "1"}, nil, ""},
		{"link button without url, with custom_id", &discordgo.Button{Style: discordgo.LinkButton, CustomID: "x", Label: "L"}, []string{
			"components.button c.url BASE_TYPE_REQUIRED: link buttons need a url",
			"components.custom-id c.custom_id BUTTON_CUSTOM_ID_NOT_ALLOWED: link buttons cannot have a custom_id",
		}, ""},
		{"premium button without sku", &discordgo.Button{Style: discordgo.PremiumButton}, []string{
			"components.button c.sku_id BASE_TYPE_REQUIRED: premium buttons need a sku_id",
		}, ""},
		{"secondary button without custom_id", &discordgo.Button{Style: discordgo.SecondaryButton, Label: "A"}, []string{
			"components.custom-id c.custom_id BASE_TYPE_REQUIRED: custom_id is required",
		}, ""},
		{"success button with url", &discordgo.Button{Style: discordgo.SuccessButton, CustomID: "a", Label: "A", URL: "https://example.com"}, []string{
			"components.button c.url BUTTON_URL_NOT_ALLOWED: only link buttons have a url",
		}, "a"},
		{"unknown style, no label", &discordgo.Button{Style: 9, CustomID: "a"}, []string{
			"components.button c.style BASE_TYPE_CHOICES: unknown button style 9",
			"components.button c.label BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED: a button needs a label or an emoji",
		}, ""},
		{"label too long", &discordgo.Button{Style: discordgo.PrimaryButton, CustomID: "a", Label: strings.Repeat("é", 81)}, []string{
			"components.button c.label BASE_TYPE_MAX_LENGTH: must be 80 or fewer in length (got 81)",
		}, "a"},
		{"custom_id too long", &discordgo.Button{Style: discordgo.PrimaryButton, CustomID: strings.Repeat("i", 101), Label: "A"}, []string{
			"components.custom-id c.custom_id BASE_TYPE_BAD_LENGTH: must be between 1 and 100 in length (got 101)",
		}, strings.Repeat("i", 101)},
		{"custom_id used before", &discordgo.Button{Style: discordgo.PrimaryButton, CustomID: "taken", Label: "A"}, []string{
			`components.unique c.custom_id COMPONENT_CUSTOM_ID_DUPLICATED: custom_id "taken" is already used at components.9`,
		}, ""},
		{"string select", &discordgo.SelectMenu{CustomID: "s", Options: opts(2)}, nil, "s"},
		{"string select of 25, up to 25 values", &discordgo.SelectMenu{CustomID: "s", Options: opts(25), MinValues: intp(0), MaxValues: 25}, nil, "s"},
		{"user select", &discordgo.SelectMenu{MenuType: discordgo.UserSelectMenu, CustomID: "u"}, nil, "u"},
		{"select without custom_id, long placeholder", &discordgo.SelectMenu{Placeholder: strings.Repeat("p", 151), Options: opts(1)}, []string{
			"components.custom-id c.custom_id BASE_TYPE_REQUIRED: custom_id is required",
			"components.select c.placeholder BASE_TYPE_MAX_LENGTH: must be 150 or fewer in length (got 151)",
		}, ""},
		{"min_values negative", &discordgo.SelectMenu{CustomID: "s", Options: opts(2), MinValues: intp(-1)}, []string{
			"components.select c.min_values NUMBER_TYPE_MAX: min_values must be between 0 and 25 (got -1)",
		}, "s"},
		{"min_values over 25", &discordgo.SelectMenu{CustomID: "s", Options: opts(2), MinValues: intp(26)}, []string{
			"components.select c.min_values NUMBER_TYPE_MAX: min_values must be between 0 and 25 (got 26)",
			"components.select c.min_values SELECT_COMPONENT_MIN_VALUES_TOO_LARGE: min_values 26 is above max_values 1",
		}, "s"},
		{"max_values negative", &discordgo.SelectMenu{CustomID: "s", Options: opts(2), MaxValues: -1}, []string{
			"components.select c.max_values NUMBER_TYPE_MAX: max_values must be between 1 and 25 (got -1)",
			"components.select c.min_values SELECT_COMPONENT_MIN_VALUES_TOO_LARGE: min_values 1 is above max_values -1",
			"components.select c.options SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES: 0 options are default but max_values is -1",
		}, "s"},
		{"max_values over 25", &discordgo.SelectMenu{CustomID: "s", Options: opts(25), MaxValues: 26}, []string{
			"components.select c.max_values NUMBER_TYPE_MAX: max_values must be between 1 and 25 (got 26)",
			"components.select c.max_values SELECT_COMPONENT_MAX_VALUES_TOO_LARGE: max_values 26 is above the 25 options",
		}, "s"},
		{"min_values above max_values", &discordgo.SelectMenu{CustomID: "s", Options: opts(3), MinValues: intp(3), MaxValues: 2}, []string{
			"components.select c.min_values SELECT_COMPONENT_MIN_VALUES_TOO_LARGE: min_values 3 is above max_values 2",
		}, "s"},
		{"channel select with options", &discordgo.SelectMenu{MenuType: discordgo.ChannelSelectMenu, CustomID: "ch", Options: opts(30), MaxValues: 30}, []string{
			"components.select c.max_values NUMBER_TYPE_MAX: max_values must be between 1 and 25 (got 30)",
			"components.select c.options BASE_TYPE_BAD_LENGTH: only string selects have options",
		}, "ch"},
		{"string select without options", &discordgo.SelectMenu{CustomID: "s", MaxValues: 2}, []string{
			"components.select c.options BASE_TYPE_BAD_LENGTH: a string select needs 1 to 25 options (got 0)",
		}, "s"},
		{"string select of 26", &discordgo.SelectMenu{CustomID: "s", Options: opts(26)}, []string{
			"components.select c.options BASE_TYPE_BAD_LENGTH: a string select needs 1 to 25 options (got 26)",
		}, "s"},
		{"max_values above the options", &discordgo.SelectMenu{CustomID: "s", Options: opts(2), MaxValues: 3}, []string{
			"components.select c.max_values SELECT_COMPONENT_MAX_VALUES_TOO_LARGE: max_values 3 is above the 2 options",
		}, "s"},
		{"bad option texts", &discordgo.SelectMenu{CustomID: "s", Options: []discordgo.SelectMenuOption{
			{Label: "", Value: strings.Repeat("v", 101), Description: strings.Repeat("d", 101)},
			{Label: strings.Repeat("l", 101), Value: "", Description: strings.Repeat("d", 100)},
		}}, []string{
			"components.select c.options.0.label BASE_TYPE_BAD_LENGTH: must be between 1 and 100 in length (got 0)",
			"components.select c.options.0.value BASE_TYPE_BAD_LENGTH: must be between 1 and 100 in length (got 101)",
			"components.select c.options.0.description BASE_TYPE_MAX_LENGTH: must be 100 or fewer in length (got 101)",
			"components.select c.options.1.label BASE_TYPE_BAD_LENGTH: must be between 1 and 100 in length (got 101)",
			"components.select c.options.1.value BASE_TYPE_BAD_LENGTH: must be between 1 and 100 in length (got 0)",
		}, "s"},
		{"option value used twice", &discordgo.SelectMenu{CustomID: "s", Options: []discordgo.SelectMenuOption{
			{Label: "a", Value: "v"}, {Label: "b", Value: "w"}, {Label: "c", Value: "v"},
		}}, []string{
			`components.select c.options.2.value SELECT_COMPONENT_OPTION_VALUE_DUPLICATED: option value "v" is used twice`,
		}, "s"},
		{"more defaults than max_values", &discordgo.SelectMenu{CustomID: "s", Options: []discordgo.SelectMenuOption{
			{Label: "a", Value: "a", Default: true}, {Label: "b", Value: "b", Default: true}, {Label: "c", Value: "c"},
		}}, []string{
			"components.select c.options SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES: 2 options are default but max_values is 1",
		}, "s"},
		{"as many defaults as max_values", &discordgo.SelectMenu{CustomID: "s", MaxValues: 2, Options: []discordgo.SelectMenuOption{
			{Label: "a", Value: "a", Default: true}, {Label: "b", Value: "b", Default: true}, {Label: "c", Value: "c"},
		}}, nil, "s"},
		{"text input in a message", &discordgo.TextInput{CustomID: "t", Label: "T", Style: discordgo.TextInputShort}, []string{
			"components.row c UNION_TYPE_CHOICES: text inputs belong in modals, not messages",
		}, ""},
		{"text display passes", &discordgo.TextDisplay{Content: "hello"}, nil, ""},
		{"action row passes (its children are checked by the caller)", &discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.Button{}}}, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c checker
			ids := map[string]string{"taken": "components.9"}
			checkInteractive(&c, "c", tc.comp, ids)
			if got := violationLines(c.vs); !slices.Equal(got, tc.want) {
				t.Errorf("violations:\n got %q\nwant %q", got, tc.want)
			}
			want := map[string]string{"taken": "components.9"}
			if tc.wantID != "" {
				want[tc.wantID] = "c"
			}
			if fmt.Sprint(ids) != fmt.Sprint(want) {
				t.Errorf("custom_ids recorded: %v, want %v", ids, want)
			}
		})
	}
}

func TestOptionValue(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	u := s.AddUser(User{})
	g := s.AddGuild(Guild{})
	ch := s.AddChannel(Channel{GuildID: g.ID})
	const (
		str         = discordgo.ApplicationCommandOptionString
		integer     = discordgo.ApplicationCommandOptionInteger
		number      = discordgo.ApplicationCommandOptionNumber
		boolean     = discordgo.ApplicationCommandOptionBoolean
		user        = discordgo.ApplicationCommandOptionUser
		mentionable = discordgo.ApplicationCommandOptionMentionable
		channel     = discordgo.ApplicationCommandOptionChannel
		role        = discordgo.ApplicationCommandOptionRole
	)
	numChoices := []*discordgo.ApplicationCommandOptionChoice{{Name: "two", Value: 2.0}, {Name: "four", Value: 4.0}}
	for _, tc := range []struct {
		name    string
		def     discordgo.ApplicationCommandOption
		v       any
		want    string // the value sent, as %T %v
		wantErr string
	}{
		{"string", discordgo.ApplicationCommandOption{Type: str}, "abc", "string abc", ""},
		{"string, not a string", discordgo.ApplicationCommandOption{Type: str}, 3, "", "string option needs a string, got int"},
		{"string under min_length", discordgo.ApplicationCommandOption{Type: str, MinLength: intp(2)}, "é", "", `"é" is outside the registered length bounds`},
		{"string at min_length", discordgo.ApplicationCommandOption{Type: str, MinLength: intp(2)}, "ab", "string ab", ""},
		{"string at max_length in runes", discordgo.ApplicationCommandOption{Type: str, MaxLength: 2}, "éé", "string éé", ""},
		{"string over max_length", discordgo.ApplicationCommandOption{Type: str, MaxLength: 2}, "abc", "", `"abc" is outside the registered length bounds`},
		{"integer from int", discordgo.ApplicationCommandOption{Type: integer}, 3, "int64 3", ""},
		{"integer from int64", discordgo.ApplicationCommandOption{Type: integer}, int64(3), "int64 3", ""},
		{"integer from int32", discordgo.ApplicationCommandOption{Type: integer}, int32(3), "int64 3", ""},
		{"integer from a whole float64", discordgo.ApplicationCommandOption{Type: integer}, 3.0, "int64 3", ""},
		{"integer from a fraction", discordgo.ApplicationCommandOption{Type: integer}, 2.5, "", "integer option got 2.5"},
		{"integer from a string", discordgo.ApplicationCommandOption{Type: integer}, "3", "", "numeric option needs a number, got string"},
		{"integer from uint", discordgo.ApplicationCommandOption{Type: integer}, uint(3), "", "numeric option needs a number, got uint"},
		{"integer under min_value", discordgo.ApplicationCommandOption{Type: integer, MinValue: floatp(1)}, 0, "", "0 is outside the registered bounds"},
		{"integer at min_value", discordgo.ApplicationCommandOption{Type: integer, MinValue: floatp(1)}, 1, "int64 1", ""},
		{"integer over max_value", discordgo.ApplicationCommandOption{Type: integer, MaxValue: 5}, 6, "", "6 is outside the registered bounds"},
		{"integer at max_value", discordgo.ApplicationCommandOption{Type: integer, MaxValue: 5}, 5, "int64 5", ""},
		{"number", discordgo.ApplicationCommandOption{Type: number}, 2.5, "float64 2.5", ""},
		{"number from int", discordgo.ApplicationCommandOption{Type: number}, 2, "float64 2", ""},
		{"number from bool", discordgo.ApplicationCommandOption{Type: number}, true, "", "numeric option needs a number, got bool"},
		{"number over max_value", discordgo.ApplicationCommandOption{Type: number, MinValue: floatp(0), MaxValue: 1}, 1.5, "", "1.5 is outside the registered bounds"},
		{"boolean", discordgo.ApplicationCommandOption{Type: boolean}, true, "bool true", ""},
		{"boolean, not a bool", discordgo.ApplicationCommandOption{Type: boolean}, "true", "", "boolean option needs a bool, got string"},
		{"user", discordgo.ApplicationCommandOption{Type: user}, u.ID, "string " + u.ID, ""},
		{"user unknown", discordgo.ApplicationCommandOption{Type: user}, "999", "", "user option needs the id of a known user, got 999"},
		{"user, not a string", discordgo.ApplicationCommandOption{Type: user}, 5, "", "user option needs the id of a known user, got 5"},
		{"mentionable", discordgo.ApplicationCommandOption{Type: mentionable}, u.ID, "string " + u.ID, ""},
		{"mentionable unknown (a role's id, say)", discordgo.ApplicationCommandOption{Type: mentionable}, "999", "string 999", ""},
		{"mentionable, not a string", discordgo.ApplicationCommandOption{Type: mentionable}, 5, "", "user option needs the id of a known user, got 5"},
		{"channel", discordgo.ApplicationCommandOption{Type: channel}, ch.ID, "string " + ch.ID, ""},
		{"channel unknown", discordgo.ApplicationCommandOption{Type: channel}, "999", "", "channel option needs the id of a known channel, got 999"},
		{"channel, not a string", discordgo.ApplicationCommandOption{Type: channel}, 5, "", "channel option needs the id of a known channel, got 5"},
		{"role", discordgo.ApplicationCommandOption{Type: role}, "r1", "string r1", ""},
		{"role, not a string", discordgo.ApplicationCommandOption{Type: role}, 1, "", "role option needs a role id, got int"},
		{"attachment", discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment}, "a", "", "options of type Attachment are not supported by discordfake"},
		{"subcommand", discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand}, "a", "", "options of type SubCommand are not supported by discordfake"},
		{"string choice", discordgo.ApplicationCommandOption{Type: str, Choices: []*discordgo.ApplicationCommandOptionChoice{strChoice("a"), strChoice("b")}}, "b", "string b", ""},
		{"string not a choice", discordgo.ApplicationCommandOption{Type: str, Choices: []*discordgo.ApplicationCommandOptionChoice{strChoice("a"), strChoice("b")}}, "c", "", "c is not one of the registered choices"},
		{"integer choice", discordgo.ApplicationCommandOption{Type: integer, Choices: numChoices}, 4, "int64 4", ""},
		{"integer not a choice", discordgo.ApplicationCommandOption{Type: integer, Choices: numChoices}, 3, "", "3 is not one of the registered choices"},
		{"bounds are checked before choices", discordgo.ApplicationCommandOption{Type: integer, MaxValue: 3, Choices: numChoices}, 4, "", "4 is outside the registered bounds"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s.mu.Lock()
			got, err := s.optionValueLocked(&tc.def, tc.v)
			s.mu.Unlock()
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("got %T %v, error %v; want error %q", got, got, err, tc.wantErr)
				}
				if got != nil {
					t.Errorf("with the error, a value %T %v", got, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v, want %s", err, tc.want)
			}
			if s := fmt.Sprintf("%T %v", got, got); s != tc.want {
				t.Errorf("got %s, want %s", s, tc.want)
			}
		})
	}
}
