package discord

import (
	"bytes"
	"context"
	"image/gif"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/store"
)

// gameOverMoves is how many moves the game-over tests play before two of
// the three players resign and the game ends: a short game, a short film.
const gameOverMoves = 1

// newFilmHarness is newHarness with Shangri-La filming its finished
// games, uploads limited to Discord's smallest limit; without images
// (images false), it draws neither boards nor films.
func newFilmHarness(t testing.TB, images bool, users ...string) *harness {
	t.Helper()
	cat, err := i18n.New(bshangrila.Source())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	h := &harness{t: t, ctx: ctx, cat: cat, dbPath: filepath.Join(t.TempDir(), "tablebot.db")}
	h.fake = discordfake.New(t, patient(discordfake.Options{MaxFileSize: bot.MaxFilm}))
	h.world = h.fake.NewWorld(users...)
	var film bot.FilmFunc
	if images {
		h.board = testBoard(t, cat)
		r, err := renderer()
		if err != nil {
			t.Fatal(err)
		}
		film = bshangrila.NewFilmFunc(r, cat)
	}
	h.games = func(h *harness) []bot.Game {
		return []bot.Game{bshangrila.New(bshangrila.Options{Board: h.board, Film: film, Computers: ai.Options{Iterations: 200}})}
	}
	h.start()
	t.Cleanup(h.stop)
	return h
}

// playToEnd opens a table of the harness's users from the suggested
// start, plays gameOverMoves random moves by slash commands, then has
// every player but the first resign, which ends the game, and returns the
// game-over post and the game as archived.
func (h *harness) playToEnd() (*discordfake.Message, *store.Game) {
	t := h.t
	t.Helper()
	h.openTable("suggested")
	rng := rand.New(rand.NewPCG(3, 28))
	for range gameOverMoves {
		g, pos := h.game()
		m := randomMove(rng, pos)
		sub, opts := slashOptions(m)
		if r := h.slash(userOf(g, m.Player), sub, opts...); r.Ephemeral() {
			t.Fatalf("move %s refused: %s", m, r.Content())
		}
	}
	for i := 1; i < len(h.world.Users); i++ {
		r := h.slash(h.user(i), "resign")
		if !r.Ephemeral() {
			t.Fatalf("resign must ask privately first: %s", r)
		}
		h.click(h.user(i), r.Message, buttonWith(t, r.Message, "rs")) // the Resign button
	}
	h.settle()
	games, err := h.db.Archived(h.ctx, h.world.Channel.ID)
	if err != nil || len(games) == 0 || games[len(games)-1].Status != store.Over {
		t.Fatalf("the game did not end: %v", err)
	}
	var post *discordfake.Message
	for _, m := range h.fake.Messages(h.world.Channel.ID) {
		if !m.Ephemeral() && strings.Contains(m.Content, "The game is over") {
			if post != nil {
				t.Fatalf("two game-over posts: %q and %q", post.Content, m.Content)
			}
			post = m
		}
	}
	if post == nil {
		t.Fatal("no game-over post")
	}
	return post, games[len(games)-1]
}

// TestGameOverPost ends a game through the fake Discord and checks the
// game-over post: the final board, the result and the summary, everybody
// pinged, a Rematch button and the timelapse, a GIF that decodes, a
// frame per move after the start, under the upload limit.
func TestGameOverPost(t *testing.T) {
	t.Parallel()
	h := newFilmHarness(t, true, "ann", "bob", "cat")
	post, g := h.playToEnd()
	h.checkBoardPost(post)
	for _, want := range []string{"The game lasted", "resigned", "thanks for playing"} {
		if !strings.Contains(post.Content, want) {
			t.Errorf("the game-over post lacks %q:\n%s", want, post.Content)
		}
	}
	buttonWith(t, post, "rematch")
	t.Logf("the game-over post:\n%s", post.Content)
	a := post.Attachment(bot.FilmName)
	if a == nil {
		t.Fatalf("the game-over post has no timelapse: %v", post.Attachments)
	}
	if a.ContentType != bot.FilmType || a.Size > bot.MaxFilm {
		t.Errorf("timelapse: %s of %d bytes, want %s under %d", a.ContentType, a.Size, bot.FilmType, bot.MaxFilm)
	}
	film, err := gif.DecodeAll(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatalf("the timelapse does not decode: %v", err)
	}
	if got, want := len(film.Image), len(g.Moves)+1; got != want {
		t.Errorf("the timelapse has %d frames, want %d (the start and %d moves)", got, want, len(g.Moves))
	}
	if len(g.Moves) < gameOverMoves+len(h.world.Users)-1 {
		t.Errorf("the game has %d moves", len(g.Moves))
	}
}

// TestRematch asks for the rematch of a finished game: accepted by every
// person seated, a new game starts with the same seats; declined by one,
// the table closes and no game starts. Without images: the game-over post
// is TestGameOverPost's. The host's own tests (bot/rematch_test.go) hold
// the rematch's rules in the short run.
func TestRematch(t *testing.T) {
	if testing.Short() {
		t.Skip("two games to their end; the full run plays them")
	}
	tests := []struct {
		name    string
		decline bool
	}{
		{"accepted by all", false},
		{"declined", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newFilmHarness(t, false, "ann", "bob", "cat")
			post, old := h.playToEnd()
			r := h.click(h.user(1), post, buttonWith(t, post, "rematch"))
			if r.Ephemeral() || !strings.Contains(r.Content(), "rematch") {
				t.Fatalf("rematch: %s", r)
			}
			lobby := r.Message
			if want := []string{h.user(0), h.user(2)}; !sameUsers(lobby.Pinged, want) {
				t.Errorf("the rematch pings %v, want %v", lobby.Pinged, want)
			}
			if r := h.click(h.user(1), lobby, buttonWith(t, lobby, "accept")); !r.Ephemeral() {
				t.Errorf("the asker accepted twice: %s", r)
			}
			if tt.decline {
				r := h.click(h.user(2), lobby, buttonWith(t, lobby, "decline"))
				if !strings.Contains(r.Content(), "declined") {
					t.Fatalf("decline: %s", r)
				}
				if g, err := h.db.Current(h.ctx, h.world.Channel.ID); err == nil {
					t.Fatalf("a game after the rematch was declined: %+v", g)
				}
				return
			}
			lobby = h.click(h.user(0), lobby, buttonWith(t, lobby, "accept")).Message
			if g, _ := h.game(); g.Status != store.Lobby {
				t.Fatalf("the rematch started before everybody accepted: %s", g.Status)
			}
			h.click(h.user(2), lobby, buttonWith(t, lobby, "accept"))
			g, pos := h.game()
			if g.Status != store.Playing || pos == nil || g.ID == old.ID {
				t.Fatalf("no new game after everybody accepted: %+v", g)
			}
			if got, want := seatedUsers(g), seatedUsers(old); !sameUsers(got, want) {
				t.Errorf("the rematch seats %v, want %v", got, want)
			}
			if g.Settings["seed"] == old.Settings["seed"] {
				t.Errorf("the rematch has the same seed %s", g.Settings["seed"])
			}
			if g.Settings["start"] != old.Settings["start"] {
				t.Errorf("the rematch starts %q, want %q", g.Settings["start"], old.Settings["start"])
			}
			h.fake.WaitForMessage(h.ctx, h.world.Channel.ID, func(m *discordfake.Message) bool {
				return !m.Ephemeral() && strings.Contains(m.Content, "The game begins")
			})
		})
	}
}

// seatedUsers returns the user ids of a game's seats.
func seatedUsers(g *store.Game) []string {
	var out []string
	for _, p := range g.Players {
		out = append(out, p.UserID)
	}
	slices.Sort(out)
	return out
}

// posted returns the public post a move's answer r stands for: r's
// message, or, when r is the private "done" of the move that ended the
// game, the game-over post the channel's worker made (gameover.go); nil
// when r refused the move.
func (h *harness) posted(r *discordfake.Response) *discordfake.Message {
	h.t.Helper()
	if !r.Ephemeral() {
		return r.Message
	}
	if _, err := h.db.Current(h.ctx, h.world.Channel.ID); err == nil || !strings.HasPrefix(r.Content(), "✅") {
		return nil
	}
	return h.fake.WaitForMessage(h.ctx, h.world.Channel.ID, func(m *discordfake.Message) bool {
		return !m.Ephemeral() && slices.ContainsFunc(m.Buttons(), func(b *discordgo.Button) bool { return strings.Contains(b.CustomID, ":rematch:") })
	})
}
