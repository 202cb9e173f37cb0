package discord

import (
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// applicationCommands builds one slash command a game from the command
// layer's specs, with names and descriptions in every language tablebot
// speaks (Discord shows each user their own).
func applicationCommands(cat *i18n.Catalog, cmds []bot.SlashCommand) []*discordgo.ApplicationCommand {
	out := make([]*discordgo.ApplicationCommand, 0, len(cmds))
	for _, c := range cmds {
		out = append(out, applicationCommand(cat, c))
	}
	return out
}

func applicationCommand(cat *i18n.Catalog, c bot.SlashCommand) *discordgo.ApplicationCommand {
	en := cat.Printer(i18n.English)
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	cmd := &discordgo.ApplicationCommand{
		Type:                     discordgo.ChatApplicationCommand,
		Name:                     c.Name,
		Description:              en.T(c.DescID),
		DescriptionLocalizations: ptr(localized(cat, c.DescID)),
		Contexts:                 &guildOnly,
	}
	for _, spec := range c.Subcommands {
		sub := &discordgo.ApplicationCommandOption{
			Type:                     discordgo.ApplicationCommandOptionSubCommand,
			Name:                     spec.Name,
			NameLocalizations:        localized(cat, spec.NameID),
			Description:              en.T(spec.DescID),
			DescriptionLocalizations: localized(cat, spec.DescID),
		}
		for _, o := range spec.Options {
			sub.Options = append(sub.Options, option(cat, o))
		}
		cmd.Options = append(cmd.Options, sub)
	}
	return cmd
}

func option(cat *i18n.Catalog, o bot.OptionSpec) *discordgo.ApplicationCommandOption {
	en := cat.Printer(i18n.English)
	opt := &discordgo.ApplicationCommandOption{
		Type:                     discordgo.ApplicationCommandOptionString,
		Name:                     o.Name,
		NameLocalizations:        localized(cat, o.NameID),
		Description:              en.T(o.DescID),
		DescriptionLocalizations: localized(cat, o.DescID),
		Required:                 o.Required,
		Autocomplete:             o.Autocomplete,
	}
	switch o.Type {
	case bot.IntegerOption:
		opt.Type = discordgo.ApplicationCommandOptionInteger
		if o.Max > 0 {
			lo := float64(o.Min)
			opt.MinValue, opt.MaxValue = &lo, float64(o.Max)
		}
	case bot.BooleanOption:
		opt.Type = discordgo.ApplicationCommandOptionBoolean
	case bot.UserOption:
		opt.Type = discordgo.ApplicationCommandOptionUser
	}
	for _, c := range o.Choices {
		ch := &discordgo.ApplicationCommandOptionChoice{
			Name:              en.T(c.Label),
			NameLocalizations: localized(cat, c.Label),
			Value:             c.Value,
		}
		if o.Type == bot.IntegerOption {
			n, _ := strconv.Atoi(c.Value)
			ch.Value = n
		}
		opt.Choices = append(opt.Choices, ch)
	}
	return opt
}

// localized returns message id in every language but English, keyed by the
// Discord locales of each language.
func localized(cat *i18n.Catalog, id string) map[discordgo.Locale]string {
	out := map[discordgo.Locale]string{}
	for _, l := range i18n.Langs {
		if !cat.Has(l, id) {
			continue
		}
		for _, loc := range l.DiscordLocales() {
			out[discordgo.Locale(loc)] = cat.Printer(l).T(id)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func ptr[T any](v T) *T { return &v }
