package bot

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/store"
)

// myGame is a game in which the asker has a seat, as mygames lists it.
type myGame struct {
	line   string
	mine   bool
	waited time.Duration
}

// mygames lists, privately, every game on in this server in which the
// asker has a seat, whatever the game: whose turn it is, for how long, and
// a link to the latest board; the games waiting for the asker first, the
// longest waiting first.
func (b *Bot) mygames(ctx context.Context, req Request) (Reply, error) {
	p := b.printer(req.User.Locale)
	out, err := b.myGames(ctx, req.User.ID, req.Guild, p)
	if err != nil {
		return Reply{}, err
	}
	if len(out) == 0 {
		return Reply{Private: true, Message: Message{Content: p.T("bot.mygames.none")}}, nil
	}
	lines := []string{p.N("bot.mygames.title", len(out))}
	for _, g := range out {
		lines = append(lines, "- "+g.line)
	}
	return Reply{Private: true, Message: Message{Content: clipContent(strings.Join(lines, "\n"))}}, nil
}

// myGames lists the games on in which user has a seat, in a server (all
// of them for guild ""): those waiting for them first, the longest waiting
// first; their lines in p's language.
func (b *Bot) myGames(ctx context.Context, user, guild string, p *i18n.Printer) ([]myGame, error) {
	live, err := b.cfg.Store.LiveOf(ctx, user)
	if err != nil {
		return nil, err
	}
	now := b.now()
	var out []myGame
	for _, l := range live {
		if guild != "" && l.Guild != guild {
			continue
		}
		t, err := b.load(ctx, l.Channel, "")
		if err != nil {
			if errCode(err) != store.NotFound {
				b.log.Error("a stored game does not replay", "err", err, "channel", l.Channel)
			}
			continue
		}
		if t.stored.Status != store.Playing {
			continue
		}
		if _, seated := t.stored.Player(user); seated {
			out = append(out, b.myGame(t, user, p, now))
		}
	}
	slices.SortStableFunc(out, func(a, b myGame) int {
		switch {
		case a.mine != b.mine && a.mine:
			return -1
		case a.mine != b.mine:
			return 1
		}
		return int(b.waited - a.waited)
	})
	return out, nil
}

// myGame is user's line of table t.
func (b *Bot) myGame(t *table, user string, p *i18n.Printer, now time.Time) myGame {
	g := t.stored
	mg := myGame{waited: now.Sub(since(g))}
	var who []string
	for _, seat := range t.toAct() {
		if t.seat(seat).UserID == user {
			mg.mine = true
		}
		who = append(who, t.game.Mark(seat)+" "+t.name(p, seat))
	}
	key := "bot.mygames.theirs"
	if mg.mine {
		key = "bot.mygames.yours"
	}
	mg.line = p.T(key, "game", t.game.Title(p), "channel", "<#"+g.Channel+">", "who", strings.Join(who, ", "),
		"waited", waited(p, mg.waited))
	if link := b.link(g.Guild, g.Channel, g.BoardMessage); link != "" {
		mg.line += " · " + link
	}
	return mg
}
