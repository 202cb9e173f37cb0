package menara

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/rules"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
	"github.com/tablebot/tablebot/store"
)

// channel is the channel of the tests' games.
const channel = "c1"

// host is a Bot hosting Menara (without images unless asked) on a real
// database in a temporary directory, with a poster that records the
// channel's posts.
type host struct {
	t     *testing.T
	ctx   context.Context
	bot   *bot.Bot
	db    *store.DB
	game  *Game
	posts *recorder
	seed  uint64
}

// recorder is a bot.Poster that keeps what is posted.
type recorder struct {
	mu    sync.Mutex
	posts []bot.Message
}

func (r *recorder) Post(ctx context.Context, channel string, m bot.Message) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.posts = append(r.posts, m)
	if m.Sent != nil {
		m.Sent(ctx, fmt.Sprint("post", len(r.posts)))
	}
	return fmt.Sprint("post", len(r.posts)), nil
}

func (r *recorder) all() []bot.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]bot.Message(nil), r.posts...)
}

// newHost starts a bot for the game made with opts; the games it starts
// draw seed.
func newHost(t *testing.T, opts Options, seed uint64) *host {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	db, err := store.Open(filepath.Join(t.TempDir(), "tablebot.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := &host{t: t, ctx: ctx, db: db, game: New(opts), posts: &recorder{}, seed: seed}
	b, err := bot.New(bot.Config{Store: db, Catalog: catalog(t), Games: []bot.Game{h.game}, Poster: h.posts,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), KeepSeatOrder: true,
		Seed: func() uint64 { return h.seed }})
	if err != nil {
		t.Fatal(err)
	}
	h.bot = b
	t.Cleanup(func() { b.Close(); db.Close() })
	return h
}

// user is a player: the name is the id.
func user(name, locale string) bot.User { return bot.User{ID: name, Name: name, Locale: locale} }

// cmd runs /menara sub as who with options in name, value pairs.
func (h *host) cmd(who, sub string, opts ...string) bot.Reply {
	h.t.Helper()
	req := bot.Request{Kind: bot.CommandRequest, User: user(who, "en-US"), Guild: "g", Channel: channel, Game: Kind,
		Command: sub, Options: map[string]string{}, Interaction: "i" + fmt.Sprint(time.Now().UnixNano())}
	for i := 0; i+1 < len(opts); i += 2 {
		req.Options[opts[i]] = opts[i+1]
	}
	return h.handle(req)
}

// click presses a component as who.
func (h *host) click(who, id string, values ...string) bot.Reply {
	h.t.Helper()
	return h.handle(bot.Request{Kind: bot.ComponentRequest, User: user(who, "en-US"), Guild: "g", Channel: channel,
		CustomID: id, Values: values, Interaction: "i" + fmt.Sprint(time.Now().UnixNano())})
}

// handle sends a request as an adapter does and waits for what follows.
func (h *host) handle(req bot.Request) bot.Reply {
	r := h.bot.Handle(h.ctx, req)
	if r.Message.Sent != nil {
		r.Message.Sent(h.ctx, "answer")
	}
	if r.Then != nil {
		r.Then()
	}
	h.bot.Wait(h.ctx, channel)
	return r
}

// table opens a table with the players (the first opens it) and the
// options of new, and starts it.
func (h *host) table(players []string, opts ...string) bot.Reply {
	h.t.Helper()
	opts = append([]string{"players", fmt.Sprint(len(players))}, opts...)
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

// state returns the channel's stored game and state; after the game's
// end, when the channel's game is archived, the archived one.
func (h *host) state() (*store.Game, *State) {
	h.t.Helper()
	g, st, err := h.bot.Table(h.ctx, channel)
	if rules.ErrorCode(err) == store.NotFound {
		gs, err := h.db.Archived(h.ctx, channel)
		if err != nil || len(gs) == 0 {
			h.t.Fatalf("no game, none archived: %v", err)
		}
		g = gs[len(gs)-1]
		loaded, err := h.game.Load(g.Record())
		if err != nil {
			h.t.Fatal(err)
		}
		return g, state(loaded)
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return g, state(st)
}

// mover returns the user to act.
func (h *host) mover() string {
	g, s := h.state()
	return g.Players[positionOf(s).Turn()].UserID
}

// slashOf returns the subcommand and options that make step s.
func slashOf(s mr.Step) (string, []string) {
	renew := fmt.Sprint(s.Renew)
	switch s.Kind {
	case mr.Exchange:
		return cmdExchange, []string{optGive, s.Give.String(), optTake, s.Take.String()}
	case mr.Reveal:
		return cmdReveal, []string{optPile, s.Pile.String()}
	case mr.PlaceColumn:
		return cmdPlace, []string{optColumn, string(s.Colour.Letter()), optBase, s.To.String()}
	case mr.MoveColumn:
		return cmdMove, []string{optFrom, s.From.String(), optTo, s.To.String()}
	case mr.PlaceFloor:
		return cmdFloor, []string{optPlacement, notation.PlacementCode(s)}
	case mr.Extend:
		return cmdExtend, []string{optPlacement, notation.PlacementCode(s)}
	case mr.Lift:
		return cmdLift, []string{optFloor, s.Floor.String(), optPlacement, notation.PlacementCode(s)}
	case mr.GiveUp:
		return cmdGiveUp, []string{optRenew, renew}
	}
	return cmdDone, []string{optRenew, renew}
}

// button returns the id of the button of m whose custom id has step.
func button(t testing.TB, m bot.Message, step string) string {
	t.Helper()
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if a, ok := bot.ParseAction(b.ID); ok && a.Step == step {
				if b.Disabled {
					t.Fatalf("button %s is disabled in %q", b.ID, m.Content)
				}
				return b.ID
			}
		}
	}
	t.Fatalf("no %s button in %q", step, m.Content)
	return ""
}

// TestWholeGameBySlashCommands plays whole games of random steps by slash
// commands only, confirming the warnings of steps that bring the temple
// down: every step is stored as played, and the game ends with its
// result.
func TestWholeGameBySlashCommands(t *testing.T) {
	for _, tt := range []struct {
		players []string
		opts    []string
		seed    uint64
	}{
		{[]string{"ann"}, nil, 3},
		{[]string{"ann", "bob", "cy"}, []string{"difficulty", "hard", "hands", "shaky", "side", "dark"}, 5},
	} {
		t.Run(fmt.Sprint(len(tt.players)), func(t *testing.T) {
			h := newHost(t, Options{NoComputers: true}, tt.seed)
			h.table(tt.players, tt.opts...)
			rng := rand.New(rand.NewPCG(tt.seed, 1))
			for steps := 0; ; steps++ {
				_, s := h.state()
				if s.Over() {
					break
				}
				if testing.Short() && steps > 40 {
					return
				}
				step := positionOf(s).RandomStep(rng)
				sub, opts := slashOf(step)
				who := h.mover()
				r := h.cmd(who, sub, opts...)
				if r.Failed {
					t.Fatalf("step %d %s: %s", steps, step, r.Message.Content)
				}
				if r.Private {
					// A warning: the step brings the temple down.
					if !strings.Contains(r.Message.Content, "collapses") {
						t.Fatalf("step %d %s: private answer %q", steps, step, r.Message.Content)
					}
					r = h.click(who, button(t, r.Message, bot.StepConfirm))
					if r.Failed {
						t.Fatalf("step %d %s confirmed: %s", steps, step, r.Message.Content)
					}
				}
				_, after := h.state()
				if after.Moves() != steps+1 || after.MoveList()[steps] != step.Canonical() && step.Kind != mr.PlaceFloor && step.Kind != mr.Lift && step.Kind != mr.Extend {
					t.Fatalf("step %d: stored %v, want %v", steps, after.MoveList()[after.Moves()-1], step)
				}
			}
			posts := h.posts.all()
			last := posts[len(posts)-1]
			if !strings.Contains(last.Content, "You won together") && !strings.Contains(last.Content, "lost") {
				t.Errorf("the last post says no result: %q", last.Content)
			}
		})
	}
}

// TestStartNamesFirstPlayer: the start message lists the seats in the
// order they play, beginning with the player the setup drew to start
// (not always the first seat), and that player is the one pinged.
func TestStartNamesFirstPlayer(t *testing.T) {
	players := []string{"ana", "bob", "cy"}
	starters := map[string]bool{}
	for seed := uint64(1); seed <= 12 && len(starters) < 2; seed++ {
		h := newHost(t, Options{NoComputers: true}, seed)
		r := h.table(players)
		g, s := h.state()
		first := positionOf(s).Turn()
		starters[g.Players[first].UserID] = true
		_, list, ok := strings.Cut(r.Message.Content, "Seats in order of play: ")
		if !ok {
			t.Fatalf("seed %d: no seating in %q", seed, r.Message.Content)
		}
		var want []string
		for k := range players {
			i := (first + k) % len(players)
			want = append(want, h.game.Mark(i)+" "+g.Players[i].Name)
		}
		if got := strings.Join(want, ", "); !strings.HasPrefix(list, got) {
			t.Errorf("seed %d: seating %q, want %q first", seed, list, got)
		}
		if pinged := r.Message.Mentions; len(pinged) != 1 || pinged[0] != g.Players[first].UserID {
			t.Errorf("seed %d: pinged %v, want %s", seed, pinged, g.Players[first].UserID)
		}
	}
	if len(starters) < 2 {
		t.Errorf("12 seeds drew one starter only: %v", starters)
	}
}
