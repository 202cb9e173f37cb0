package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/store"
)

// Settings keys of a stored game that the host keeps; a game's own
// settings sit beside them under its own keys.
const (
	settingLang    = "lang"    // language of the public posts
	settingSeats   = "players" // the most seats of the table
	settingSeed    = "seed"    // the seed of the game: seats, and the game's randomness
	settingCreator = "creator" // the creator's name
)

// table is a channel's current game as the host works with it: its game,
// the stored game and, once started, the state replayed from its record.
// Players are stored in seat order once the game has started, so a seat is
// an index into stored.Players.
type table struct {
	game   Game
	stored *store.Game
	state  State // nil in the lobby
	// rated are the lines of the players' new ratings the game-over post
	// adds (ratings.go); nil for none.
	rated []string
}

// load reads a channel's current game and replays it. kind, when not
// empty, is the game the request was made for: a table of another game
// is refused.
func (b *Bot) load(ctx context.Context, channel, kind string) (*table, error) {
	g, err := b.cfg.Store.Current(ctx, channel)
	if err != nil {
		return nil, err
	}
	game, ok := b.game(g.Kind)
	if !ok {
		return nil, fmt.Errorf("bot: channel %s plays %q, a game this bot does not host", channel, g.Kind)
	}
	if kind != "" && kind != g.Kind {
		return nil, fail(WrongGame, "bot.err.wrong-game", "command", "/"+g.Kind)
	}
	t, err := b.replay(game, g)
	if err != nil {
		return nil, err
	}
	b.settleAuto(ctx, t)
	return t, nil
}

// errUnreplayable marks a stored game whose record its game refuses (a
// bug, or a file edited by hand): it waits, and is said in the log.
var errUnreplayable = errors.New("bot: a stored game does not replay")

// replay replays a stored game's record with its game, or takes its state
// from the cache of states when it holds the game at this version.
func (b *Bot) replay(game Game, g *store.Game) (*table, error) {
	t := &table{game: game, stored: g}
	if g.Status == store.Lobby {
		return t, nil
	}
	now := b.now()
	if st, ok := b.states.get(g.Channel, g.ID, g.Version, len(g.Moves), now); ok {
		t.state = st
		return t, nil
	}
	st, err := game.Load(g.Record())
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", errUnreplayable, g.ID, err)
	}
	t.state = st
	if g.Status == store.Playing {
		b.states.put(g.Channel, g.ID, g.Version, st, now)
	}
	return t, nil
}

// keep caches t's state as the state of its stored game's version (after
// a change made here, which knows the state without replaying).
func (b *Bot) keep(t *table) {
	if t.state != nil && t.stored.Status == store.Playing {
		b.states.put(t.stored.Channel, t.stored.ID, t.stored.Version, t.state, b.now())
	}
}

// seatOf returns the seat of a user.
func (t *table) seatOf(userID string) (int, bool) {
	if t.state == nil || userID == "" {
		return -1, false
	}
	for i, p := range t.stored.Players {
		if p.UserID == userID {
			return i, true
		}
	}
	return -1, false
}

// seat returns the stored player of a seat.
func (t *table) seat(i int) store.Player {
	if i < 0 || i >= len(t.stored.Players) {
		return store.Player{}
	}
	return t.stored.Players[i]
}

// names returns the seats' names in a language.
func (t *table) names(p *i18n.Printer) []string {
	out := make([]string, len(t.stored.Players))
	for i := range out {
		out[i] = t.name(p, i)
	}
	return out
}

// name returns a seat's player name: a person's name, a computer's
// ("Computer (hard)"), or the seat's own name ("Red").
func (t *table) name(p *i18n.Printer, i int) string {
	pl := t.seat(i)
	switch {
	case pl.Computer != "":
		return computerName(p, pl.Computer)
	case pl.Name != "":
		return pl.Name
	}
	return t.game.SeatName(p, i)
}

// lang returns the language of the channel's public posts.
func (t *table) lang() i18n.Lang { return langOf(t.stored) }

// langOf returns the language of a stored game's public posts.
func langOf(g *store.Game) i18n.Lang {
	if l, ok := i18n.ParseLang(g.Settings[settingLang]); ok {
		return l
	}
	return i18n.English
}

// moves returns the number of moves made (0 in the lobby).
func (t *table) moves() int {
	if t.state == nil {
		return 0
	}
	return t.state.Moves()
}

// action returns the action of the table as it stands: the base of every
// custom id of its current board and lobby.
func (t *table) action() Action {
	return Action{Kind: t.game.Kind(), Game: gameToken(t.stored.ID), Position: t.stored.Position}
}

// toAct returns the seats that may act now.
func (t *table) toAct() []int {
	if t.state == nil || t.state.Over() {
		return nil
	}
	return t.state.ToAct()
}

// mayAct reports whether seat may act now.
func (t *table) mayAct(seat int) bool {
	for _, s := range t.toAct() {
		if s == seat {
			return true
		}
	}
	return false
}

// Table returns a channel's current game as stored and, once started, its
// state (nil in the lobby); for adapters that show the game in their own
// way and for tests.
func (b *Bot) Table(ctx context.Context, channel string) (*store.Game, State, error) {
	t, err := b.load(ctx, channel, "")
	if err != nil {
		return nil, nil, err
	}
	return t.stored, t.state, nil
}
