package main

import (
	"bufio"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/store/etcd/etcdtest"
)

// The engines' benchmarks run the whole bot (Main, as serve runs it) on
// each storage engine in turn against the fake Discord, so a move's cost
// through bbolt and through etcd can be read side by side:
//
//	go test ./cmd/tablebot -run '^$' -bench 'EnginesMoveRoundTrip' -benchtime 30x
//	go test ./cmd/tablebot -run '^$' -bench 'EnginesChannelsMoving' -benchtime 10x
//
// Sub-benchmarks: bbolt (one file), etcd (one embedded member) and etcd3
// (three embedded members on loopback: every write waits for a quorum).
// They live here, not in bot/discord, because this package's tests link
// the embedded etcd server already.

// benchChannels is how many channels move at once in
// BenchmarkEnginesChannelsMoving, as in bot/discord's BenchmarkChannelsMoving.
const benchChannels = 50

// benchSetupMoves is how many moves a table makes before it is measured
// (a few rounds of four players), so a measured move is a mid-game one.
const benchSetupMoves = 16

// benchEngine is a storage engine of the benchmarks: start starts what it
// needs (an etcd) and returns the [storage] section to run the bot with.
type benchEngine struct {
	name  string
	start func(b *testing.B) storageConfig
}

// benchEngines returns the engines compared.
func benchEngines() []benchEngine {
	etcdMembers := func(n int) func(b *testing.B) storageConfig {
		return func(b *testing.B) storageConfig {
			s := defaultConfig().Storage
			s.Engine = engineEtcd
			if n == 1 {
				srv, err := etcdtest.Start(b.TempDir())
				if err != nil {
					b.Fatal(err)
				}
				b.Cleanup(srv.Close)
				s.EtcdEndpoints = []string{srv.Endpoint}
				return s
			}
			cl, err := etcdtest.StartCluster(b.TempDir(), n)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(cl.Close)
			s.EtcdEndpoints = cl.Endpoints
			return s
		}
	}
	return []benchEngine{
		{"bbolt", func(b *testing.B) storageConfig {
			s := defaultConfig().Storage
			s.Path = filepath.Join(b.TempDir(), "tablebot.db")
			return s
		}},
		{"etcd", etcdMembers(1)},
		{"etcd3", etcdMembers(3)},
	}
}

// benchBot is a bot running in this process on one engine, connected to
// the fake Discord over the gateway, with four people in its guild.
type benchBot struct {
	b     *testing.B
	ctx   context.Context
	fake  *discordfake.Server
	world discordfake.World
	main  *Main
	game  string
	// chans are the guild's channels, the world's first.
	chans []string
	// polls counts the outbox reads of settle (a range request each on
	// etcd), so the bot's own requests can be told from them.
	polls atomic.Int64
}

// newBenchBot starts the fake Discord with channels channels and a bot on
// the engine e.
func newBenchBot(b *testing.B, e benchEngine, channels int) *benchBot {
	b.Helper()
	if !etcdtest.Available {
		b.Skip("the embedded etcd is left out of race builds")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	b.Cleanup(cancel)
	storage := e.start(b)
	// The fake reads only the images' headers (decoding every board
	// would cost the machine as much as drawing it: the bot is
	// measured), and gives answers minutes: a loaded machine slows the
	// figures, it does not fail the run.
	fake := discordfake.New(b, discordfake.Options{ImageHeaders: true, AckDeadline: 4 * time.Minute, WaitTimeout: 4 * time.Minute})
	bb := &benchBot{b: b, ctx: ctx, fake: fake, world: fake.NewWorld("ann", "bob", "cat", "dan"), game: defaultGame(games())}
	bb.chans = []string{bb.world.Channel.ID}
	for len(bb.chans) < channels {
		bb.chans = append(bb.chans, fake.AddChannel(discordfake.Channel{GuildID: bb.world.Guild.ID}).ID)
	}
	cfg := defaultConfig()
	cfg.Discord.Token, cfg.Discord.GuildID, cfg.Discord.APIURL = fake.Token(), bb.world.Guild.ID, fake.URL()
	cfg.Storage = storage
	log := slog.New(slog.NewTextHandler(benchLog{b}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	bb.main = &Main{Config: cfg, Log: log, Games: games()}
	if err := bb.main.Run(ctx); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { bb.main.Close() })
	fake.WaitUntil(ctx, func(*discordfake.View) bool { return fake.Command(bb.world.Guild.ID, bb.game) != nil })
	return bb
}

// benchLog writes the bot's warnings to the benchmark's log.
type benchLog struct{ b *testing.B }

func (w benchLog) Write(p []byte) (int, error) {
	w.b.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// slash runs a slash command of the game and returns its answer, an error
// if the bot refused it (a private answer).
func (bb *benchBot) slash(user, channel, sub string, opts ...discordfake.Option) (*discordfake.Response, error) {
	r := bb.fake.SlashCommand(user, channel, bb.game, sub, opts...).Wait(bb.ctx)
	if r.Ephemeral() || r.Message == nil {
		return r, fmt.Errorf("channel %s: %s: %q", channel, sub, r.Content())
	}
	return r, nil
}

// open opens a table of the four people in channel from the suggested
// start, starts it, and makes setup moves in it (the k-th from the choices
// offset by from, so that the channels' games differ).
func (bb *benchBot) open(channel string, from, setup int) error {
	o := discordfake.Opt
	if _, err := bb.slash(bb.world.Users[0].ID, channel, "new", o("players", 4), o("start", "suggested")); err != nil {
		return err
	}
	for _, u := range bb.world.Users[1:] {
		if _, err := bb.slash(u.ID, channel, "join"); err != nil {
			return err
		}
	}
	if _, err := bb.slash(bb.world.Users[0].ID, channel, "start"); err != nil {
		return err
	}
	for k := range setup {
		if err := bb.settle(channel); err != nil {
			return err
		}
		user, opts, err := bb.nextMove(channel, from+k)
		if err != nil {
			return err
		}
		if _, err := bb.slash(user, channel, "place", opts...); err != nil {
			return err
		}
	}
	return bb.settle(channel)
}

// settle waits until the channel owes no post: the board of the last move
// is out and recorded, so the next answer is the public board.
func (bb *benchBot) settle(channel string) error {
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		bb.polls.Add(1)
		box, err := bb.main.db.Outbox(bb.ctx, channel)
		if err != nil || len(box) == 0 {
			return err
		}
		select {
		case <-bb.ctx.Done():
			return bb.ctx.Err()
		case <-tick.C:
		}
	}
}

// nextMove returns the person whose turn it is in channel (the one the
// last board pinged) and a placement of theirs: the k-th village offered
// (wrapping around), with its first master.
func (bb *benchBot) nextMove(channel string, k int) (string, []discordfake.Option, error) {
	user := ""
	ms := bb.fake.Messages(channel)
	for i := len(ms) - 1; i >= 0 && user == ""; i-- {
		if !ms[i].Ephemeral() && len(ms[i].Notified) == 1 {
			user = ms[i].Notified[0]
		}
	}
	if user == "" {
		return "", nil, fmt.Errorf("channel %s: no board pings whose turn it is", channel)
	}
	villages := bb.fake.Autocomplete(user, channel, bb.game, "place", "village", "").Wait(bb.ctx).Choices
	if len(villages) == 0 {
		return "", nil, fmt.Errorf("channel %s: no village to place in", channel)
	}
	village := discordfake.Opt("village", villages[k%len(villages)].Value.(string))
	masters := bb.fake.Autocomplete(user, channel, bb.game, "place", "master", "", village).Wait(bb.ctx).Choices
	if len(masters) == 0 {
		return "", nil, fmt.Errorf("channel %s: no master to place in %v", channel, village.Value)
	}
	return user, []discordfake.Option{village, discordfake.Opt("master", masters[0].Value.(string))}, nil
}

// BenchmarkEnginesMoveRoundTrip measures a mid-game move through the fake
// Discord on each engine: the slash command goes in, the answer with the
// board's image comes out, the move stored durably in between. Each
// iteration makes a move and then takes it back (untimed), so every timed
// move is made from the same position (a different placement each time,
// so the boards differ). It reports the median and the 99th percentile;
// on etcd also the requests a move costs, the board's post recorded
// after the answer included (read from the member's /metrics).
func BenchmarkEnginesMoveRoundTrip(b *testing.B) {
	for _, e := range benchEngines() {
		b.Run(e.name, func(b *testing.B) {
			bb := newBenchBot(b, e, 1)
			channel := bb.world.Channel.ID
			if err := bb.open(channel, 0, benchSetupMoves); err != nil {
				b.Fatal(err)
			}
			var moves [][]discordfake.Option
			user, _, err := bb.nextMove(channel, 0)
			for k := 0; err == nil && k < 8; k++ {
				var opts []discordfake.Option
				_, opts, err = bb.nextMove(channel, k)
				moves = append(moves, opts)
			}
			if err != nil {
				b.Fatal(err)
			}
			var took []time.Duration
			cost := map[string]float64{}
			for b.Loop() {
				b.StopTimer()
				before, polls := bb.etcdCounts(), bb.polls.Load()
				b.StartTimer()
				began := time.Now()
				_, err := bb.slash(user, channel, "place", moves[len(took)%len(moves)]...)
				took = append(took, time.Since(began))
				b.StopTimer()
				if err == nil {
					err = bb.settle(channel)
				}
				if err != nil {
					b.Fatal(err)
				}
				for k, v := range bb.etcdCounts() {
					cost[k] += v - before[k]
				}
				cost[etcdReads] -= float64(bb.polls.Load() - polls) // settle's
				if err := bb.undo(user, channel); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
			b.StopTimer()
			if len(bb.main.Config.Storage.EtcdEndpoints) > 0 {
				b.ReportMetric(cost[etcdReads]/float64(b.N), "reads/move")
				b.ReportMetric(cost[etcdWrites]/float64(b.N), "writes/move")
				b.ReportMetric(cost[etcdFsyncs]/float64(b.N), "fsyncs/move")
			}
			reportPercentiles(b, took)
		})
	}
}

// undo takes the last move in channel back and waits until its board is
// out.
func (bb *benchBot) undo(user, channel string) error {
	if err := bb.settle(channel); err != nil {
		return err
	}
	if _, err := bb.slash(user, channel, "undo"); err != nil {
		return err
	}
	return bb.settle(channel)
}

// BenchmarkEnginesChannelsMoving measures moves with many channels playing
// at once on each engine: benchChannels channels of four people, a move in
// each dispatched at the same moment, round after round (each taken back
// untimed between rounds, so the games never end). It reports the moves a
// second and the answers' median and 99th percentile, from dispatch to
// the answer reaching the fake.
func BenchmarkEnginesChannelsMoving(b *testing.B) {
	for _, e := range benchEngines() {
		b.Run(e.name, func(b *testing.B) {
			bb := newBenchBot(b, e, benchChannels)
			chans := bb.chans
			bb.eachChannel(b, chans, func(i int, c string) error { return bb.open(c, i, benchSetupMoves/4) })
			var took []time.Duration
			var elapsed time.Duration
			moves, round := 0, 0
			for b.Loop() {
				b.StopTimer()
				batch := make([]*discordfake.Interaction, len(chans))
				users := make([]string, len(chans))
				bb.eachChannel(b, chans, func(i int, c string) error {
					user, opts, err := bb.nextMove(c, round+i)
					users[i] = user
					batch[i] = bb.fake.NewSlashCommand(user, c, bb.game, "place", opts...)
					return err
				})
				round++
				b.StartTimer()
				began := time.Now()
				bb.fake.Dispatch(batch...)
				for i, in := range batch {
					r := in.Wait(bb.ctx)
					took = append(took, r.AckLatency)
					if r.Ephemeral() {
						b.Fatalf("channel %s: %q", chans[i], r.Content())
					}
				}
				elapsed += time.Since(began)
				moves += len(batch)
				b.StopTimer()
				bb.eachChannel(b, chans, func(i int, c string) error { return bb.undo(users[i], c) })
				b.StartTimer()
			}
			b.StopTimer()
			b.ReportMetric(float64(moves)/elapsed.Seconds(), "moves/s")
			reportPercentiles(b, took)
		})
	}
}

// eachChannel runs do for every channel, eight at a time, and stops the
// benchmark at the first error.
func (bb *benchBot) eachChannel(b *testing.B, chans []string, do func(i int, channel string) error) {
	b.Helper()
	var wg sync.WaitGroup
	slots := make(chan struct{}, 8)
	errs := make([]error, len(chans))
	for i, c := range chans {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			errs[i] = do(i, c)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
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

// The counters of an etcd member the benchmarks report: the requests
// (gRPC Range and Txn) and the WAL's fsyncs.
const (
	etcdReads  = "Range"
	etcdWrites = "Txn"
	etcdFsyncs = "etcd_disk_wal_fsync_duration_seconds_count"
)

// etcdCounts returns the counters of the bot's etcd member (the first
// endpoint), nil on bbolt.
func (bb *benchBot) etcdCounts() map[string]float64 {
	eps := bb.main.Config.Storage.EtcdEndpoints
	if len(eps) == 0 {
		return nil
	}
	out := map[string]float64{}
	resp, err := http.Get("http://" + eps[0] + "/metrics")
	if err != nil {
		bb.b.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		name, value, _ := strings.Cut(sc.Text(), " ")
		v, err := strconv.ParseFloat(value, 64)
		switch {
		case err != nil:
		case strings.HasPrefix(name, "grpc_server_handled_total{"):
			_, method, _ := strings.Cut(name, `grpc_method="`)
			method, _, _ = strings.Cut(method, `"`)
			out[method] += v
		case name == etcdFsyncs:
			out[name] += v
		}
	}
	return out
}
