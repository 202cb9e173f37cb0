package discord

import (
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
)

// toRequest turns an interaction into the command layer's request; commands
// names the slash commands registered (the games' kinds).
func toRequest(i *discordgo.Interaction, commands map[string]bool) (bot.Request, bool) {
	req := bot.Request{Guild: i.GuildID, Channel: i.ChannelID, User: user(i), Interaction: i.ID, DM: i.GuildID == ""}
	if i.GuildLocale != nil {
		req.GuildLocale = string(*i.GuildLocale)
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok || !commands[data.Name] || len(data.Options) != 1 {
			return req, false
		}
		sub := data.Options[0]
		req.Game = data.Name
		req.Kind = bot.CommandRequest
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = bot.AutocompleteRequest
		}
		req.Command = sub.Name
		req.Options = map[string]string{}
		for _, o := range sub.Options {
			req.Options[o.Name] = optionString(o)
			if o.Focused {
				req.Focused = o.Name
			}
		}
		return req, true
	case discordgo.InteractionMessageComponent:
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return req, false
		}
		req.Kind = bot.ComponentRequest
		req.CustomID = data.CustomID
		req.Values = data.Values
		if i.Message != nil {
			req.Message = i.Message.ID
		}
		return req, true
	}
	return req, false
}

// optionString returns an option's value as text; integers arrive from
// JSON as floats.
func optionString(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch v := o.Value.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatInt(int64(v), 10)
	case bool:
		return strconv.FormatBool(v)
	case nil:
		return ""
	}
	return fmt.Sprint(o.Value)
}

func user(i *discordgo.Interaction) bot.User {
	var u bot.User
	u.Locale = string(i.Locale)
	du := i.User
	if i.Member != nil {
		du = i.Member.User
		u.ManageChannels = i.Member.Permissions&discordgo.PermissionManageChannels != 0
	}
	if du != nil {
		u.ID = du.ID
		u.Name = du.Username
		if du.GlobalName != "" {
			u.Name = du.GlobalName
		}
	}
	if i.Member != nil && i.Member.Nick != "" {
		u.Name = i.Member.Nick
	}
	return u
}
