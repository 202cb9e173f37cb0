package discord

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tablebot/tablebot/internal/discordfake"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// BenchmarkMoveRoundTrip measures a mid-game move through the fake
// Discord: the slash command goes in, the board post with its image comes
// out. Each iteration makes a move and then takes it back (untimed), so
// every timed move is played from the same mid-game position. It reports
// the median and the 99th percentile.
func BenchmarkMoveRoundTrip(b *testing.B) {
	moveRoundTrip(b, newHarness(b, discordfake.Options{}, "ann", "bob", "cat", "dan"))
}

// BenchmarkMoveRoundTripHTTP is BenchmarkMoveRoundTrip with interactions
// over HTTP: the fake POSTs the signed interaction to the bot's endpoint,
// which answers through the callback endpoint and then 202.
func BenchmarkMoveRoundTripHTTP(b *testing.B) {
	moveRoundTrip(b, newHTTPHarness(b, discordfake.Options{}, "ann", "bob", "cat", "dan"))
}

// moveRoundTrip measures mid-game moves of a 4-player table of h.
func moveRoundTrip(b *testing.B, h *harness) {
	h.openTable("suggested")
	rng := rand.New(rand.NewPCG(9, 9))
	// Reach the middle of a game: about forty moves from the suggested start.
	for i := 0; i < 40; i++ {
		g, pos := h.game()
		m := randomMove(rng, pos)
		sub, opts := slashOptions(m)
		if r := h.slash(userOf(g, m.Player), sub, opts...); r.Ephemeral() {
			b.Fatalf("setting up: %s", r.Content())
		}
	}
	var took []time.Duration
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		user, sub, opts := h.pickMove(rng)
		b.StartTimer()
		began := time.Now()
		r := h.slash(user, sub, opts...)
		took = append(took, time.Since(began))
		b.StopTimer()
		if r.Ephemeral() {
			b.Fatalf("move refused: %s", r.Content())
		}
		if r := h.slash(user, "undo"); r.Ephemeral() {
			b.Fatalf("undo refused: %s", r.Content())
		}
		b.StartTimer()
	}
	b.StopTimer()
	reportPercentiles(b, took)
}

// BenchmarkMenaraStepRoundTrip measures a Menara step in the middle of a
// game (a temple at least 2 levels high, of 7 floors or more) through the
// fake Discord: /menara place goes in, the board post with the temple's
// image comes out. Each iteration places a column and
// takes it back (untimed), so every timed step is made on the same temple.
// It reports the median and the 99th percentile.
func BenchmarkMenaraStepRoundTrip(b *testing.B) {
	h := newMenaraHarness(b, "ann", "bob")
	h.openMenara(discordfake.Opt("difficulty", "easy"))
	rng := rand.New(rand.NewPCG(7, 7))
	// A step that changes the temple and can be taken back: a column that
	// neither fills a floor nor finishes the card.
	column := func(pos *mr.Position) (mr.Step, bool) {
		if pos.Stage() != mr.Building {
			return mr.Step{}, false
		}
		for _, s := range pos.LegalSteps(nil) {
			if s.Kind != mr.PlaceColumn {
				continue
			}
			if _, e, err := pos.Preview(s); err == nil && !e.CardDone && e.Filled == mr.NoFloor && !e.Collapse {
				return s, true
			}
		}
		return mr.Step{}, false
	}
	var step mr.Step
	for i := 0; ; i++ {
		_, pos, live := h.menara()
		if !live || i > 400 {
			b.Fatal("no mid-game step to measure")
		}
		if s, ok := column(&pos); ok && pos.Height() >= 2 && len(pos.PlacedFloors()) >= 7 {
			step = s
			break
		}
		if r := h.slashStep(h.mover(), teamStep(&pos, rng, false)); h.posted(r) == nil {
			b.Fatalf("setting up: %s", r.Content())
		}
	}
	user := h.mover()
	o := discordfake.Opt
	var took []time.Duration
	b.ResetTimer()
	for b.Loop() {
		began := time.Now()
		r := h.mslash(user, "place", o("column", string(step.Colour.Letter())), o("base", step.To.String()))
		took = append(took, time.Since(began))
		b.StopTimer()
		if r.Ephemeral() || r.Message.Attachment("board.png") == nil {
			b.Fatalf("step refused: %s", r.Content())
		}
		if r := h.mslash(user, "undo"); r.Ephemeral() {
			b.Fatalf("undo refused: %s", r.Content())
		}
		b.StartTimer()
	}
	b.StopTimer()
	reportPercentiles(b, took)
}

// pickMove picks a random legal move of the player to move, not a pass,
// and returns its user and slash command.
func (h *harness) pickMove(rng *rand.Rand) (user, sub string, opts []discordfake.Option) {
	g, pos := h.game()
	m := randomMove(rng, pos)
	for m.Kind == shangrila.Pass {
		m = randomMove(rng, pos)
	}
	sub, opts = slashOptions(m)
	return userOf(g, m.Player), sub, opts
}

// reportPercentiles reports the median and the 99th percentile of the
// times a benchmark took, in milliseconds.
func reportPercentiles(b *testing.B, took []time.Duration) {
	b.Helper()
	slices.Sort(took)
	pct := func(p float64) float64 {
		return float64(took[int(p*float64(len(took)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.5), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}
