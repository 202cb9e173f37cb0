package bot

import (
	"bytes"
	"context"
	"io"

	"github.com/tablebot/tablebot/i18n"
)

// When a game ends, the channel's worker posts the game-over post: the
// final board with the result, the game's summary (Summarizer), everybody
// pinged, a Rematch button (rematch.go) and the game's timelapse
// (Filmer). The move that ends a game is always announced through the
// channel's outbox, never carried by an answer: the film is made by the
// worker after the result is committed, frame by frame in the gate's
// lowest lane (filmlane.go), so that drawing it delays nobody's answer,
// and it is owed, posted with a nonce and retried like any board.

// Summarizer is what a Game implements, besides Game, to say more about a
// finished game than its result: the lines the game-over post adds below
// it, in the printer's language (the ranking in detail, what decided the
// game). A game without it adds nothing.
type Summarizer interface {
	// Summary says how the finished game st went; names are the seats'
	// names in the printer's language.
	Summary(p *i18n.Printer, st State, names []string) []string
}

// Filmer is what a Game implements, besides Game, when it films its
// finished games: the game-over post then carries the timelapse Film
// makes. A game without it, or whose Film is nil, posts none.
type Filmer interface {
	// Film returns the function that films a game, nil when the game was
	// made without one.
	Film() FilmFunc
}

// FilmFunc writes the timelapse of a finished game as an animated GIF to
// w: one frame per move, each captioned with its move, in the view's
// language.
type FilmFunc func(ctx context.Context, w io.Writer, v FilmView) error

// FilmView is what a FilmFunc films: the game as it ended, its seats'
// names and the language of the captions; and the film's pace.
type FilmView struct {
	State State
	Names []string
	Lang  i18n.Lang
	// Pace, when not nil, is to be called before each frame is drawn
	// (render/timelapse's Options.Pace): it waits until the bot's more
	// urgent work lets the film go on (filmlane.go). Its error ends the
	// film.
	Pace func(context.Context) error
}

// Film attachment.
const (
	// FilmName is the timelapse's file name.
	FilmName = "timelapse.gif"
	// FilmType is its content type.
	FilmType = "image/gif"
	// MaxFilm is the largest timelapse posted: Discord's smallest upload
	// limit. A larger one is left out of the post and logged.
	MaxFilm = 8 << 20
)

// gameOver completes the game-over post m of table t, which just ended:
// the game's summary, the Rematch button and the timelapse.
func (b *Bot) gameOver(m *Message, t *table, pub *i18n.Printer, names []string) {
	if s, ok := t.game.(Summarizer); ok {
		for _, line := range s.Summary(pub, t.state, names) {
			m.Content += "\n" + line
		}
	}
	for _, line := range t.rated {
		m.Content += "\n" + line
	}
	m.Rows = append(m.Rows, b.rematchRow(t, pub))
	if f, ok := t.game.(Filmer); ok {
		if film := f.Film(); film != nil {
			m.Film = b.film(t, film, names)
		}
	}
}

// film is the timelapse attachment of table t's game, made when the post
// is first tried and kept until it is made (films.go), so that a try made
// again sends the same film without encoding it again. A film that fails
// or is too large is left out of the post (Render returns no bytes) and
// logged once: the post goes without it.
func (b *Bot) film(t *table, film FilmFunc, names []string) *Image {
	view := FilmView{State: t.state.Clone(), Names: names, Lang: t.lang()}
	channel, game, of := t.stored.Channel, t.stored.ID, filmOf(len(t.stored.Moves), view.Lang)
	return &Image{Name: FilmName, Type: FilmType, Render: func(ctx context.Context) ([]byte, error) {
		if data, ok := b.films.get(game, of); ok {
			return data, nil
		}
		// Made frame by frame, each when the bot has nothing more urgent
		// to do (filmlane.go).
		filmed := b.gate.film()
		v := view
		v.Pace = b.filmPace
		var buf bytes.Buffer
		err := film(ctx, &buf, v)
		filmed()
		var data []byte
		switch {
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case err != nil:
			b.log.Error("making a game's timelapse; the game-over post goes without it", "err", err, "channel", channel, "game", game)
		case buf.Len() > MaxFilm:
			b.log.Error("a game's timelapse is too large to post; the game-over post goes without it", "bytes", buf.Len(), "channel", channel, "game", game)
		default:
			data = buf.Bytes()
		}
		b.films.put(game, of, data)
		return data, nil
	}}
}
