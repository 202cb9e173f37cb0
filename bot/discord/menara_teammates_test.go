package discord

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	bmenara "github.com/tablebot/tablebot/bot/menara"
	"github.com/tablebot/tablebot/internal/discordfake"
	mr "github.com/tablebot/tablebot/rules/menara"
	mai "github.com/tablebot/tablebot/rules/menara/ai"
	"github.com/tablebot/tablebot/rules/menara/notation"
	"github.com/tablebot/tablebot/store"
)

// The tests of this file play Menara with computer teammates through the
// fake Discord: a person with two teammates added from the lobby's menu,
// a hint, a seat handed over, and a team of computers alone.

// teammateThinking caps the tests' computer teammates and hints: a node
// cap that makes a step take milliseconds, and a time cap long enough never
// to cut it (a step then depends on the position alone, even under -race).
var teammateThinking = mai.Options{Nodes: 2000, Think: time.Minute}

// newTeamHarness starts a bot whose Menara offers computer teammates.
func newTeamHarness(t *testing.T, images bool, users ...string) *harness {
	t.Helper()
	return newMenaraHarnessWith(t, bmenara.Options{Computers: teammateThinking}, images, users...)
}

// boardPosts returns the channel's public posts with a board image.
func boardPosts(v *discordfake.View, channel string) []*discordfake.Message {
	var out []*discordfake.Message
	for _, m := range v.Messages(channel) {
		if !m.Ephemeral() && m.Attachment("board.png") != nil {
			out = append(out, m)
		}
	}
	return out
}

// positions replays a stored Menara game and returns its position before
// the first step and after each.
func positions(t *testing.T, g *store.Game) []mr.Position {
	t.Helper()
	rec, err := notation.ParseRecord(strings.NewReader(g.Record()))
	if err != nil {
		t.Fatal(err)
	}
	game, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	p := game.Start()
	out := []mr.Position{p}
	for _, s := range game.Steps() {
		if p, _, err = p.Apply(s); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestMenaraWithTeammates is the bot game the issue asks for: a person
// opens /menara new players:3, adds two computer teammates from the
// lobby's menu, starts, and plays their steps by slash commands while the
// teammates take their turns by themselves, to the end (with -short, for a
// few steps). /menara hint answers privately with the hard teammate's step
// and reason. Every board post notifies exactly the player to act: the
// person on their turns, nobody on a teammate's, and the person at the end.
func TestMenaraWithTeammates(t *testing.T) {
	t.Parallel()
	h := newTeamHarness(t, true, "ann")
	ann := h.user(0)
	channel := h.world.Channel.ID
	lobby := h.mslash(ann, "new", discordfake.Opt("players", 3), discordfake.Opt("difficulty", "easy")).Message
	sm := menu(t, lobby)
	if sm.Placeholder != "Add a computer teammate" || len(sm.Options) != 3 {
		t.Fatalf("the lobby's menu: %q with %d options", sm.Placeholder, len(sm.Options))
	}
	for i, want := range []string{"easy", "medium", "hard"} {
		if o := sm.Options[i]; o.Value != want || o.Label != "Computer ("+want+")" || strings.Contains(o.Description, "opponent") {
			t.Errorf("option %d: %q %q %q", i, o.Value, o.Label, o.Description)
		}
	}
	for _, level := range []string{"easy", "hard"} {
		lobby = h.choose(ann, lobby, menu(t, lobby).CustomID, level).Message
	}
	if !strings.Contains(lobby.Content, "Players (3/3): ann, Computer (easy), Computer (hard)") || len(lobby.SelectMenus()) != 0 {
		t.Fatalf("the lobby with two teammates: %q, %d menus", lobby.Content, len(lobby.SelectMenus()))
	}
	if r := h.click(ann, lobby, buttonWith(t, lobby, "start")); r.Ephemeral() {
		t.Fatalf("start: %s", r)
	}

	rng := rand.New(rand.NewPCG(8, 8))
	hinted := false
	steps := 0
	for {
		// Wait until ann is to act (the teammates play by themselves) and
		// her board is posted, or until the game is over.
		var live bool
		h.fake.WaitUntil(h.ctx, func(v *discordfake.View) bool {
			g, st, err := h.bot.Table(h.ctx, channel)
			if err != nil || st == nil {
				live = false
				return err != nil
			}
			pos, _ := bmenara.PositionOf(st)
			live = pos.Phase() != mr.Over
			return len(boardPosts(v, channel)) == len(g.Moves)+1 && (!live || g.Players[pos.Turn()].UserID == ann)
		})
		if !live || testing.Short() && steps >= menaraShortSteps {
			break
		}
		g, pos, _ := h.menara()
		if !hinted {
			// The hint is the hard teammate's for the game's seed and the
			// steps made so far, and only ann sees it.
			seed, _ := strconv.ParseUint(g.Settings["seed"], 10, 64)
			step, why := mai.HintWith(h.ctx, &pos, seed+uint64(len(g.Moves)), teammateThinking)
			r := h.mslash(ann, "hint")
			if want := "💡 " + why.String() + " (`" + step.String() + "`)"; !r.Ephemeral() || r.Content() != want {
				t.Errorf("hint: %s\nwant %q", r, want)
			}
			hinted = true
		}
		s := teamStep(&pos, rng, false)
		if r := h.slashStep(ann, s); h.posted(r) == nil {
			t.Fatalf("step %d (%s) refused: %s", steps, s, r.Content())
		}
		steps++
	}

	// Every board post, the n-th showing the position after n-1 steps,
	// notifies exactly who is to act there.
	g, _, live := h.menara()
	if !testing.Short() && live {
		t.Fatal("the game did not end")
	}
	ps := positions(t, g)
	var boards []*discordfake.Message
	h.fake.WaitUntil(h.ctx, func(v *discordfake.View) bool {
		boards = boardPosts(v, channel)
		return len(boards) >= len(ps)
	})
	if len(boards) != len(ps) {
		t.Fatalf("%d board posts for %d steps", len(boards), len(ps)-1)
	}
	by := map[string]int{}
	for _, m := range g.Moves {
		by[m.By]++
	}
	if by[ann] != steps || by[store.Computer] == 0 {
		t.Errorf("steps by: %v; ann made %d", by, steps)
	}
	notifying := 0
	for i, m := range boards {
		var want []string
		switch {
		case ps[i].Phase() == mr.Over:
			want = []string{ann}
		case g.Players[ps[i].Turn()].UserID == ann:
			want = []string{ann}
		default:
			if !strings.Contains(m.Content, "Computer (") {
				t.Errorf("board %d, a teammate to act, does not name it: %q", i, m.Content)
			}
		}
		if !sameUsers(m.Notified, want) || !sameUsers(m.Pinged, want) {
			t.Errorf("board %d notifies %v (pings %v), want %v: %q", i, m.Notified, m.Pinged, want, m.Content)
		}
		if len(want) > 0 {
			notifying++
		}
	}
	h.checkNotifications(notifying)
	t.Logf("%d steps: %v", len(g.Moves), by)
}

// TestMenaraHandOver: a person leaves a game of Menara by /menara resign:
// Menara has no resignation, so the private question offers only the
// hand-over to a computer teammate, whose menu lists the levels; after it
// the teammates play the game to its end by themselves.
func TestMenaraHandOver(t *testing.T) {
	t.Parallel()
	h := newTeamHarness(t, false, "ann")
	ann := h.user(0)
	lobby := h.mslash(ann, "new", discordfake.Opt("players", 2), discordfake.Opt("difficulty", "easy")).Message
	lobby = h.choose(ann, lobby, menu(t, lobby).CustomID, "easy").Message
	h.click(ann, lobby, buttonWith(t, lobby, "start"))
	r := h.mslash(ann, "resign")
	if !r.Ephemeral() || !strings.Contains(r.Content(), "nobody resigns") {
		t.Fatalf("resign: %s", r)
	}
	for _, b := range r.Message.Buttons() {
		if strings.Contains(b.CustomID, ":rs") {
			t.Errorf("Menara offers a resignation: %q", b.Label)
		}
	}
	sm := menu(t, r.Message)
	if !hasOption(sm, "easy") || !hasOption(sm, "medium") || !hasOption(sm, "hard") {
		t.Fatalf("the hand-over menu: %+v", sm.Options)
	}
	done := h.choose(ann, r.Message, sm.CustomID, "medium")
	if !strings.HasPrefix(done.Content(), "✅") {
		t.Fatalf("hand-over: %s", done)
	}
	g, pos, live := h.menara()
	if live || pos.Phase() != mr.Over {
		t.Fatal("the teammates did not play the game to its end")
	}
	for _, p := range g.Players {
		if p.Computer == "" || p.UserID != "" {
			t.Errorf("the seats after the hand-over: %+v", g.Players)
		}
	}
	handed := slices.ContainsFunc(h.fake.Messages(h.world.Channel.ID), func(m *discordfake.Message) bool {
		return !m.Ephemeral() && strings.Contains(m.Content, "hands their seat to Computer (medium)")
	})
	if !handed {
		t.Error("no post says the seat was handed over")
	}
}

// TestMenaraComputersAlone: a demonstration game. The creator adds a
// teammate, leaves the seats to the computers (the table stays theirs),
// adds another and starts: the computers play the whole game by
// themselves, every step posted, and nobody is ever notified.
func TestMenaraComputersAlone(t *testing.T) {
	t.Parallel()
	h := newFilmingTeamHarness(t, "ann")
	ann := h.user(0)
	lobby := h.mslash(ann, "new", discordfake.Opt("players", 2), discordfake.Opt("difficulty", "easy")).Message
	lobby = h.choose(ann, lobby, menu(t, lobby).CustomID, "easy").Message
	lobby = h.click(ann, lobby, buttonWith(t, lobby, "leave")).Message
	if !strings.Contains(lobby.Content, "Players (1/2): Computer (easy)") || !strings.Contains(lobby.Content, "computers alone") {
		t.Fatalf("the lobby after ann left: %q", lobby.Content)
	}
	lobby = h.choose(ann, lobby, menu(t, lobby).CustomID, "easy").Message
	if r := h.click(ann, lobby, buttonWith(t, lobby, "start")); r.Ephemeral() {
		t.Fatalf("start: %s", r)
	}
	g, pos, live := h.menara()
	if live || pos.Phase() != mr.Over {
		t.Fatal("the computers did not play the game to its end")
	}
	for _, m := range g.Moves {
		if m.By != store.Computer {
			t.Fatalf("a step not by a computer: %+v", m)
		}
	}
	posts := 0
	for _, m := range h.fake.Messages(h.world.Channel.ID) {
		if !m.Ephemeral() && strings.Contains(m.Content, "Computer (easy)") {
			posts++
		}
	}
	if posts < len(g.Moves) {
		t.Errorf("%d posts for %d steps", posts, len(g.Moves))
	}
	if n := h.fake.Notifications(h.world.Channel.ID); len(n) != 0 {
		t.Errorf("a game of computers notified %v", n)
	}
	if !testing.Short() {
		h.checkMenaraFilm(g) // the game-over post's timelapse
	}
}
