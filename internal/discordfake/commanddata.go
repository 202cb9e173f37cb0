package discordfake

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Option is a value a user typed for a slash command option.
type Option struct {
	Name  string
	Value any // string, bool, int/int64 (integer options), float64 (number options), or an id string
}

// Opt returns an Option; the option's type comes from the registered
// command definition.
func Opt(name string, value any) Option { return Option{Name: name, Value: value} }

// wireOption is an option as sent in interaction data.
type wireOption struct {
	Name    string                                 `json:"name"`
	Type    discordgo.ApplicationCommandOptionType `json:"type"`
	Value   any                                    `json:"value,omitempty"`
	Options []*wireOption                          `json:"options,omitempty"`
	Focused bool                                   `json:"focused,omitempty"`
}

type wireResolved struct {
	Users    map[string]*discordgo.User    `json:"users,omitempty"`
	Members  map[string]*discordgo.Member  `json:"members,omitempty"`
	Channels map[string]*discordgo.Channel `json:"channels,omitempty"`
}

type wireCommandData struct {
	ID       string                           `json:"id"`
	Name     string                           `json:"name"`
	Type     discordgo.ApplicationCommandType `json:"type"`
	GuildID  string                           `json:"guild_id,omitempty"`
	Options  []*wireOption                    `json:"options,omitempty"`
	Resolved *wireResolved                    `json:"resolved,omitempty"`
}

// findCommandLocked returns the chat-input command a user in the guild
// would see under that name: guild commands shadow global ones.
func (s *Server) findCommandLocked(guildID, name string) *discordgo.ApplicationCommand {
	for _, list := range [][]*discordgo.ApplicationCommand{s.guildCmds[guildID], s.globalCmds} {
		for _, c := range list {
			if c.Name == name && (c.Type == 0 || c.Type == discordgo.ChatApplicationCommand) {
				return c
			}
		}
	}
	return nil
}

// commandDataLocked builds the data of a command or autocomplete
// interaction from the registered definition, checking the test's input
// the way Discord's client would constrain a user.
func (s *Server) commandDataLocked(guildID, name, sub string, opts []Option, focused, typed string) (*wireCommandData, error) {
	cmd := s.findCommandLocked(guildID, name)
	if cmd == nil {
		return nil, fmt.Errorf("command /%s is not registered (globally or for guild %s)", name, guildID)
	}
	data := &wireCommandData{ID: cmd.ID, Name: cmd.Name, Type: discordgo.ChatApplicationCommand, GuildID: cmd.GuildID}
	defs := cmd.Options
	attach := func(o *wireOption) { data.Options = append(data.Options, o) }
	path := "/" + name
	for _, part := range strings.Fields(sub) {
		var def *discordgo.ApplicationCommandOption
		for _, d := range defs {
			if d.Name == part && (d.Type == discordgo.ApplicationCommandOptionSubCommand || d.Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
				def = d
			}
		}
		if def == nil {
			return nil, fmt.Errorf("%s has no subcommand or group %q", path, part)
		}
		o := &wireOption{Name: def.Name, Type: def.Type}
		attach(o)
		attach = func(child *wireOption) { o.Options = append(o.Options, child) }
		defs = def.Options
		path += " " + part
	}
	for _, d := range defs {
		if d.Type == discordgo.ApplicationCommandOptionSubCommand || d.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
			return nil, fmt.Errorf("%s needs a subcommand (e.g. %q)", path, d.Name)
		}
	}

	given := map[string]bool{}
	for _, o := range opts {
		def := optionDef(defs, o.Name)
		if def == nil {
			return nil, fmt.Errorf("%s has no option %q", path, o.Name)
		}
		if given[o.Name] {
			return nil, fmt.Errorf("%s: option %q given twice", path, o.Name)
		}
		given[o.Name] = true
		v, err := s.optionValueLocked(def, o.Value)
		if err != nil {
			return nil, fmt.Errorf("%s option %q: %w", path, o.Name, err)
		}
		attach(&wireOption{Name: def.Name, Type: def.Type, Value: v})
		s.resolveLocked(data, guildID, def.Type, v)
	}
	if focused != "" {
		def := optionDef(defs, focused)
		switch {
		case def == nil:
			return nil, fmt.Errorf("%s has no option %q to autocomplete", path, focused)
		case !def.Autocomplete:
			return nil, fmt.Errorf("%s option %q is not registered with autocomplete", path, focused)
		case given[focused]:
			return nil, fmt.Errorf("%s option %q is both focused and given", path, focused)
		}
		// Discord sends what the user has typed so far as a string.
		attach(&wireOption{Name: def.Name, Type: def.Type, Value: typed, Focused: true})
		return data, nil
	}
	for _, d := range defs {
		if d.Required && !given[d.Name] {
			return nil, fmt.Errorf("%s: required option %q missing", path, d.Name)
		}
	}
	return data, nil
}

func optionDef(defs []*discordgo.ApplicationCommandOption, name string) *discordgo.ApplicationCommandOption {
	for _, d := range defs {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// optionValueLocked converts a test's value to what Discord would send for
// the option's type, enforcing choices and bounds as the client does: a
// user cannot send what Discord's client would not let them type.
func (s *Server) optionValueLocked(def *discordgo.ApplicationCommandOption, v any) (any, error) {
	out, err := s.convertOptionLocked(def, v)
	if err != nil {
		return nil, err
	}
	if err := checkChosen(def, out); err != nil {
		return nil, err
	}
	return out, nil
}

// convertOptionLocked converts a test's value by the option's type (as
// optionValueLocked, without the choices): a string, a number, a bool or
// the id of something the fake knows.
func (s *Server) convertOptionLocked(def *discordgo.ApplicationCommandOption, v any) (any, error) {
	switch def.Type {
	case discordgo.ApplicationCommandOptionString:
		return stringOptionValue(def, v)
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		return numericOptionValue(def, v)
	case discordgo.ApplicationCommandOptionBoolean:
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("boolean option needs a bool, got %T", v)
		}
		return b, nil
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable,
		discordgo.ApplicationCommandOptionChannel, discordgo.ApplicationCommandOptionRole:
		return s.idOptionLocked(def, v)
	default:
		return nil, fmt.Errorf("options of type %v are not supported by discordfake", def.Type)
	}
}

// stringOptionValue checks a string option's value against min_length and
// max_length, counted in characters as Discord's client counts them.
func stringOptionValue(def *discordgo.ApplicationCommandOption, v any) (any, error) {
	str, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("string option needs a string, got %T", v)
	}
	n := utf8.RuneCountInString(str)
	if def.MinLength != nil && n < *def.MinLength || def.MaxLength > 0 && n > def.MaxLength {
		return nil, fmt.Errorf("%q is outside the registered length bounds", str)
	}
	return str, nil
}

// numericOptionValue converts any Go number a test may write to the value
// of an integer option (int64: discordgo reads it as a whole number) or a
// number option (float64), within min_value and max_value.
func numericOptionValue(def *discordgo.ApplicationCommandOption, v any) (any, error) {
	var f float64
	switch n := v.(type) {
	case int:
		f = float64(n)
	case int64:
		f = float64(n)
	case int32:
		f = float64(n)
	case float64:
		f = n
	default:
		return nil, fmt.Errorf("numeric option needs a number, got %T", v)
	}
	integer := def.Type == discordgo.ApplicationCommandOptionInteger
	if integer && f != math.Trunc(f) {
		return nil, fmt.Errorf("integer option got %v", f)
	}
	if def.MinValue != nil && f < *def.MinValue || def.MaxValue != 0 && f > def.MaxValue {
		return nil, fmt.Errorf("%v is outside the registered bounds", f)
	}
	if integer {
		return int64(f), nil
	}
	return f, nil
}

// idOptionLocked checks the id given to a user, mentionable, channel or
// role option. A user or a channel must be one the fake knows, since
// Discord resolves it for the bot (resolveLocked); a mentionable may name a
// role, and roles are not modelled, so any id passes.
func (s *Server) idOptionLocked(def *discordgo.ApplicationCommandOption, v any) (any, error) {
	id, ok := v.(string)
	switch def.Type {
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		if !ok || (s.users[id] == nil && def.Type == discordgo.ApplicationCommandOptionUser) {
			return nil, fmt.Errorf("user option needs the id of a known user, got %v", v)
		}
	case discordgo.ApplicationCommandOptionChannel:
		if !ok || s.channels[id] == nil {
			return nil, fmt.Errorf("channel option needs the id of a known channel, got %v", v)
		}
	default:
		if !ok {
			return nil, fmt.Errorf("role option needs a role id, got %T", v)
		}
	}
	return id, nil
}

// checkChosen refuses a value outside the option's registered choices,
// if it has any. Values are compared as printed, since a numeric choice
// comes back from JSON as a float64 while an integer option's value is an
// int64.
func checkChosen(def *discordgo.ApplicationCommandOption, out any) error {
	if len(def.Choices) == 0 {
		return nil
	}
	ok := slices.ContainsFunc(def.Choices, func(c *discordgo.ApplicationCommandOptionChoice) bool {
		return fmt.Sprint(c.Value) == fmt.Sprint(out)
	})
	if !ok {
		return fmt.Errorf("%v is not one of the registered choices", out)
	}
	return nil
}

// resolveLocked adds resolved objects for user and channel options, as
// Discord does.
func (s *Server) resolveLocked(data *wireCommandData, guildID string, t discordgo.ApplicationCommandOptionType, v any) {
	id, _ := v.(string)
	if data.Resolved == nil {
		data.Resolved = &wireResolved{}
	}
	r := data.Resolved
	switch {
	case (t == discordgo.ApplicationCommandOptionUser || t == discordgo.ApplicationCommandOptionMentionable) && s.users[id] != nil:
		if r.Users == nil {
			r.Users, r.Members = map[string]*discordgo.User{}, map[string]*discordgo.Member{}
		}
		r.Users[id] = s.wireUserLocked(id)
		if guildID != "" {
			m := s.wireMemberLocked(guildID, id)
			m.User = nil // resolved members omit the user
			r.Members[id] = m
		}
	case t == discordgo.ApplicationCommandOptionChannel:
		if r.Channels == nil {
			r.Channels = map[string]*discordgo.Channel{}
		}
		r.Channels[id] = s.wireChannelLocked(id)
	}
	if r.Users == nil && r.Channels == nil {
		data.Resolved = nil
	}
}
