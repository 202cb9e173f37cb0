package discord

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
	"github.com/tablebot/tablebot/bot/internal/testclock"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/store"
)

// soak is a bot hosting take-away in many channels of one server of the
// fake Discord, on a real database, on the test's clock.
type soak struct {
	t        *testing.T
	ctx      context.Context
	clock    *testclock.Clock
	fake     *discordfake.Server
	guild    discordfake.Guild
	channels []string
	users    []string // users[i] plays in channels[i]
	db       *store.DB
	bot      *bot.Bot
	adapter  *Adapter

	down     atomic.Bool     // Discord fails channel posts and answers with a board
	requests sync.Map        // channel id → *atomic.Int64: requests that reached it
	drawing  atomic.Int64    // boards being drawn now
	mostDraw atomic.Int64    // the most drawn at once
	png      png.Encoder     // the boards' encoder, its buffers lent
	latency  []time.Duration // interactions' answers, after dispatch
	heap     uint64          // the most heap seen (HeapAlloc: garbage not yet swept included)
	live     uint64          // the most live heap seen (what the last GC marked)
	recovery map[string]int  // channel → its messages before Discord came back
}

// newSoak builds n channels, each with a game of take-away between its
// user and two easy computers, and connects the bot.
func newSoak(t *testing.T, n int) *soak {
	// No deadline of its own: on a loaded machine the soak takes minutes,
	// and go test's -timeout is the one limit (with every goroutine's
	// stack when it strikes).
	ctx := t.Context()
	s := &soak{t: t, ctx: ctx, clock: testclock.New(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)),
		recovery: map[string]int{}, png: png.Encoder{BufferPool: &pngBuffers{}}}
	s.fake = discordfake.New(t, discordfake.Options{Now: s.clock.Now, WaitTimeout: 30 * time.Second})
	s.guild = s.fake.AddGuild(discordfake.Guild{})
	for range n {
		c := s.fake.AddChannel(discordfake.Channel{GuildID: s.guild.ID})
		u := s.fake.AddUser(discordfake.User{})
		s.fake.AddMember(discordfake.Member{GuildID: s.guild.ID, UserID: u.ID})
		s.channels, s.users = append(s.channels, c.ID), append(s.users, u.ID)
	}
	for _, route := range []discordfake.Route{discordfake.RouteCreateMessage, discordfake.RouteCallback, discordfake.RouteListMessages} {
		s.fake.FailIf(route, s.outage)
	}
	cat, err := i18n.New(takeaway.Source())
	if err != nil {
		t.Fatal(err)
	}
	s.db, err = store.Open(filepath.Join(t.TempDir(), "tablebot.db"),
		store.Options{Now: s.clock.Now, NoSync: true}) // its subject is delivery, not durability
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(testLogWriter{t}, &slog.HandlerOptions{Level: slog.LevelError}))
	s.adapter, err = New(Config{Token: s.fake.Token(), GuildID: s.guild.ID, APIURL: s.fake.URL(), Log: log}, cat)
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(0)
	s.bot, err = bot.New(bot.Config{Store: s.db, Catalog: cat, Poster: s.adapter, Log: log, Clock: s.clock,
		Games: []bot.Game{takeaway.New(takeaway.Options{Board: s.draw})}, Turns: &bot.Turns{RemindAfter: time.Hour, RemindMax: 3},
		LinkBase: "https://discord.com/channels/", Seed: func() uint64 { seed++; return seed }})
	if err != nil {
		t.Fatal(err)
	}
	for i := range s.channels {
		s.openTable(i)
	}
	t.Cleanup(func() {
		s.adapter.Close()
		s.db.Close()
	})
	return s
}

// openTable opens channel i's table and starts it, as the bot's requests
// (before the bot is on Discord: the start's board is owed).
func (s *soak) openTable(i int) {
	s.t.Helper()
	req := func(kind bot.RequestKind, sub string, opts map[string]string) bot.Request {
		return bot.Request{Kind: kind, User: bot.User{ID: s.users[i], Name: "p" + strconv.Itoa(i), Locale: "en-US"},
			Guild: s.guild.ID, Channel: s.channels[i], Game: takeaway.Kind, Command: sub, Options: opts}
	}
	for _, r := range []bot.Reply{
		s.bot.Handle(s.ctx, req(bot.CommandRequest, "new", map[string]string{"players": "3", "stones": "40"})),
		mustReply(s.bot.AddComputer(s.ctx, req(bot.ComponentRequest, "", nil), "easy")),
		mustReply(s.bot.AddComputer(s.ctx, req(bot.ComponentRequest, "", nil), "easy")),
		s.bot.Handle(s.ctx, req(bot.CommandRequest, "start", nil)),
	} {
		if r.Failed {
			s.t.Fatalf("channel %d: %s", i, r.Message.Content)
		}
	}
}

// mustReply drops a reply's error, which openTable checks by Failed.
func mustReply(r bot.Reply, err error) bot.Reply {
	if err != nil {
		r.Failed, r.Message.Content = true, err.Error()
	}
	return r
}

// draw draws a board: a real PNG as wide as the game has moves (plus one),
// so that the test can tell boards apart; it counts the boards drawn at
// once.
func (s *soak) draw(ctx context.Context, v bot.BoardView) ([]byte, error) {
	n := s.drawing.Add(1)
	defer s.drawing.Add(-1)
	for {
		most := s.mostDraw.Load()
		if n <= most || s.mostDraw.CompareAndSwap(most, n) {
			break
		}
	}
	img := image.NewPaletted(image.Rect(0, 0, v.State.Moves()+1, 64), color.Palette{color.Black, color.White})
	var b bytes.Buffer
	err := s.png.Encode(&b, img)
	return b.Bytes(), err
}

// pngBuffers lends an encoder's buffers from one draw to the next.
type pngBuffers struct{ pool sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngBuffers) Put(b *png.EncoderBuffer) { p.pool.Put(b) }

// outage is the fake's fault rule: while Discord is down, channel posts
// and answers with a board fail, with a 503 or now and then a 429; it
// counts every request that reaches a channel.
func (s *soak) outage(r discordfake.FaultRequest) (discordfake.Fault, bool) {
	c, _ := s.requests.LoadOrStore(r.ChannelID, new(atomic.Int64))
	c.(*atomic.Int64).Add(1)
	if !s.down.Load() || r.Route == discordfake.RouteListMessages || r.Route == discordfake.RouteCallback && !r.Files {
		return discordfake.Fault{}, false
	}
	h := fnv.New32a()
	fmt.Fprintf(h, "%s %d", r.ChannelID, r.Now.UnixNano())
	if h.Sum32()%5 == 0 {
		return discordfake.Fault{Status: 429, RetryAfter: 20 * time.Millisecond}, true
	}
	return discordfake.Fault{Status: 503}, true
}

// requestsTo returns how many requests reached a channel so far.
func (s *soak) requestsTo(channel string) int64 {
	c, ok := s.requests.Load(channel)
	if !ok {
		return 0
	}
	return c.(*atomic.Int64).Load()
}

// settle waits until every channel's work in hand is done.
func (s *soak) settle() {
	s.adapter.waitIdle()
	for _, c := range s.channels {
		s.bot.Wait(s.ctx, c)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	s.heap = max(s.heap, ms.HeapAlloc)
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	s.live = max(s.live, live[0].Value.Uint64())
}

// move makes the users of the channels picked take a stone each, where it
// is their turn; ask makes them ask for the game's status (which changes
// nothing).
func (s *soak) move(pick func(i int) bool) {
	s.interact(pick, func(i int) bool { return s.toMove(i) }, "take", discordfake.Opt("stones", 1))
}

func (s *soak) ask(pick func(i int) bool) {
	s.interact(pick, func(int) bool { return true }, "status")
}

// interact makes the users of the channels picked (where may says they
// may) run a subcommand, 50 interactions at once, and records how long each
// answer took.
func (s *soak) interact(pick, may func(i int) bool, sub string, opts ...discordfake.Option) {
	s.t.Helper()
	var batch []*discordfake.Interaction
	flush := func() {
		s.fake.Dispatch(batch...)
		for _, h := range batch {
			s.latency = append(s.latency, h.Wait(s.ctx).AckLatency)
		}
		batch = batch[:0]
	}
	for i, c := range s.channels {
		if !pick(i) || !may(i) {
			continue
		}
		batch = append(batch, s.fake.NewSlashCommand(s.users[i], c, takeaway.Kind, sub, opts...))
		if len(batch) == 50 {
			flush()
		}
	}
	if len(batch) > 0 {
		flush()
	}
	s.settle()
}

// toMove reports whether channel i's user is to move.
func (s *soak) toMove(i int) bool {
	g, st, err := s.bot.Table(s.ctx, s.channels[i])
	if err != nil || st == nil || st.Over() {
		return false
	}
	turn := st.ToAct()
	return len(turn) == 1 && g.Players[turn[0]].UserID == s.users[i]
}

// step moves the clock on by d and waits for the work it wakes.
func (s *soak) step(d time.Duration) {
	s.clock.Advance(d)
	s.settle()
}

// owed returns how many channels are still owed posts.
func (s *soak) owed() int {
	n := 0
	for _, c := range s.channels {
		box, err := s.db.Outbox(s.ctx, c)
		if err != nil {
			s.t.Fatal(err)
		}
		if len(box) > 0 {
			n++
		}
	}
	return n
}

// soakChannels is the outage soak's channels in the full run: 500 keep
// the suite within its budget; the figures in the README are of 2,000.
var soakChannels = flag.Int("soak.channels", 500, "channels of TestOutageSoak's full run (the README's figures: 2000)")

// TestOutageSoak: thousands of channels whose games go on (computers and
// their people) while every channel post, and every answer carrying a
// board, fails with 5xx or 429 for ten minutes of the bot's time; then
// Discord is back. Every move is announced exactly once and in order, in
// posts within Discord's limits (the fake fails the test on any breach),
// each channel's backlog in a handful of posts, no board drawn beside more
// than the gate allows, and every interaction answered within Discord's 3
// seconds throughout. Then channels are deleted or lose the bot's access:
// requests to them stop after the first refusals, and the invalid requests
// stay far below Discord's limit.
func TestOutageSoak(t *testing.T) {
	n := *soakChannels
	switch {
	case testing.Short() && raceEnabled:
		n = 50 // every board ten times dearer: the race run's share of the suite
	case testing.Short():
		n = 100
	}
	s := newSoak(t, n)
	s.down.Store(true)
	if err := s.adapter.Start(s.ctx, s.bot); err != nil {
		t.Fatal(err)
	}
	s.settle()
	for step := range 20 { // ten minutes, a tenth of the people moving every half minute
		s.move(func(i int) bool { return i%10 == step%10 })
		s.step(30 * time.Second)
	}
	if owed := s.owed(); owed < n*9/10 {
		t.Fatalf("only %d of %d channels owed posts during the outage", owed, n)
	}
	for _, c := range s.channels {
		s.recovery[c] = len(s.fake.Messages(c))
	}
	s.down.Store(false)
	for step := 0; s.owed() > 0; step++ {
		if step == 30 {
			t.Fatalf("%d channels still owed posts 15 minutes after Discord came back", s.owed())
		}
		s.ask(func(i int) bool { return i%20 == step%20 }) // people look meanwhile
		s.step(30 * time.Second)
	}
	s.check()
	s.report()
	s.gone(min(100, n/10))
}

// check checks every channel: each move said exactly once and in order,
// boards in the order of their moves, the backlog in a handful of posts.
func (s *soak) check() {
	s.t.Helper()
	for _, c := range s.channels {
		g, err := s.game(c)
		if err != nil {
			s.t.Fatalf("channel %s: %v", c, err)
		}
		want := piles(s.t, g)
		msgs := s.fake.Messages(c)
		var got []int
		boards := 0
		for _, m := range msgs {
			if m.Ephemeral() {
				continue
			}
			got = append(got, saidPiles(m.Content, want[len(got):])...)
			if a := m.Attachment("board.png"); a != nil {
				if a.Width <= boards {
					s.t.Errorf("channel %s: a board of %d moves after one of %d", c, a.Width-1, boards-1)
				}
				boards = a.Width
			}
		}
		if !slices.Equal(got, want) {
			s.t.Errorf("channel %s: the posts said %v, the moves were %v", c, got, want)
		}
		if after := len(msgs) - s.recovery[c]; after > 6 {
			s.t.Errorf("channel %s: its backlog took %d posts", c, after)
		}
	}
}

// game returns a channel's game as stored: current, or the last ended.
func (s *soak) game(channel string) (*store.Game, error) {
	g, err := s.db.Current(s.ctx, channel)
	if err == nil {
		return g, nil
	}
	gs, err := s.db.Archived(s.ctx, channel)
	if err != nil || len(gs) == 0 {
		return nil, fmt.Errorf("no game: %v", err)
	}
	return gs[len(gs)-1], nil
}

// piles returns the stones left after each move of a stored game.
func piles(t *testing.T, g *store.Game) []int {
	t.Helper()
	left := 40
	var out []int
	for _, m := range g.Moves {
		f := strings.Fields(m.Text)
		n, err := strconv.Atoi(f[len(f)-1])
		if err != nil || f[1] != "take" {
			t.Fatalf("a move of take-away: %q", m.Text)
		}
		left -= n
		out = append(out, left)
	}
	return out
}

var (
	leftIn    = regexp.MustCompile(`(\d+) left`)
	skippedIn = regexp.MustCompile(`…and (\d+) earlier change`)
	sinceIn   = regexp.MustCompile(`(?m)^` + bot.SinceMark + `.*(\n- .*)*`)
)

// saidPiles returns the piles a post says, in order; a line summing up
// earlier changes stands for the next ones of rest. What it says since a
// player's last turn says earlier moves again: it is left out.
func saidPiles(content string, rest []int) []int {
	content = sinceIn.ReplaceAllString(content, "")
	var out []int
	if m := skippedIn.FindStringSubmatch(content); m != nil {
		k, _ := strconv.Atoi(m[1])
		out = append(out, rest[:min(k, len(rest))]...)
	}
	for _, m := range leftIn.FindAllStringSubmatch(content, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, n)
	}
	return out
}

// report logs what the soak measured.
func (s *soak) report() {
	lat := slices.Clone(s.latency)
	slices.Sort(lat)
	pct := func(p float64) time.Duration { return lat[int(p*float64(len(lat)-1))] }
	s.t.Logf("soak: %d channels, %d interactions answered: p50 %v, p99 %v, slowest %v", len(s.channels), len(lat),
		pct(0.5).Round(time.Millisecond), pct(0.99).Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond))
	s.t.Logf("soak: boards drawn at once at most %d (the gate: %d posts and boards in flight at most); peak heap %.1f MB, of it live at most %.1f MB",
		s.mostDraw.Load(), s.bot.InflightPeak(), float64(s.heap)/(1<<20), float64(s.live)/(1<<20))
	inv := s.fake.InvalidRequests()
	s.t.Logf("soak: invalid requests: %d in the last 10 minutes, %d at most, %d in all", inv.InWindow, inv.Peak, inv.Total)
	if slowest := lat[len(lat)-1]; slowest >= 3*time.Second {
		s.t.Errorf("an interaction was answered after %v", slowest)
	}
	if most := s.mostDraw.Load(); most > int64(4*runtime.GOMAXPROCS(0)) {
		s.t.Errorf("%d boards drawn at once, above the gate's %d", most, 4*runtime.GOMAXPROCS(0))
	}
}

// gone deletes k channels and takes the bot's access away in k others,
// then lets the reminders fall due for hours: requests to those channels
// stop after their first refusals, and the invalid requests stay far
// below Discord's limit of 10,000 in 10 minutes.
func (s *soak) gone(k int) {
	s.t.Helper()
	deleted, lost := s.channels[:k], s.channels[k:2*k]
	for _, c := range deleted {
		s.fake.DeleteChannel(c)
	}
	for _, c := range lost {
		s.fake.SetBotPermissions(c, 0)
	}
	before := map[string]int64{}
	for _, c := range append(slices.Clone(deleted), lost...) {
		before[c] = s.requestsTo(c)
	}
	invalid := s.fake.InvalidRequests().Total
	for range 4 * 6 { // four hours of reminders
		s.step(10 * time.Minute)
	}
	tried := 0
	for _, c := range append(slices.Clone(deleted), lost...) {
		n := s.requestsTo(c) - before[c]
		if n > 2 {
			s.t.Errorf("channel %s: %d requests after it was gone", c, n)
		}
		tried += int(n)
	}
	inv := s.fake.InvalidRequests()
	s.t.Logf("soak: %d channels deleted and %d without access: %d requests to them in four hours of reminders, %d invalid requests (Discord's limit: 10,000 in 10 minutes)",
		k, k, tried, inv.Total-invalid)
	if inv.Total-invalid > 2*k {
		s.t.Errorf("%d invalid requests for %d channels without access", inv.Total-invalid, k)
	}
	// A channel is parked by the refusal of a request to it: one the bot
	// had no reason to try in those hours (its reminders spent before)
	// cannot be, so only those tried are checked, and some must be.
	triedLost := 0
	for _, c := range lost {
		if s.requestsTo(c) == before[c] {
			continue
		}
		triedLost++
		if v, _ := s.db.ChannelSetting(s.ctx, c, "parked"); v == "" {
			s.t.Errorf("channel %s lost the bot's access, was refused, and is not parked", c)
		}
	}
	if triedLost == 0 {
		s.t.Errorf("none of the %d channels without access was tried in four hours", k)
	}
}
