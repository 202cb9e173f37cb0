package bot_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/internal/takeaway"
	"github.com/tablebot/tablebot/bot/internal/testclock"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/metrics"
	"github.com/tablebot/tablebot/store"
)

// channel is the channel of the host tests' games.
const channel = "c1"

// host is a Bot hosting the take-away game on a real database in a
// temporary directory, with a poster and a log that record what they get.
type host struct {
	t       *testing.T
	ctx     context.Context
	bot     *bot.Bot
	db      *store.DB
	dbPath  string
	cat     *i18n.Catalog
	game    *takeaway.Game
	posts   *poster
	log     *logRecorder
	metrics *metrics.Metrics
	answers atomic.Int64 // answers delivered so far
	turns   *bot.Turns
	clock   *testclock.Clock
	// finds makes the poster a bot.Finder.
	finds bool
	// owners, when set, says which channels the bot works (bot.Owners).
	owners bot.Owners
	// direct, when set, is the poster, which then sends DMs too
	// (bot.DirectPoster).
	direct *dmPoster
}

// newHost starts a host for the take-away game configured by opts.
func newHost(t *testing.T, opts takeaway.Options) *host {
	t.Helper()
	return newHostWith(t, opts, nil)
}

// newHostWith starts a host whose bot has the given reminders and a clock
// of the test's (h.clock).
func newHostWith(t *testing.T, opts takeaway.Options, turns *bot.Turns) *host {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	cat, err := i18n.New(takeaway.Source())
	if err != nil {
		t.Fatal(err)
	}
	h := &host{t: t, ctx: ctx, cat: cat, game: takeaway.New(opts), posts: &poster{}, log: &logRecorder{},
		dbPath: filepath.Join(t.TempDir(), "tablebot.db"), metrics: metrics.New(), turns: turns,
		clock: testclock.New(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))}
	h.open()
	t.Cleanup(h.close)
	return h
}

// open opens the database and starts the bot on it.
func (h *host) open() {
	h.t.Helper()
	db, err := store.Open(h.dbPath, store.Options{Now: h.clock.Now})
	if err != nil {
		h.t.Fatal(err)
	}
	seed := uint64(0)
	var posts bot.Poster = h.posts
	if h.finds {
		posts = finder{h.posts}
	}
	if h.direct != nil {
		h.direct.poster = h.posts
		posts = h.direct
	}
	b, err := bot.New(bot.Config{Store: db, Catalog: h.cat, Games: []bot.Game{h.game}, Poster: posts,
		Log: slog.New(h.log), Metrics: h.metrics, KeepSeatOrder: true, Turns: h.turns, Clock: h.clock,
		LinkBase: "https://discord.com/channels/", Owners: h.owners,
		Seed: func() uint64 { seed++; return seed }})
	if err != nil {
		h.t.Fatal(err)
	}
	h.db, h.bot = db, b
}

// close stops the bot and closes the database.
func (h *host) close() {
	if h.bot != nil {
		h.bot.Close()
		h.bot = nil
	}
	if h.db != nil {
		h.db.Close()
		h.db = nil
	}
}

// user is a player: the name is the id; the locale is English.
func user(name string) bot.User { return bot.User{ID: name, Name: name, Locale: "en-US"} }

// cmd runs /takeaway sub with options given as name, value pairs, and runs
// what follows the answer as an adapter does.
func (h *host) cmd(who, sub string, opts ...string) bot.Reply {
	h.t.Helper()
	return h.handle(command(who, sub, opts...))
}

// command is the request of /takeaway sub with options given as name,
// value pairs.
func command(who, sub string, opts ...string) bot.Request {
	req := bot.Request{Kind: bot.CommandRequest, User: user(who), Guild: "g", Channel: channel, Game: takeaway.Kind,
		Command: sub, Options: map[string]string{}}
	for i := 0; i+1 < len(opts); i += 2 {
		req.Options[opts[i]] = opts[i+1]
	}
	return req
}

// click presses a component as who.
func (h *host) click(who, id string, values ...string) bot.Reply {
	h.t.Helper()
	return h.handle(bot.Request{Kind: bot.ComponentRequest, User: user(who), Guild: "g", Channel: channel,
		CustomID: id, Values: values})
}

// handle sends a request and delivers the reply as an adapter does: the
// answer (which may carry a board the channel is owed), the posts, then
// what follows; and waits for the channel's background work.
func (h *host) handle(req bot.Request) bot.Reply {
	r := h.send(req)
	h.bot.Wait(h.ctx, channel)
	return r
}

// send is handle without waiting for the background work.
func (h *host) send(req bot.Request) bot.Reply {
	r := h.bot.Handle(h.ctx, req)
	if r.Message.Sent != nil {
		r.Message.Sent(h.ctx, "answer"+itoa(int(h.answers.Add(1))))
	}
	if r.Then != nil {
		r.Then()
	}
	return r
}

// lastPost returns the latest post in the channel.
func (h *host) lastPost() bot.Message {
	h.t.Helper()
	ps := h.posts.all()
	if len(ps) == 0 {
		h.t.Fatal("nothing was posted")
	}
	return ps[len(ps)-1]
}

// table opens a table of take-away with the players seated (the first
// opens it) and the given options of new, and starts it.
func (h *host) table(players []string, opts ...string) bot.Reply {
	h.t.Helper()
	opts = append([]string{"players", itoa(len(players))}, opts...)
	if r := h.cmd(players[0], "new", opts...); r.Failed {
		h.t.Fatalf("new: %s", r.Message.Content)
	}
	for _, p := range players[1:] {
		if r := h.cmd(p, "join"); r.Failed {
			h.t.Fatalf("join: %s", r.Message.Content)
		}
	}
	r := h.cmd(players[0], "start")
	if r.Failed {
		h.t.Fatalf("start: %s", r.Message.Content)
	}
	return r
}

// state returns the channel's game position.
func (h *host) state() (*store.Game, takeaway.Position) {
	h.t.Helper()
	g, st, err := h.bot.Table(h.ctx, channel)
	if err != nil {
		h.t.Fatalf("the game: %v", err)
	}
	if st == nil {
		return g, takeaway.Position{}
	}
	return g, st.(*takeaway.State).Position()
}

// record returns the channel's stored record and seats, "" without a game,
// to check that a refused request changed nothing.
func (h *host) record() string {
	g, err := h.db.Current(h.ctx, channel)
	if err != nil {
		return ""
	}
	var seats []string
	for _, p := range g.Players {
		seats = append(seats, p.UserID+"/"+p.Colour+"/"+p.Computer)
	}
	return g.Record() + strings.Join(seats, ",") + string(g.Status)
}

// wait waits until the channel's background work is done.
func (h *host) wait() {
	h.t.Helper()
	h.bot.Wait(h.ctx, channel)
}

// button returns the custom id of a reply's button whose step is step.
func button(t *testing.T, m bot.Message, step string) string {
	t.Helper()
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if a, ok := bot.ParseAction(b.ID); ok && a.Step == step {
				return b.ID
			}
		}
		if row.Menu != nil {
			if a, ok := bot.ParseAction(row.Menu.ID); ok && a.Step == step {
				return row.Menu.ID
			}
		}
	}
	t.Fatalf("no %s component in %q", step, m.Content)
	return ""
}

// poster records the posts of the bot, in order, and fails as a test
// asks: the next few posts, or every post while it is down, with a
// temporary error or the error it is given. It makes a post's film before
// each try, as the Discord adapter does. Like Discord, it refuses a
// post over 2,000 characters (and records it in over).
type poster struct {
	mu       sync.Mutex
	posts    []bot.Message
	failures int   // the next posts that fail
	down     bool  // every post fails
	err      error // what failing posts return; nil: a temporary failure
	applied  bool  // a failing post is made all the same (its outcome unknown)
	tries    int   // posts tried
	over     []string
	answers  map[string]string // interaction → its answer's message, as the platform shows it
	lastFilm []byte            // the film of the latest post made with one
	during   func(bot.Message) // called as each post is tried, before it is made
}

// answered makes the platform show interaction's answer as message id
// (an answer made, whatever the bot learnt of it).
func (p *poster) answered(interaction, id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.answers == nil {
		p.answers = map[string]string{}
	}
	p.answers[interaction] = id
}

func (p *poster) Post(ctx context.Context, channel string, m bot.Message) (string, error) {
	var film []byte
	if m.Film != nil {
		// As the Discord adapter does: the film is made before each try.
		var err error
		if film, err = m.Film.Render(ctx); err != nil {
			return "", err
		}
	}
	p.mu.Lock()
	during := p.during
	p.mu.Unlock()
	if during != nil {
		during(m)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tries++
	if n := utf8.RuneCountInString(m.Content); n > 2000 {
		p.over = append(p.over, m.Content)
		return "", fmt.Errorf("%w: content of %d characters", bot.ErrRefused, n)
	}
	if p.down || p.failures > 0 {
		if p.failures > 0 {
			p.failures--
		}
		if p.applied {
			p.posts = append(p.posts, m)
		}
		if p.err != nil {
			return "", p.err
		}
		return "", errors.New("poster: the post failed")
	}
	p.posts = append(p.posts, m)
	if m.Film != nil {
		p.lastFilm = film
	}
	return "m" + itoa(len(p.posts)), nil
}

// film returns the film of the latest post made with one.
func (p *poster) film() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lastFilm
}

// fail makes the next n posts fail.
func (p *poster) fail(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.failures = n
}

// setDown makes every post fail with err (nil: a temporary failure) while
// down, made all the same when applied.
func (p *poster) setDown(down bool, err error, applied bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down, p.err, p.applied = down, err, applied
}

// attempts returns how many posts were tried so far.
func (p *poster) attempts() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.tries
}

// all returns the posts so far.
func (p *poster) all() []bot.Message {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]bot.Message(nil), p.posts...)
}

// finder is a poster that can also find its posts (bot.Finder), as the
// Discord adapter does among a channel's latest messages.
type finder struct{ *poster }

func (f finder) Answer(ctx context.Context, channel, interaction string) (string, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id, ok := f.answers[interaction]
	return id, ok, nil
}

func (f finder) Find(ctx context.Context, channel, text string) (string, bool, error) {
	for i, m := range f.all() {
		if strings.HasPrefix(m.Content, text) {
			return "m" + itoa(i+1), true, nil
		}
	}
	return "", false, nil
}

// logRecorder is a slog handler that keeps the records.
type logRecorder struct {
	mu      sync.Mutex
	records []slog.Record
}

func (l *logRecorder) Enabled(context.Context, slog.Level) bool { return true }
func (l *logRecorder) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.records = append(l.records, r)
	return nil
}
func (l *logRecorder) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logRecorder) WithGroup(string) slog.Handler      { return l }

// at returns the messages logged at level or above.
func (l *logRecorder) at(level slog.Level) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, r := range l.records {
		if r.Level >= level {
			out = append(out, r.Message)
		}
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }
