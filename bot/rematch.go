package bot

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/store"
)

// A rematch is asked for by a seated person with the Rematch button of a
// game-over post: it opens a table in the channel with the same seats
// (persons and computers), the same options and a new seed, the asker's
// acceptance already given. Every other person seated accepts with one
// click, or declines, which closes the table: no game. The game starts
// when the last one accepts. A rematch table is a lobby like any other
// (its seats are full, and it lasts until it starts or is closed: left by
// everybody, cancelled by its creator, declined); only its Start waits
// for everybody's acceptance.

// Steps of the rematch's components.
const (
	stepRematch = "rematch"
	stepAccept  = "accept"
	stepDecline = "decline"
)

// settingWaiting holds, at a rematch table, the user ids of the persons
// seated who have not accepted yet, comma separated; the setting exists
// only at a rematch table.
const settingWaiting = "rematch-waiting"

// rematchRow is the row of the Rematch button of table t's game-over post.
// The button carries the game's number in its channel besides its token,
// so that the rematch reads the game by its id (store.GameID).
func (b *Bot) rematchRow(t *table, p *i18n.Printer) Row {
	var number []string
	if _, seq, ok := store.ParseGameID(t.stored.ID); ok {
		number = []string{strconv.FormatUint(seq, 10)}
	}
	a := t.action().With(stepRematch, number...)
	return Row{Buttons: []Button{{ID: a.ID(), Label: p.T("bot.button.rematch"), Emoji: "🔁", Style: Primary}}}
}

// rematch opens the rematch table of the finished game of action a, at
// the request of one of its persons.
func (b *Bot) rematch(ctx context.Context, game Game, req Request, a Action) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	old, err := b.finished(ctx, req.Channel, a)
	if err != nil {
		return Reply{}, err
	}
	if _, in := old.Player(req.User.ID); !in {
		return Reply{}, fail(NotPlayer, "bot.err.rematch-not-player")
	}
	stored := rematchOf(old, req.User)
	if err := b.cfg.Store.Create(ctx, stored); err != nil {
		return Reply{}, err
	}
	t := &table{game: game, stored: stored}
	if len(waiting(stored)) == 0 {
		// Nobody else to ask (the others are computers): it starts now.
		return b.begin(ctx, req, nil, t)
	}
	return Reply{Message: b.lobbyMessage(t)}, nil
}

// finished returns the channel's finished game of action a (a game over,
// not cancelled), read by its id: the channel and the number the button
// carries, checked against the button's token. A button posted before it
// carried the number names its game by the token alone: that game is
// looked for among the channel's ended games.
func (b *Bot) finished(ctx context.Context, channel string, a Action) (*store.Game, error) {
	if a.Arg(0) == "" {
		return b.finishedByToken(ctx, channel, a)
	}
	seq, err := strconv.ParseUint(a.Arg(0), 10, 64)
	if err != nil {
		return nil, BadComponent()
	}
	g, err := b.cfg.Store.Game(ctx, store.GameID(channel, seq))
	switch {
	case rules.ErrorCode(err) == store.NotFound:
		return nil, staleRematch(a)
	case err != nil:
		return nil, err
	case !isFinished(g, a):
		return nil, staleRematch(a)
	}
	return g, nil
}

// finishedByToken returns the channel's finished game of action a, whose
// button carries only the game's token, among the channel's ended games.
func (b *Bot) finishedByToken(ctx context.Context, channel string, a Action) (*store.Game, error) {
	games, err := b.cfg.Store.Archived(ctx, channel)
	if err != nil {
		return nil, err
	}
	for _, g := range slices.Backward(games) {
		if isFinished(g, a) {
			return g, nil
		}
	}
	return nil, staleRematch(a)
}

// staleRematch is the error of a Rematch button whose game is not found.
func staleRematch(a Action) error {
	return fail(Stale, "bot.err.stale", "command", "/"+a.Kind)
}

// isFinished reports whether g is the finished game action a names: its
// token and kind, and over (not cancelled, not live).
func isFinished(g *store.Game, a Action) bool {
	return gameToken(g.ID) == a.Game && g.Kind == a.Kind && g.Status == store.Over
}

// rematchOf is the table of the rematch of game old asked for by asker:
// old's seats (persons and computers, the seat's computer for a person
// who handed it over) and settings, without what belonged to the game
// played, everybody but the asker still to accept.
func rematchOf(old *store.Game, asker User) *store.Game {
	settings := maps.Clone(old.Settings)
	for _, k := range []string{settingSeed, settingStarted, settingParked} {
		delete(settings, k)
	}
	settings[settingCreator] = asker.Name
	var players []store.Player
	var wait []string
	for _, p := range old.Players {
		seat := store.Player{UserID: p.UserID, Name: p.Name, Computer: p.Computer}
		if p.UserID != "" {
			seat.Computer = ""
			if p.UserID != asker.ID {
				wait = append(wait, p.UserID)
			}
		}
		players = append(players, seat)
	}
	settings[settingWaiting] = strings.Join(wait, ",")
	return &store.Game{Guild: old.Guild, Channel: old.Channel, Kind: old.Kind, Status: store.Lobby,
		Creator: asker.ID, Players: players, Settings: settings}
}

// waiting returns the persons a rematch table still waits for.
func waiting(g *store.Game) []string {
	s := g.Settings[settingWaiting]
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// isRematch reports whether a table is a rematch's.
func isRematch(g *store.Game) bool {
	_, ok := g.Settings[settingWaiting]
	return ok
}

// accept records a person's acceptance of the rematch, and starts the
// game when they were the last to accept.
func (b *Bot) accept(ctx context.Context, req Request, a *Action) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, err := b.lobbyTable(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	if !slices.Contains(waiting(t.stored), req.User.ID) {
		return Reply{}, fail(NotPlayer, "bot.err.rematch-not-asked")
	}
	g, err := b.cfg.Store.Update(ctx, req.Channel, t.stored.ID, func(g *store.Game) error {
		left := slices.DeleteFunc(waiting(g), func(id string) bool { return id == req.User.ID })
		g.Settings[settingWaiting] = strings.Join(left, ",")
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	t.stored = g
	if len(waiting(g)) == 0 {
		return b.begin(ctx, req, a, t)
	}
	return b.lobbyAnswer(t, a), nil
}

// decline closes a rematch table at the request of one of its persons:
// no game.
func (b *Bot) decline(ctx context.Context, req Request, a *Action) (Reply, error) {
	unlock := b.lock(req.Channel)
	defer unlock()
	t, err := b.lobbyTable(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	if _, in := t.stored.Player(req.User.ID); !in || !isRematch(t.stored) {
		return Reply{}, fail(NotPlayer, "bot.err.rematch-not-asked")
	}
	return b.closeRematch(ctx, req, a, t)
}

// closeRematch closes rematch table t, declined by a person seated there
// (with Decline or Leave): no game. The caller holds the channel's lock.
func (b *Bot) closeRematch(ctx context.Context, req Request, a *Action, t *table) (Reply, error) {
	if _, err := b.cfg.Store.Finish(ctx, req.Channel, t.stored.ID, store.Cancelled); err != nil {
		return Reply{}, err
	}
	p := b.cfg.Catalog.Printer(t.lang())
	return Reply{Update: a != nil, Message: Message{Content: p.T("bot.rematch.declined", "name", req.User.Name)}}, nil
}

// rematchLobby is the message of a rematch table: who plays, who is yet
// to accept (pinged), and the Accept and Decline buttons.
func (b *Bot) rematchLobby(t *table, p *i18n.Printer, names []string) Message {
	wait := waiting(t.stored)
	pings := make([]string, len(wait))
	for i, id := range wait {
		pings[i] = "<@" + id + ">"
	}
	text := p.T("bot.rematch.title", "game", t.game.Title(p), "creator", creatorName(t.stored), "names", strings.Join(names, ", ")) + "\n" +
		p.T("bot.rematch.waiting", "players", strings.Join(pings, " "))
	a := t.action()
	return Message{
		Content:  text,
		Mentions: wait,
		Notify:   len(wait) > 0,
		Rows: []Row{{Buttons: []Button{
			{ID: a.With(stepAccept).ID(), Label: p.T("bot.button.accept"), Style: Success},
			{ID: a.With(stepDecline).ID(), Label: p.T("bot.button.decline"), Style: Danger},
		}}},
	}
}
