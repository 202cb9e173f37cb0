package bot

import (
	"context"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/store"
)

// Options of the settings subcommand.
const (
	optReminders = "reminders"
	optMax       = "max"
	optThen      = "then"
)

// maxReminders is the most reminders a channel may ask for a turn.
const maxReminders = 10

// settings shows the channel's reminders, or changes them: the wait
// between reminders ("12h", "2d", "off"), how many a turn, and what
// happens after the last. Anyone may look; the players of the channel's
// game, its creator and who manages the channel may change them.
func (b *Bot) settings(ctx context.Context, req Request) (Reply, error) {
	wait, most, then := strings.TrimSpace(req.Option(optReminders)), strings.TrimSpace(req.Option(optMax)), strings.TrimSpace(req.Option(optThen))
	if wait == "" && most == "" && then == "" {
		turns, err := b.turns(ctx, req.Channel)
		if err != nil {
			return Reply{}, err
		}
		return Reply{Private: true, Message: Message{Content: describeTurns(b.printer(req.User.Locale), turns)}}, nil
	}
	unlock := b.lock(req.Channel)
	defer unlock()
	cur, err := b.cfg.Store.Current(ctx, req.Channel)
	if err != nil && errCode(err) != store.NotFound {
		return Reply{}, err
	}
	allowed := req.User.ManageChannels
	if cur != nil {
		_, player := cur.Player(req.User.ID)
		allowed = allowed || player || req.User.ID == cur.Creator
	}
	if !allowed {
		return Reply{}, fail(NotAllowed, "bot.err.settings-who")
	}
	changes, err := settingChanges(wait, most, then)
	if err != nil {
		return Reply{}, err
	}
	for _, k := range []string{settingReminders, settingRemindMax, settingThen} {
		if v, ok := changes[k]; ok {
			if err := b.cfg.Store.SetChannelSetting(ctx, req.Channel, k, v); err != nil {
				return Reply{}, err
			}
		}
	}
	b.lookNow(ctx, req.Channel) // its next reminder follows the new settings
	turns, err := b.turns(ctx, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	lang, err := b.channelLang(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	pub := b.cfg.Catalog.Printer(lang)
	return Reply{Message: Message{Content: "⚙️ " + pub.T("bot.settings.set", "name", req.User.Name) + "\n" + describeTurns(pub, turns)}}, nil
}

// settingChanges reads the options of the settings subcommand into the
// channel settings they change, or refuses them.
func settingChanges(wait, most, then string) (map[string]string, error) {
	changes := map[string]string{}
	if wait != "" {
		if strings.EqualFold(wait, "off") {
			changes[settingReminders] = "off"
		} else if d, ok := parseWait(wait); ok && d >= minReminders && d <= maxRemindWait {
			changes[settingReminders] = wait
		} else {
			return nil, fail(Invalid, "bot.err.reminders")
		}
	}
	if most != "" {
		n, err := strconv.Atoi(most)
		if err != nil || n < 1 || n > maxReminders {
			return nil, fail(Invalid, "bot.err.reminders-max", "max", maxReminders)
		}
		changes[settingRemindMax] = strconv.Itoa(n)
	}
	if then != "" {
		if then != thenWait && then != thenComputer {
			return nil, fail(Invalid, "bot.err.reminders-then")
		}
		changes[settingThen] = then
	}
	return changes, nil
}

// describeTurns says what a channel's reminders are.
func describeTurns(p *i18n.Printer, t channelTurns) string {
	if t.RemindAfter <= 0 {
		return p.T("bot.settings.off")
	}
	then := p.T("bot.settings.then-wait")
	if t.then == thenComputer {
		then = p.T("bot.settings.then-computer")
	}
	return p.N("bot.settings.on", t.RemindMax, "wait", t.RemindAfter.String(), "then", then)
}
