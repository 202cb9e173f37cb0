package discord

import (
	"math/rand/v2"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// BenchmarkChannelsMoving measures moves through the fake Discord with
// many channels playing at once: 50 channels of 4-player Shangri-La from
// the suggested start, a move in each dispatched at the same moment, round
// after round (each answer drawn with its board and stored durably). It
// reports the moves a second and the answers' median and 99th percentile,
// from dispatch to the answer reaching the fake. On a machine shared with
// other work the wall clock says little, so it also reports the process's
// CPU time a move (user and system, the fake Discord's included, each
// round from dispatch until the bot is idle again) and the moves a second
// two cores would make at that cost (2 s of CPU a second over cpu-ms).
//
//	go test ./bot/discord -run '^$' -bench ChannelsMoving -benchtime 20x
func BenchmarkChannelsMoving(b *testing.B) {
	const channels = 50
	// The fake reads only the images' headers: decoding every board would
	// cost the machine as much as drawing it, and the bot is measured.
	h := newHarness(b, discordfake.Options{ImageHeaders: true}, "ann", "bob", "cat", "dan")
	chans := []string{h.world.Channel.ID}
	for len(chans) < channels {
		chans = append(chans, h.fake.AddChannel(discordfake.Channel{GuildID: h.world.Guild.ID}).ID)
	}
	for _, c := range chans {
		h.openTableIn(c)
	}
	rng := rand.New(rand.NewPCG(11, 11))
	var took []time.Duration
	moves := 0
	var elapsed, cpu time.Duration
	for b.Loop() {
		batch := make([]*discordfake.Interaction, 0, channels)
		for _, c := range chans {
			g, pos, err := h.gameIn(c)
			if err != nil || pos == nil || pos.Phase() == shangrila.Over {
				h.openTableIn(c) // the game ended: another
				g, pos, _ = h.gameIn(c)
			}
			m := randomMove(rng, pos)
			sub, opts := slashOptions(m)
			batch = append(batch, h.fake.NewSlashCommand(userOf(g, m.Player), c, command, sub, opts...))
		}
		began, cpuBegan := time.Now(), processCPU(b)
		h.fake.Dispatch(batch...)
		for _, in := range batch {
			r := in.Wait(h.ctx)
			took = append(took, r.AckLatency)
		}
		elapsed += time.Since(began)
		moves += len(batch)
		b.StopTimer()
		h.adapter.waitIdle()
		for _, c := range chans {
			h.bot.Wait(h.ctx, c)
		}
		cpu += processCPU(b) - cpuBegan
		b.StartTimer()
	}
	slices.Sort(took)
	b.ReportMetric(float64(moves)/elapsed.Seconds(), "moves/s")
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
	perMove := cpu.Seconds() / float64(moves)
	b.ReportMetric(perMove*1000, "cpu-ms/move")
	b.ReportMetric(2/perMove, "moves/s-2cores")
}

// processCPU returns the CPU time the process has used, user and system.
func processCPU(tb testing.TB) time.Duration {
	tb.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// openTableIn opens a table in channel with the harness's four users
// seated, from the suggested start, and starts it.
func (h *harness) openTableIn(channel string) {
	h.t.Helper()
	wait := func(in *discordfake.Interaction) {
		if r := in.Wait(h.ctx); r.Ephemeral() {
			h.t.Fatalf("opening a table: %s", r.Content())
		}
	}
	wait(h.fake.SlashCommand(h.user(0), channel, command, "new", discordfake.Opt("players", 4), discordfake.Opt("start", "suggested")))
	for i := 1; i < 4; i++ {
		wait(h.fake.SlashCommand(h.user(i), channel, command, "join"))
	}
	wait(h.fake.SlashCommand(h.user(0), channel, command, "start"))
	h.adapter.waitIdle()
	h.bot.Wait(h.ctx, channel)
}
