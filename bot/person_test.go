package bot_test

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
)

// personal runs /tablebot sub with options given as name, value pairs.
func (h *host) personal(who, sub string, opts ...string) bot.Reply {
	h.t.Helper()
	req := command(who, sub, opts...)
	req.Game = bot.PersonCommand
	return h.handle(req)
}

func TestNotifySetting(t *testing.T) {
	t.Parallel()
	h := newHost(t, takeaway.Options{})
	steps := []struct {
		name, where string // where "" asks
		want        string // in the private answer
		stored      string // ann's stored setting
		failed      bool
	}{
		{"default", "", "reach you in the game's channel. Use `where`", "", false},
		{"dm", bot.NotifyDM, "reach you in your DMs, with the board", bot.NotifyDM, false},
		{"asked", "", "reach you in your DMs, with the board and the move buttons; the channel does not ping you", bot.NotifyDM, false},
		{"both", bot.NotifyBoth, "in the game's channel and in your DMs", bot.NotifyBoth, false},
		{"bad place changes nothing", "pigeon", "“pigeon” is not a place", bot.NotifyBoth, true},
		{"back to the channel removes the setting", bot.NotifyChannel, "reach you in the game's channel.", "", false},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			var r bot.Reply
			if s.where == "" {
				r = h.personal("ann", "notify")
			} else {
				r = h.personal("ann", "notify", "where", s.where)
			}
			if !r.Private || r.Failed != s.failed || !strings.Contains(r.Message.Content, s.want) {
				t.Errorf("answer %+v, want private, failed %v, containing %q", r, s.failed, s.want)
			}
			if got, err := h.db.UserSetting(h.ctx, "ann", bot.UserNotify); err != nil || got != s.stored {
				t.Errorf("stored %q, %v; want %q", got, err, s.stored)
			}
		})
	}
	if got, _ := h.db.UserSetting(h.ctx, "bob", bot.UserNotify); got != "" {
		t.Errorf("bob's setting = %q, want none", got)
	}
}

func TestPersonMyGames(t *testing.T) {
	t.Parallel()
	h := newHost(t, takeaway.Options{})
	h.table([]string{"ann", "bob"})
	game, person := h.cmd("ann", "mygames"), h.personal("ann", "mygames")
	if !person.Private || person.Message.Content != game.Message.Content || !strings.Contains(person.Message.Content, "your turn") {
		t.Errorf("/tablebot mygames = %q, want /takeaway mygames' %q", person.Message.Content, game.Message.Content)
	}
	if r := h.personal("ann", "nonsense"); !r.Failed {
		t.Errorf("an unknown subcommand: %+v", r)
	}
}
