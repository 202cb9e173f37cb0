package discord

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
	"github.com/tablebot/tablebot/store"
)

// BenchmarkScale builds databases of 1k, 10k, 100k and 1M stored games of
// 4-player Shangri-La of 40 moves each (1 % live, ten games a channel, one
// live game in a hundred owing its channel a post), kept in the temporary
// directory for the next run, and measures what grows with them: the
// start (open and resume), mygames (p99), a look at the reminders with
// nothing due, heap and RSS after the start, the file, and a move's round
// trip through the fake Discord.
//
//	go test ./bot/discord -run '^$' -bench 'Scale/' -benchtime 1x -timeout 60m
func BenchmarkScale(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000, 1_000_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			path := scaleDB(b, n)
			for b.Loop() {
				measureScale(b, path, n)
			}
		})
	}
}

// scaleDB returns the path of a database of n stored games, building it
// when the temporary directory has none.
func scaleDB(b *testing.B, n int) string {
	b.Helper()
	path := filepath.Join(os.TempDir(), fmt.Sprintf("tablebot-scale-v3.3-%d.db", n))
	if _, err := os.Stat(path); err == nil {
		return path
	}
	tmp := path + ".building"
	os.Remove(tmp)
	db, err := store.Open(tmp, store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	began := time.Now()
	records := scaleRecords(b, 200)
	now := time.Now().UTC()
	var batch []*store.Game
	for i := range n {
		batch = append(batch, scaleGame(i, n, records[i%len(records)], now))
		if len(batch) == 5000 || i == n-1 {
			if _, err := db.Import(context.Background(), batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
			fmt.Fprintf(os.Stderr, "\rbuilding %d games: %d", n, i+1)
		}
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "\rbuilt %d games in %v\n", n, time.Since(began).Round(time.Second))
	if err := os.Rename(tmp, path); err != nil {
		b.Fatal(err)
	}
	return path
}

// scaleRecords plays k games of random moves from the suggested start and
// returns their first 40 moves.
func scaleRecords(b *testing.B, k int) [][]string {
	var out [][]string
	for seed := range uint64(k) {
		p, err := shangrila.NewPosition(shangrila.Colours[:4], shangrila.StartSuggested)
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		var moves []string
		for len(moves) < 40 && p.Phase() != shangrila.Over {
			m := p.RandomMove(rng)
			if p, _, err = p.Apply(m); err != nil {
				b.Fatal(err)
			}
			moves = append(moves, notation.FormatMove(m))
		}
		out = append(out, moves)
	}
	return out
}

// scaleGame is stored game i of n: game i%10 of channel i/10, played by
// four of a pool of people; the last game of one channel in ten is live,
// the others ended.
func scaleGame(i, n int, moves []string, now time.Time) *store.Game {
	channel := strconv.Itoa(1_000_000_000_000_000 + i/10)
	live := i%10 == 9 && (i/10)%10 == 0
	g := &store.Game{Guild: strconv.Itoa(900_000_000_000_000_000 + i/10%50), Channel: channel, Kind: bshangrila.Kind,
		Status: store.Over, Creator: scaleUser(i, 0, n), Setup: []string{"players red blue yellow violet", "start suggested"},
		Created: now.Add(-time.Duration(n-i) * time.Minute), Settings: map[string]string{"lang": "en", "seed": strconv.Itoa(i)}}
	if live {
		g.Status = store.Playing
	}
	for s, c := range []string{"red", "blue", "yellow", "violet"} {
		g.Players = append(g.Players, store.Player{UserID: scaleUser(i, s, n), Name: "player" + strconv.Itoa(s), Colour: c})
	}
	for k, text := range moves {
		seat := slices.Index([]string{"red", "blue", "yellow", "violet"}, strings.Fields(text)[0])
		g.Moves = append(g.Moves, store.Move{N: k, Text: text, By: g.Players[seat].UserID, At: g.Created.Add(time.Duration(k) * time.Second)})
	}
	return g
}

// scaleUser is seat s of game i: a pool of people a tenth as many as the
// games, spread by a multiplicative hash, so that a person has a seat in
// some ten games and in a live one now and then (0.4 on average).
func scaleUser(i, s, n int) string {
	h := uint64(i*4+s) * 11400714819323198485
	return strconv.FormatUint(800_000_000_000_000_000+h>>32%uint64(max(n/10, 40)), 10)
}

// scaleOwed makes one live game in a hundred owe a post at the start of
// each BenchmarkScale run.
var scaleOwed = flag.Bool("scale.owed", true, "BenchmarkScale: one live game in a hundred owes a post at the start")

// arm makes the database at path what every run measures, whenever it
// was built and whatever the last run did to it: one live game in a
// hundred owes its channel a board post, as after an outage, and every
// live game's next look (its reminder) is an hour or more away. (A run
// delivers the owed posts and wall time makes looks due: without this the
// first run after a build measured a start with the posts owed and later
// runs without, and a database built hours before had hundreds of games
// due.) It commits without syncing: the file is a fixture.
//
// With -scale.owed=false no post is owed: the start then measures the
// file alone.
func arm(b *testing.B, path string, n int) {
	b.Helper()
	ctx := context.Background()
	db := openFixture(b, path)
	defer db.Close()
	later := time.Now().Add(2 * time.Hour)
	k := 0
	for i := 9; i < n; i += 100 {
		g, err := db.Current(ctx, strconv.Itoa(1_000_000_000_000_000+i/10))
		if err != nil {
			b.Fatal(err)
		}
		if err := db.SetWake(ctx, g.Channel, g.ID, g.Version, later.Add(time.Duration(k)*time.Minute)); err != nil {
			b.Fatal(err)
		}
		if box, err := db.Outbox(ctx, g.Channel); err != nil {
			b.Fatal(err)
		} else if *scaleOwed && k%100 == 0 && len(box) == 0 {
			if _, err := db.UpdateAnnounced(ctx, g.Channel, g.ID, func(g *store.Game) (*store.Announcement, error) {
				return &store.Announcement{Kind: store.Board, Lines: []string{"owed since the outage"}}, nil
			}); err != nil {
				b.Fatal(err)
			}
		}
		k++
	}
}

// discard is a Poster that posts nowhere, for the start's measure.
type discard struct{}

func (discard) Post(ctx context.Context, channel string, m bot.Message) (string, error) {
	return "", nil
}

// measureScale measures the database at path of n games.
func measureScale(b *testing.B, path string, n int) {
	ctx := context.Background()
	cat, err := i18n.New(bshangrila.Source())
	if err != nil {
		b.Fatal(err)
	}
	arm(b, path, n)
	runtime.GC()
	began := time.Now()
	db, err := store.Open(path, store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	bt, err := bot.New(bot.Config{Store: db, Catalog: cat, Poster: discard{},
		Games: []bot.Game{bshangrila.New(bshangrila.Options{Computers: ai.Options{Iterations: 200}})},
		Log:   slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))})
	if err != nil {
		b.Fatal(err)
	}
	bt.Resume(ctx)
	b.ReportMetric(float64(time.Since(began).Microseconds())/1000, "start-ms")
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MB")
	b.ReportMetric(rssMB(), "rss-MB")
	if st, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(st.Size())/(1<<20), "file-MB")
		b.ReportMetric(float64(st.Size())/float64(n), "file-B/game")
	}
	measureTick(b, bt)
	measureMyGames(b, bt, n)
	bt.Close()
	db.Close()
	settle(b, path)
	measureMove(b, path)
}

// settle marks every post the database at path owes as made, as the
// start's bot, which posts nowhere, may not have had the time to: the
// move's bot would post them to channels the fake Discord does not know.
// (arm makes them owed again before the next run.)
func settle(b *testing.B, path string) {
	b.Helper()
	ctx := context.Background()
	db := openFixture(b, path)
	defer db.Close()
	channels, err := db.OutboxChannels(ctx)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range channels {
		box, err := db.Outbox(ctx, c)
		if err != nil {
			b.Fatal(err)
		}
		for _, a := range box {
			if err := db.Posted(ctx, c, a.Game, a.Kind, a.Version, ""); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// rssMB is the process's resident memory, from /proc.
func rssMB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

// measureTick measures a look at the reminders with nothing due.
func measureTick(b *testing.B, bt *bot.Bot) {
	ctx := context.Background()
	const k = 1000
	began := time.Now()
	for range k {
		bt.Remind(ctx)
	}
	b.ReportMetric(float64(time.Since(began).Microseconds())/k, "tick-us")
	b.ReportMetric(testing.AllocsPerRun(100, func() { bt.Remind(ctx) }), "tick-allocs")
}

// measureMyGames measures mygames of people seated in live games: each
// person's first ask (cold: their index pages are read from the file for
// the first time) and then 200 asks spread over the same people (warm, as
// for the people who play): at 1k stored games there are only ten such
// people, so a p99 of first asks alone would compare 10 samples with 200.
func measureMyGames(b *testing.B, bt *bot.Bot, n int) {
	ctx := context.Background()
	var people []int
	for i := 9; i < n && len(people) < 200; i += 100 {
		people = append(people, i)
	}
	ask := func(i int) time.Duration {
		req := bot.Request{Kind: bot.CommandRequest, User: bot.User{ID: scaleUser(i, 1, n), Locale: "en-US"},
			Guild: strconv.Itoa(900_000_000_000_000_000 + i/10%50), Channel: "elsewhere", Game: bshangrila.Kind, Command: "mygames"}
		began := time.Now()
		r := bt.Handle(ctx, req)
		took := time.Since(began)
		if r.Failed || !strings.Contains(r.Message.Content, "<#") {
			b.Fatalf("mygames: %q", r.Message.Content)
		}
		return took
	}
	var cold, warm []time.Duration
	for _, i := range people {
		cold = append(cold, ask(i))
	}
	for k := range 200 {
		warm = append(warm, ask(people[k%len(people)]))
	}
	ms := func(d []time.Duration, q int) float64 {
		slices.Sort(d)
		return float64(d[len(d)*q/100].Microseconds()) / 1000
	}
	b.ReportMetric(ms(cold, 50), "mygames-cold-p50-ms")
	b.ReportMetric(ms(cold, 99), "mygames-cold-p99-ms")
	b.ReportMetric(ms(warm, 50), "mygames-p50-ms")
	b.ReportMetric(ms(warm, 99), "mygames-p99-ms")
}

// measureMove measures a move's round trip through the fake Discord, on
// the database at path (the game played and taken back, so that the file
// is left as it was).
func measureMove(b *testing.B, path string) {
	h := newHarnessAt(b, path, discordfake.Options{}, "ann", "bob", "cat", "dan")
	h.openTable("suggested")
	rng := rand.New(rand.NewPCG(9, 9))
	var took []time.Duration
	for range 20 {
		user, sub, opts := h.pickMove(rng)
		began := time.Now()
		if r := h.slash(user, sub, opts...); r.Ephemeral() {
			b.Fatalf("move refused: %s", r.Content())
		}
		took = append(took, time.Since(began))
		h.slash(user, "undo")
	}
	h.slash(h.user(0), "cancel")
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "move-p50-ms")
	h.stop()
}

// openFixture opens the database at path without syncing its commits: the
// file is a fixture.
func openFixture(b *testing.B, path string) *store.DB {
	b.Helper()
	db, err := store.Open(path, store.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	return db
}
