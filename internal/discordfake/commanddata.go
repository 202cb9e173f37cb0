package discordfake

import (
	"fmt"
	"math"
	"slices"
	"strings"

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
// the option's type, enforcing choices and bounds as the client does.
func (s *Server) optionValueLocked(def *discordgo.ApplicationCommandOption, v any) (any, error) {
	var out any
	switch def.Type {
	case discordgo.ApplicationCommandOptionString:
		str, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("string option needs a string, got %T", v)
		}
		if def.MinLength != nil && len([]rune(str)) < *def.MinLength || def.MaxLength > 0 && len([]rune(str)) > def.MaxLength {
			return nil, fmt.Errorf("%q is outside the registered length bounds", str)
		}
		out = str
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
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
		if def.Type == discordgo.ApplicationCommandOptionInteger && f != math.Trunc(f) {
			return nil, fmt.Errorf("integer option got %v", f)
		}
		if def.MinValue != nil && f < *def.MinValue || def.MaxValue != 0 && f > def.MaxValue {
			return nil, fmt.Errorf("%v is outside the registered bounds", f)
		}
		if def.Type == discordgo.ApplicationCommandOptionInteger {
			out = int64(f)
		} else {
			out = f
		}
	case discordgo.ApplicationCommandOptionBoolean:
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("boolean option needs a bool, got %T", v)
		}
		out = b
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		id, ok := v.(string)
		if !ok || (s.users[id] == nil && def.Type == discordgo.ApplicationCommandOptionUser) {
			return nil, fmt.Errorf("user option needs the id of a known user, got %v", v)
		}
		out = id
	case discordgo.ApplicationCommandOptionChannel:
		id, ok := v.(string)
		if !ok || s.channels[id] == nil {
			return nil, fmt.Errorf("channel option needs the id of a known channel, got %v", v)
		}
		out = id
	case discordgo.ApplicationCommandOptionRole:
		id, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("role option needs a role id, got %T", v)
		}
		out = id
	default:
		return nil, fmt.Errorf("options of type %v are not supported by discordfake", def.Type)
	}
	if len(def.Choices) > 0 {
		ok := slices.ContainsFunc(def.Choices, func(c *discordgo.ApplicationCommandOptionChoice) bool {
			return fmt.Sprint(c.Value) == fmt.Sprint(out)
		})
		if !ok {
			return nil, fmt.Errorf("%v is not one of the registered choices", out)
		}
	}
	return out, nil
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
