package discord

import (
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// applicationCommand builds the /shangrila command from the command
// layer's specs, with names and descriptions in every language tablebot
// speaks (Discord shows each user their own).
func applicationCommand(cat *i18n.Catalog) *discordgo.ApplicationCommand {
	en := cat.Printer(i18n.English)
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	cmd := &discordgo.ApplicationCommand{
		Type:                     discordgo.ChatApplicationCommand,
		Name:                     bot.CommandName,
		Description:              en.T("cmd." + bot.CommandName + ".desc"),
		DescriptionLocalizations: ptr(localized(cat, "cmd."+bot.CommandName+".desc")),
		Contexts:                 &guildOnly,
	}
	for _, spec := range bot.Commands() {
		sub := &discordgo.ApplicationCommandOption{
			Type:                     discordgo.ApplicationCommandOptionSubCommand,
			Name:                     spec.Name,
			NameLocalizations:        localized(cat, "cmd."+spec.Name+".name"),
			Description:              en.T("cmd." + spec.Name + ".desc"),
			DescriptionLocalizations: localized(cat, "cmd."+spec.Name+".desc"),
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
		NameLocalizations:        localized(cat, "opt."+o.Name+".name"),
		Description:              en.T("opt." + o.Name + ".desc"),
		DescriptionLocalizations: localized(cat, "opt."+o.Name+".desc"),
		Required:                 o.Required,
		Autocomplete:             o.Autocomplete,
	}
	if o.Type == bot.IntegerOption {
		opt.Type = discordgo.ApplicationCommandOptionInteger
		if o.Max > 0 {
			lo := float64(o.Min)
			opt.MinValue, opt.MaxValue = &lo, float64(o.Max)
		}
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
