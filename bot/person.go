package bot

import (
	"context"
	"slices"
)

// PersonCommand is the host's slash command for what belongs to a person,
// not a game: their settings, kept per user and good in every game and
// server the bot is in.
const PersonCommand = "tablebot"

// The subcommands of PersonCommand and their options.
const (
	cmdNotify = "notify"
	optWhere  = "where"
)

// Where a player's turns reach them (UserNotify's values): the game's
// channel (the default), a DM, or both.
const (
	NotifyChannel = "channel"
	NotifyDM      = "dm"
	NotifyBoth    = "both"
)

// UserNotify is the user setting of where turns reach a player.
const UserNotify = "notify"

// personCommands are PersonCommand's subcommands.
func personCommands() []CommandSpec {
	return append([]CommandSpec{
		{Name: cmdNotify, Options: []OptionSpec{{Name: optWhere, Type: StringOption, Choices: ChoicesOf("choice.notify.", NotifyChannel, NotifyDM, NotifyBoth)}}},
		{Name: cmdMyGames},
		quietCommand(),
	}, awayCommands()...)
}

// personSlashCommand is PersonCommand with its texts' ids.
func (b *Bot) personSlashCommand() SlashCommand {
	subs := append(personCommands(), b.statsCommands()...)
	for i := range subs {
		s := &subs[i]
		s.NameID = b.textID(PersonCommand, "cmd", s.Name, "name")
		s.DescID = b.textID(PersonCommand, "cmd", s.Name, "desc")
		for j := range s.Options {
			o := &s.Options[j]
			o.NameID = b.textID(PersonCommand, "opt", o.Name, "name")
			o.DescID = b.textID(PersonCommand, "opt", o.Name, "desc")
		}
	}
	return SlashCommand{Name: PersonCommand, DescID: "cmd." + PersonCommand + ".desc", Subcommands: subs}
}

// person answers PersonCommand's subcommands.
func (b *Bot) person(ctx context.Context, req Request) (Reply, error) {
	switch req.Command {
	case cmdNotify:
		return b.notify(ctx, req)
	case cmdMyGames:
		return b.mygames(ctx, req)
	case cmdStats:
		return b.stats(ctx, req)
	case cmdLeaderboard:
		return b.leaderboard(ctx, req)
	case cmdQuiet:
		return b.quiet(ctx, req)
	case cmdAway:
		return b.away(ctx, req)
	case cmdBack:
		return b.comeBackCommand(ctx, req)
	}
	return Reply{}, fail(Invalid, "bot.err.unknown-command", "command", req.Command)
}

// notify sets where the asker's turns reach them, or with no option tells
// them where they do; privately either way.
func (b *Bot) notify(ctx context.Context, req Request) (Reply, error) {
	p := b.printer(req.User.Locale)
	where := req.Option(optWhere)
	if where == "" {
		cur, err := b.notifyWhere(ctx, req.User.ID)
		if err != nil {
			return Reply{}, err
		}
		return Reply{Private: true, Message: Message{Content: p.T("bot.notify.is." + cur)}}, nil
	}
	if !slices.Contains([]string{NotifyChannel, NotifyDM, NotifyBoth}, where) {
		return Reply{}, fail(Invalid, "bot.notify.bad", "where", where)
	}
	value := where
	if where == NotifyChannel {
		value = "" // the default is no setting at all
	}
	if err := b.cfg.Store.SetUserSetting(ctx, req.User.ID, UserNotify, value); err != nil {
		return Reply{}, err
	}
	// A refused DM is told again, should Discord still refuse them.
	if err := b.cfg.Store.SetUserSetting(ctx, req.User.ID, UserDMRefused, ""); err != nil {
		return Reply{}, err
	}
	return Reply{Private: true, Message: Message{Content: p.T("bot.notify.set." + where)}}, nil
}

// notifyWhere returns where a user's turns reach them: NotifyChannel,
// NotifyDM or NotifyBoth.
func (b *Bot) notifyWhere(ctx context.Context, user string) (string, error) {
	v, err := b.cfg.Store.UserSetting(ctx, user, UserNotify)
	if err != nil || v == "" {
		return NotifyChannel, err
	}
	return v, nil
}
