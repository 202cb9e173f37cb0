package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
	"github.com/tablebot/tablebot/store"
)

// Kind is the store's name of The Bridges of Shangri-La.
const Kind = notation.GameName

// Settings keys of a stored game.
const (
	settingLang    = "lang"    // language of the public posts
	settingSeats   = "players" // most seats: "3" or "4"
	settingStart   = "start"   // "setup" or "suggested"
	settingSeed    = "seed"    // the seed that shuffled the seats
	settingCreator = "creator" // the creator's name
)

// table is a channel's current game as the bot works with it: the stored
// game and, once started, the engine's game replayed from its record.
type table struct {
	stored *store.Game
	game   *shangrila.Game // nil in the lobby
}

// load reads a channel's current game and replays it.
func (b *Bot) load(ctx context.Context, channel string) (*table, error) {
	g, err := b.cfg.Store.Current(ctx, channel)
	if err != nil {
		return nil, err
	}
	return replayStored(g)
}

// replayStored replays a stored game's record with the engine.
func replayStored(g *store.Game) (*table, error) {
	t := &table{stored: g}
	if g.Status == store.Lobby {
		return t, nil
	}
	if g.Kind != Kind {
		return nil, fmt.Errorf("bot: game %s is of kind %q", g.ID, g.Kind)
	}
	rec, err := notation.ParseRecord(strings.NewReader(g.Record()))
	if err != nil {
		return nil, fmt.Errorf("bot: stored game %s: %w", g.ID, err)
	}
	game, err := rec.Replay(nil)
	if err != nil {
		return nil, fmt.Errorf("bot: stored game %s does not replay: %w", g.ID, err)
	}
	t.game = game
	return t, nil
}

// position returns the current position (zero value in the lobby).
func (t *table) position() shangrila.Position {
	if t.game == nil {
		return shangrila.Position{}
	}
	return t.game.Position()
}

// colourOf returns the colour of a user's seat.
func (t *table) colourOf(userID string) (shangrila.Colour, bool) {
	p, ok := t.stored.Player(userID)
	if !ok {
		return shangrila.NoColour, false
	}
	c, ok := shangrila.ParseColour(p.Colour)
	return c, ok
}

// seat returns the stored player of a colour.
func (t *table) seat(c shangrila.Colour) (store.Player, bool) {
	for _, p := range t.stored.Players {
		if p.Colour == c.String() {
			return p, true
		}
	}
	return store.Player{}, false
}

// names returns the players' names by colour, in a language.
func (t *table) names(p *i18n.Printer) map[shangrila.Colour]string {
	out := map[shangrila.Colour]string{}
	for _, pl := range t.stored.Players {
		if c, ok := shangrila.ParseColour(pl.Colour); ok {
			out[c] = t.name(p, c)
		}
	}
	return out
}

// name returns a colour's player name, or the colour's name.
func (t *table) name(p *i18n.Printer, c shangrila.Colour) string {
	pl, ok := t.seat(c)
	if ok && pl.Computer != "" {
		return computerName(p, pl.Computer)
	}
	if ok && pl.Name != "" {
		return pl.Name
	}
	return p.Colour(c)
}

// lang returns the language of the channel's public posts.
func (t *table) lang() i18n.Lang {
	if l, ok := i18n.ParseLang(t.stored.Settings[settingLang]); ok {
		return l
	}
	return i18n.English
}

// token returns the short token of the game for custom ids.
func (t *table) token() string { return gameToken(t.stored.ID) }

// Game returns a channel's current game as stored and, once started, its
// current position; for adapters that show the game in their own way
// (tablebot local prints it as text).
func (b *Bot) Game(ctx context.Context, channel string) (*store.Game, *shangrila.Position, error) {
	t, err := b.load(ctx, channel)
	if err != nil {
		return nil, nil, err
	}
	if t.game == nil {
		return t.stored, nil, nil
	}
	pos := t.position()
	return t.stored, &pos, nil
}

// Printer returns the printer of a language, for adapters.
func (b *Bot) Printer(l i18n.Lang) *i18n.Printer { return b.cfg.Catalog.Printer(l) }

// Explain turns an error into words for a player, as Handle does.
func (b *Bot) Explain(req Request, err error) string { return b.explain(req, err) }
