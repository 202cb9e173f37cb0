package discord

import (
	"bytes"
	"image/gif"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/menara/notation"
	"github.com/tablebot/tablebot/store"
)

// newFilmingTeamHarness is newTeamHarness without board images whose
// Menara films its finished games, in the full run only: a whole game's
// film costs seconds under the race detector, so with -short it makes
// none.
func newFilmingTeamHarness(t *testing.T, users ...string) *harness {
	t.Helper()
	opts := bmenara.Options{Computers: teammateThinking}
	if !testing.Short() {
		cat, err := i18n.New(bmenara.Source())
		if err != nil {
			t.Fatal(err)
		}
		r, err := menaraRenderer()
		if err != nil {
			t.Fatal(err)
		}
		opts.Film = bmenara.NewFilmFunc(r, cat)
	}
	return newMenaraHarnessWith(t, opts, false, users...)
}

// checkMenaraFilm checks the timelapse of Menara game g, which has ended:
// one public post of the channel carries it, a GIF under the upload limit
// that decodes, animated, with a frame for the start and one a turn.
func (h *harness) checkMenaraFilm(g *store.Game) {
	t := h.t
	t.Helper()
	var film *discordfake.Attachment
	for _, m := range h.fake.Messages(h.world.Channel.ID) {
		if a := m.Attachment(bot.FilmName); a != nil {
			if film != nil || m.Ephemeral() {
				t.Fatalf("a second or private post with a timelapse: %q", m.Content)
			}
			film = a
		}
	}
	if film == nil {
		t.Fatal("no post carries the game's timelapse")
	}
	if film.ContentType != bot.FilmType || film.Size > bot.MaxFilm {
		t.Errorf("timelapse: %s of %d bytes, want %s under %d", film.ContentType, film.Size, bot.FilmType, bot.MaxFilm)
	}
	decoded, err := gif.DecodeAll(bytes.NewReader(film.Data))
	if err != nil {
		t.Fatalf("the timelapse does not decode: %v", err)
	}
	if got, want := len(decoded.Image), menaraTurns(t, g)+1; got != want || got < 3 {
		t.Errorf("the timelapse has %d frames, want %d: the start and one a turn", got, want)
	}
}

// menaraTurns counts the turns of a finished Menara game: each ends with
// the step that ends the turn or the game.
func menaraTurns(t testing.TB, g *store.Game) int {
	t.Helper()
	rec, err := notation.ParseRecord(strings.NewReader(g.Record()))
	if err != nil {
		t.Fatal(err)
	}
	game, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	p, n := game.Start(), 0
	for _, s := range game.Steps() {
		next, e, err := p.Apply(s)
		if err != nil {
			t.Fatal(err)
		}
		if e.TurnOver || e.GameOver {
			n++
		}
		p = next
	}
	return n
}
