package discord

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	bshangrila "github.com/tablebot/tablebot/bot/shangrila"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/ai"
	"github.com/tablebot/tablebot/store"
)

// harness is a bot connected to a fake Discord, with a real database in a
// temporary directory.
type harness struct {
	t       testing.TB
	ctx     context.Context
	fake    *discordfake.Server
	world   discordfake.World
	dbPath  string
	db      *store.DB
	bot     *bot.Bot
	adapter *Adapter
	cat     *i18n.Catalog
	board   bot.BoardFunc
	// later moves the bot's clock on (reminders); zero: the real clock.
	later time.Duration
	// answerWithin is the fake's deadline for an answer, which the bot
	// is told (Config.AnswerWithin).
	answerWithin time.Duration
	// games are the games the bot hosts; nil hosts Shangri-La alone.
	games func(h *harness) []bot.Game
	// overHTTP: interactions come to the bot's Interactions Endpoint, not
	// over the gateway.
	overHTTP bool
	mu       sync.Mutex
}

// now is the bot's clock: the real one, moved on by h.later.
func (h *harness) now() time.Time {
	h.mu.Lock()
	defer h.mu.Unlock()
	return time.Now().Add(h.later)
}

// advance moves the bot's clock on by d.
func (h *harness) advance(d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.later += d
}

// newHarness starts a fake Discord with one guild, one channel and the
// given users, and a bot connected to it.
func newHarness(t testing.TB, opts discordfake.Options, users ...string) *harness {
	t.Helper()
	return newHarnessAt(t, filepath.Join(t.TempDir(), "tablebot.db"), opts, users...)
}

// patient gives the bot minutes, not Discord's 3 seconds, to answer an
// interaction, and the test's waits minutes, not the fake's 10 seconds,
// unless the test asks for less: a harness test's verdict must not depend
// on how busy the machine is (under -race beside another suite an answer
// can take longer than 3 s). Discord's deadline itself is held by
// TestAnswerTriesBounded and the soak, which set it.
func patient(opts discordfake.Options) discordfake.Options {
	if opts.AckDeadline == 0 {
		opts.AckDeadline = 4 * time.Minute
	}
	if opts.WaitTimeout == 0 {
		opts.WaitTimeout = 4 * time.Minute
	}
	return opts
}

// newHarnessAt is newHarness on the database at path.
func newHarnessAt(t testing.TB, path string, opts discordfake.Options, users ...string) *harness {
	t.Helper()
	return newHarnessWith(t, path, false, opts, users...)
}

// newHTTPHarness is newHarness with interactions over HTTP: the bot
// serves its Interactions Endpoint and the fake delivers there.
func newHTTPHarness(t testing.TB, opts discordfake.Options, users ...string) *harness {
	t.Helper()
	return newHarnessWith(t, filepath.Join(t.TempDir(), "tablebot.db"), true, opts, users...)
}

// newHarnessWith is newHarnessAt, over HTTP or the gateway.
func newHarnessWith(t testing.TB, path string, overHTTP bool, opts discordfake.Options, users ...string) *harness {
	t.Helper()
	cat, err := i18n.New(bshangrila.Source())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	h := &harness{t: t, ctx: ctx, cat: cat, dbPath: path, overHTTP: overHTTP}
	opts = patient(opts)
	h.answerWithin = opts.AckDeadline
	h.fake = discordfake.New(t, opts)
	h.world = h.fake.NewWorld(users...)
	h.board = testBoard(t, cat)
	h.start()
	t.Cleanup(h.stop)
	return h
}

// start opens the database and connects the bot.
func (h *harness) start() {
	h.t.Helper()
	db, err := store.Open(h.dbPath, store.Options{Now: h.now})
	if err != nil {
		h.t.Fatal(err)
	}
	h.db = db
	log := slog.New(slog.NewTextHandler(testLogWriter{h.t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	cfg := Config{Token: h.fake.Token(), GuildID: h.world.Guild.ID, APIURL: h.fake.URL(), Log: log, AnswerWithin: h.answerWithin}
	if h.overHTTP {
		cfg.Interactions, cfg.PublicKey, cfg.InteractionsListen = InteractionsHTTP, h.fake.PublicKey(), "127.0.0.1:0"
	}
	a, err := New(cfg, h.cat)
	if err != nil {
		h.t.Fatal(err)
	}
	seed := uint64(1)
	games := []bot.Game{bshangrila.New(bshangrila.Options{Board: h.board, Computers: ai.Options{Iterations: 200}})}
	if h.games != nil {
		games = h.games(h)
	}
	b, err := bot.New(bot.Config{Store: db, Catalog: h.cat, Games: games, Poster: a, Log: log,
		Retry: 20 * time.Millisecond, Now: h.now, Turns: &bot.Turns{RemindAfter: time.Hour, RemindMax: 2},
		LinkBase: "https://discord.com/channels/", Seed: func() uint64 { seed++; return seed }})
	if err != nil {
		h.t.Fatal(err)
	}
	if err := a.Start(h.ctx, b); err != nil {
		h.t.Fatal(err)
	}
	h.bot, h.adapter = b, a
	if h.overHTTP {
		// As the Developer Portal does on saving the URL: PINGs first.
		if err := h.fake.SetInteractionsEndpoint(h.ctx, "http://"+a.EndpointAddr().String()+"/interactions"); err != nil {
			h.t.Fatal(err)
		}
	}
}

// stop disconnects the bot and closes the database.
func (h *harness) stop() {
	if h.adapter != nil {
		h.adapter.Close()
		h.adapter = nil
	}
	if h.db != nil {
		h.db.Close()
		h.db = nil
	}
}

// user returns the id of the i-th user.
func (h *harness) user(i int) string { return h.world.Users[i].ID }

// slash runs /shangrila sub with options as user, once the bot is done
// with what it was doing (so that a board it posted is recorded, and the
// channel owes nothing an answer must wait for), and waits for the answer
// and for the bot to be done with it.
func (h *harness) slash(user, sub string, opts ...discordfake.Option) *discordfake.Response {
	h.t.Helper()
	h.settle() // what the bot was doing is done: a board it posted is recorded
	r := h.fake.SlashCommand(user, h.world.Channel.ID, command, sub, opts...).Wait(h.ctx)
	h.settle()
	return r
}

// click clicks a button of a message and waits for the answer and for the
// bot to be done with it.
func (h *harness) click(user string, m *discordfake.Message, id string) *discordfake.Response {
	h.t.Helper()
	h.settle()
	r := h.fake.Click(user, m, id).Wait(h.ctx)
	h.settle()
	return r
}

// choose picks values in a menu of a message and waits for the answer and
// for the bot to be done with it.
func (h *harness) choose(user string, m *discordfake.Message, id string, values ...string) *discordfake.Response {
	h.t.Helper()
	h.settle()
	r := h.fake.Select(user, m, id, values...).Wait(h.ctx)
	h.settle()
	return r
}

// settle waits until the bot is done with what it was asked: the
// interactions' handling after their answers (recording the boards they
// posted) and the channel's posts and computer turns.
func (h *harness) settle() {
	h.adapter.waitIdle()
	h.bot.Wait(h.ctx, h.world.Channel.ID)
}

// command is the slash command of the game the tests play.
const command = bshangrila.Kind

// game returns the channel's stored game and position (nil in the lobby).
func (h *harness) game() (*store.Game, *shangrila.Position) {
	h.t.Helper()
	g, pos, err := h.gameIn(h.world.Channel.ID)
	if err != nil {
		h.t.Fatalf("reading the game: %v", err)
	}
	return g, pos
}

// gameIn returns a channel's stored game and position (nil in the lobby).
func (h *harness) gameIn(channel string) (*store.Game, *shangrila.Position, error) {
	g, st, err := h.bot.Table(h.ctx, channel)
	if err != nil || st == nil {
		return g, nil, err
	}
	pos, ok := bshangrila.PositionOf(st)
	if !ok {
		return g, nil, fmt.Errorf("the channel plays %s", g.Kind)
	}
	return g, &pos, nil
}

// userOf returns the user id of the player of colour c.
func userOf(g *store.Game, c shangrila.Colour) string {
	for _, p := range g.Players {
		if p.Colour == c.String() {
			return p.UserID
		}
	}
	return ""
}

// openTable opens a table with every harness user seated and starts it.
func (h *harness) openTable(start string) *discordfake.Response {
	h.t.Helper()
	opts := []discordfake.Option{discordfake.Opt("players", len(h.world.Users))}
	if start != "" {
		opts = append(opts, discordfake.Opt("start", start))
	}
	r := h.slash(h.user(0), "new", opts...)
	if r.Ephemeral() || !strings.Contains(r.Content(), "Shangri-La") {
		h.t.Fatalf("new: %s", r)
	}
	for i := 1; i < len(h.world.Users); i++ {
		if r := h.slash(h.user(i), "join"); r.Ephemeral() {
			h.t.Fatalf("join: %s", r)
		}
	}
	r = h.slash(h.user(0), "start")
	if r.Ephemeral() {
		h.t.Fatalf("start: %s", r)
	}
	return r
}

// openTableByButtons opens a table with the harness users seated and
// starts it, all but the first command by the lobby's buttons, and returns
// the first board, which the bot posts in the channel.
func (h *harness) openTableByButtons(start string) *discordfake.Message {
	h.t.Helper()
	opts := []discordfake.Option{discordfake.Opt("players", len(h.world.Users))}
	if start != "" {
		opts = append(opts, discordfake.Opt("start", start))
	}
	lobby := h.slash(h.user(0), "new", opts...).Message
	for i := 1; i < len(h.world.Users); i++ {
		lobby = h.click(h.user(i), lobby, buttonWith(h.t, lobby, "join")).Message
	}
	r := h.click(h.user(0), lobby, buttonWith(h.t, lobby, "start"))
	if r.Ephemeral() {
		h.t.Fatalf("start: %s", r)
	}
	last := h.fake.WaitForMessage(h.ctx, h.world.Channel.ID, func(m *discordfake.Message) bool {
		return !m.Ephemeral() && strings.Contains(m.Content, "The game begins")
	})
	return last
}

// checkBoardPost checks a public board post: a PNG that decodes, a ping
// of exactly the player to move (or nobody at the end).
func (h *harness) checkBoardPost(m *discordfake.Message) {
	h.t.Helper()
	if m == nil {
		h.t.Fatal("no board post")
	}
	if m.Ephemeral() {
		h.t.Fatalf("the board post is private: %q", m.Content)
	}
	if h.board != nil {
		a := m.Attachment("board.png")
		if a == nil {
			h.t.Fatalf("the board post has no image: %q", m.Content)
		}
		if _, err := png.Decode(bytes.NewReader(a.Data)); err != nil {
			h.t.Fatalf("the board image does not decode: %v", err)
		}
	}
	g, pos, err := h.gameIn(h.world.Channel.ID)
	if err != nil || pos == nil || pos.Phase() == shangrila.Over {
		// The end: everybody still seated learns it.
		var want []string
		if gs, err := h.db.Archived(h.ctx, h.world.Channel.ID); err == nil && len(gs) > 0 {
			for _, p := range gs[len(gs)-1].Players {
				if p.UserID != "" {
					want = append(want, p.UserID)
				}
			}
		}
		if !sameUsers(m.Notified, want) || !sameUsers(m.Pinged, want) {
			h.t.Fatalf("the final board notifies %v (pings %v), want %v", m.Notified, m.Pinged, want)
		}
		return
	}
	want := userOf(g, pos.Turn())
	if len(m.Pinged) != 1 || m.Pinged[0] != want || m.PingedEveryone || len(m.PingedRoles) > 0 {
		h.t.Fatalf("the board pings %v (everyone %v), want only %s", m.Pinged, m.PingedEveryone, want)
	}
	// Discord notifies of a mention only in a new message: a ping made by
	// editing reaches nobody.
	if len(m.Notified) != 1 || m.Notified[0] != want {
		h.t.Fatalf("the board notifies %v, want only %s (%d edits)", m.Notified, want, m.Edits)
	}
}

// sameUsers reports whether two lists hold the same users, in any order.
func sameUsers(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// checkNotifications checks that, in the whole channel, nobody was ever
// notified but by a board post naming them as the player to move (or the
// final board): every turn reached exactly its player.
func (h *harness) checkNotifications(boards int) {
	h.t.Helper()
	var posts []string
	for _, n := range h.fake.Notifications(h.world.Channel.ID) {
		if !slices.Contains(posts, n.MessageID) {
			posts = append(posts, n.MessageID)
		}
	}
	if len(posts) != boards {
		h.t.Errorf("%d messages notified someone, want %d (one a turn)", len(posts), boards)
	}
}

// checkBoardRepost checks the board posted again by /shangrila board: a
// PNG that decodes, and no ping at all, whoever asked (the player to move
// is named, but a repost must not let anyone ping them again and again).
func (h *harness) checkBoardRepost(m *discordfake.Message) {
	h.t.Helper()
	if m == nil || m.Ephemeral() {
		h.t.Fatal("no public board post")
	}
	if h.board != nil && m.Attachment("board.png") == nil {
		h.t.Fatalf("the board post has no image: %q", m.Content)
	}
	if len(m.Pinged) != 0 || m.PingedEveryone || len(m.PingedRoles) > 0 {
		h.t.Fatalf("the board repost pings %v (everyone %v)", m.Pinged, m.PingedEveryone)
	}
}

// randomMove picks a random legal move of the player to move.
func randomMove(rng *rand.Rand, pos *shangrila.Position) shangrila.Move {
	return pos.RandomMove(rng)
}

type storePlayer = store.Player

// testLogWriter sends the bot's warnings and errors to the test log.
type testLogWriter struct{ t testing.TB }

func (w testLogWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// shortMoves is how many moves the whole-game tests play with -short (the
// race-detector run), where every board image costs ten times as much.
const shortMoves = 6
