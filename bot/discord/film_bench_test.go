package discord

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// BenchmarkAnswersWhileFilming measures whether a game-over film, drawn
// by its channel's worker, delays the answers of another channel: each
// iteration plays a 4-player game of random moves in one channel (up to
// filmedMoves moves, untimed), ends it (three players resign: the last
// resignation's answer is private, then the worker posts the game-over
// post with its film), and at once makes moves in the harness's channel
// (a slash command answered with the board, and its undo), one after the
// other, until the game-over post is out (at least 20); film=without
// makes unfilmedMoves moves with no film drawn, so that its 99th
// percentile stands on about as many answers as film=with's. It reports
// the answers' median and 99th percentile, and with film=with the film's
// time from the last resignation to the post (film-ms) and the moves made
// meanwhile.
func BenchmarkAnswersWhileFilming(b *testing.B) {
	for _, filming := range []bool{false, true} {
		name := "film=without"
		if filming {
			name = "film=with"
		}
		b.Run(name, func(b *testing.B) { answersWhileFilming(b, filming) })
	}
}

// filmedMoves is the most moves of a filmed game: most of a random game.
const filmedMoves = 120

// unfilmedMoves is how many moves film=without makes an iteration.
const unfilmedMoves = 300

// answersWhileFilming is BenchmarkAnswersWhileFilming with a film drawn
// or not.
func answersWhileFilming(b *testing.B, filming bool) {
	h := newFilmHarness(b, true, "ann", "bob", "cat", "dan")
	h.openTable("suggested")
	rng := rand.New(rand.NewPCG(5, 28))
	for range 40 {
		user, sub, opts := h.pickMove(rng)
		if r := h.slash(user, sub, opts...); r.Ephemeral() {
			b.Fatalf("setting up: %s", r.Content())
		}
	}
	filmed := h.fake.AddChannel(discordfake.Channel{GuildID: h.world.Guild.ID}).ID
	var took, films []time.Duration
	moves := 0
	for b.Loop() {
		b.StopTimer()
		posts := 0
		if filming {
			h.playToFilm(filmed, rng)
			posts = len(h.fake.Messages(filmed))
		}
		b.StartTimer()
		began := time.Now()
		if filming {
			h.resignAllButFirstIn(filmed)
		}
		for n := 0; filming && (n < 20 || !h.filmPosted(filmed, posts)) || !filming && n < unfilmedMoves; n++ {
			user, sub, opts := h.pickMove(rng)
			at := time.Now()
			r := h.slash(user, sub, opts...)
			took = append(took, time.Since(at))
			if r.Ephemeral() {
				b.Fatalf("move refused: %s", r.Content())
			}
			if r := h.slash(user, "undo"); r.Ephemeral() {
				b.Fatalf("undo refused: %s", r.Content())
			}
			moves++
		}
		if filming {
			h.bot.Wait(h.ctx, filmed)
			films = append(films, time.Since(began))
		}
	}
	b.StopTimer()
	reportPercentiles(b, took)
	b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
	if len(films) > 0 {
		slices.Sort(films)
		b.ReportMetric(float64(films[len(films)/2].Milliseconds()), "film-ms")
	}
}

// playToFilm opens a table of the harness's four users in channel and plays
// random moves until filmedMoves are made or one more could end the
// game.
func (h *harness) playToFilm(channel string, rng *rand.Rand) {
	h.t.Helper()
	h.openTableIn(channel)
	for range filmedMoves {
		g, pos, err := h.gameIn(channel)
		if err != nil || pos == nil {
			h.t.Fatalf("the filmed game: %v", err)
		}
		m := randomMove(rng, pos)
		if next, _, err := pos.Apply(m); err != nil || next.Phase() == shangrila.Over {
			return
		}
		sub, opts := slashOptions(m)
		if r := h.fake.SlashCommand(userOf(g, m.Player), channel, command, sub, opts...).Wait(h.ctx); r.Ephemeral() {
			h.t.Fatalf("move %s refused: %s", m, r.Content())
		}
		h.adapter.waitIdle()
		h.bot.Wait(h.ctx, channel)
	}
}

// resignAllButFirstIn has every player of channel's game but the first
// resign, which ends it: the channel's worker then films it.
func (h *harness) resignAllButFirstIn(channel string) {
	h.t.Helper()
	for i := 1; i < len(h.world.Users); i++ {
		r := h.fake.SlashCommand(h.user(i), channel, command, "resign").Wait(h.ctx)
		if !r.Ephemeral() {
			h.t.Fatalf("resign must ask privately first: %s", r)
		}
		if r := h.fake.Click(h.user(i), r.Message, buttonWith(h.t, r.Message, "rs")).Wait(h.ctx); !strings.HasPrefix(r.Content(), "✅") && i == len(h.world.Users)-1 {
			h.t.Fatalf("the last resignation: %s", r.Content())
		}
	}
}

// filmPosted reports whether channel's game-over post, with its film, is
// among its messages after the first posts.
func (h *harness) filmPosted(channel string, posts int) bool {
	ms := h.fake.Messages(channel)
	for _, m := range ms[min(posts, len(ms)):] {
		if m.Attachment(bot.FilmName) != nil {
			return true
		}
	}
	return false
}
