package discord

import (
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/internal/discordfake"
)

// record returns the stored record of the channel's game, or "" when
// there is none, to check that a refused request changed nothing.
func (h *harness) record() string {
	g, _, err := h.gameIn(h.world.Channel.ID)
	if err != nil {
		return ""
	}
	return g.Record() + strings.Join(playerNames(g.Players), ",")
}

// wantPrivate checks that an answer is private and says want.
func wantPrivate(t *testing.T, r *discordfake.Response, want string) {
	t.Helper()
	if !r.Ephemeral() {
		t.Errorf("the answer is public: %q", r.Content())
	}
	if !strings.Contains(r.Content(), want) {
		t.Errorf("answer %q, want it to say %q", r.Content(), want)
	}
}

// TestBadInput sends every kind of bad input and checks that each gets a
// private answer in words, and that nothing changes.
func TestBadInput(t *testing.T) {
	h := newHarness(t, discordfake.Options{}, "ann", "bob", "cat", "eve")
	ann, bob, cat, eve := h.user(0), h.user(1), h.user(2), h.user(3)
	opt := discordfake.Opt

	wantPrivate(t, h.slash(ann, "place", opt("village", "A"), opt("master", "rainmaker")), "There is no game in this channel")
	wantPrivate(t, h.slash(ann, "status"), "There is no game in this channel")
	wantPrivate(t, h.slash(bob, "join"), "There is no game in this channel")

	h.slash(ann, "new", opt("players", 3))
	for _, c := range []struct {
		user, sub, want string
		opts            []discordfake.Option
	}{
		{bob, "new", "A game is already running", nil},
		{ann, "join", "already at this table", nil},
		{bob, "leave", "not at this table", nil},
		{bob, "start", "Only ann", nil},
		{ann, "start", "needs 3 or 4 players; 1 so far", nil},
		{ann, "place", "has not started", []discordfake.Option{opt("village", "A"), opt("master", "R")}},
	} {
		before := h.record()
		wantPrivate(t, h.slash(c.user, c.sub, c.opts...), c.want)
		if h.record() != before {
			t.Errorf("%s: the refused request changed the game", c.sub)
		}
	}
	h.slash(bob, "join")
	h.slash(cat, "join")
	wantPrivate(t, h.slash(eve, "join"), "The table is full")
	lobby := h.slash(ann, "start").Message
	g, pos := h.game()
	first := userOf(g, pos.Turn())
	// second is a player who neither moves first nor opened the table.
	second := bob
	if second == first {
		second = cat
	}

	for _, c := range []struct {
		name, user, sub, want string
		opts                  []discordfake.Option
	}{
		{"not a player", eve, "place", "You are not playing in this game", []discordfake.Option{opt("village", "A"), opt("master", "R")}},
		{"not your turn", second, "place", "turn, not", []discordfake.Option{opt("village", "A"), opt("master", "R")}},
		{"garbage village", first, "place", "is not a village", []discordfake.Option{opt("village", "zz¿\u0000"), opt("master", "R")}},
		{"garbage master", first, "place", "is not a master", []discordfake.Option{opt("village", "A"), opt("master", strings.Repeat("💥", 80))}},
		{"illegal: out of play", first, "place", "Village C is not in play with 3 players", []discordfake.Option{opt("village", "C"), opt("master", "R")}},
		{"illegal: a journey in setup", first, "journey", "During the setup phase", []discordfake.Option{opt("from", "A"), opt("to", "B")}},
		{"half a second student", first, "recruit", "give both its village and its master", []discordfake.Option{opt("village", "A"), opt("master", "R"), opt("village2", "B")}},
		{"undo with no move", first, "undo", "only take back your own last move", nil},
		{"cancel by a player", second, "cancel", "Only the player who opened the game", nil},
		{"join a started game", eve, "join", "already started", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := h.record()
			wantPrivate(t, h.slash(c.user, c.sub, c.opts...), c.want)
			if h.record() != before {
				t.Errorf("the refused request changed the game")
			}
		})
	}

	// A move, then the older board's buttons are stale and say where the
	// latest board is.
	r := h.slash(first, "place", opt("village", "A"), opt("master", "rainmaker"))
	if r.Ephemeral() {
		t.Fatalf("a legal move was refused: %s", r.Content())
	}
	before := h.record()
	old := h.click(second, lobby, buttonWith(t, lobby, "place"))
	wantPrivate(t, old, "out of date")
	if !strings.Contains(old.Content(), "https://discord.com/channels/"+h.world.Guild.ID+"/"+h.world.Channel.ID+"/"+r.Message.ID) {
		t.Errorf("the stale answer does not link to the latest board %s: %q", r.Message.ID, old.Content())
	}
	// The board's buttons refuse everyone but the player to move.
	wantPrivate(t, h.click(first, r.Message, buttonWith(t, r.Message, "place")), "turn, not")
	wantPrivate(t, h.click(eve, r.Message, buttonWith(t, r.Message, "place")), "You are not playing")
	if h.record() != before {
		t.Error("refused clicks changed the game")
	}
	// Someone who manages the channel may cancel.
	h.fake.SetPermissions(h.world.Guild.ID, eve, discordgo.PermissionManageChannels|discordgo.PermissionViewChannel|discordgo.PermissionSendMessages)
	if r := h.slash(eve, "cancel"); r.Ephemeral() || !strings.Contains(r.Content(), "cancelled the game") {
		t.Errorf("cancel by a channel manager: %s", r)
	}
}

// TestSimultaneousClicks: two players act at the same moment. Exactly one
// of two identical moves applies, and of two joins for the last seat only
// one gets in.
func TestSimultaneousClicks(t *testing.T) {
	h := newHarness(t, discordfake.Options{}, "ann", "bob", "cat", "dan")
	ann, bob, cat, dan := h.user(0), h.user(1), h.user(2), h.user(3)
	lobby := h.slash(ann, "new", discordfake.Opt("players", 3)).Message
	h.slash(bob, "join")
	joinID := buttonWith(t, lobby, "join")
	c1, c2 := h.fake.NewClick(cat, lobby, joinID), h.fake.NewClick(dan, lobby, joinID)
	h.fake.Dispatch(c1, c2)
	r1, r2 := c1.Wait(h.ctx), c2.Wait(h.ctx)
	full := 0
	for _, r := range []*discordfake.Response{r1, r2} {
		if r.Ephemeral() && strings.Contains(r.Content(), "The table is full") {
			full++
		}
	}
	if g, _ := h.game(); len(g.Players) != 3 || full != 1 {
		t.Fatalf("two joins for one seat: %d players, %d refused (%q, %q)", len(g.Players), full, r1.Content(), r2.Content())
	}
	board := h.slash(ann, "start").Message
	g, pos := h.game()
	mover := userOf(g, pos.Turn())
	// The player to move opens the placement menu twice and picks the same
	// move in both at once.
	var menus []*discordfake.Message
	for i := 0; i < 2; i++ {
		menus = append(menus, h.click(mover, board, buttonWith(t, board, "place")).Message)
	}
	var steps []*discordfake.Message
	for _, m := range menus {
		sm := menu(t, m)
		steps = append(steps, h.choose(mover, m, sm.CustomID, "A").Message)
	}
	var hs []*discordfake.Interaction
	for _, m := range steps {
		hs = append(hs, h.fake.NewSelect(mover, m, menu(t, m).CustomID, "rainmaker"))
	}
	h.fake.Dispatch(hs...)
	var wg sync.WaitGroup
	answers := make([]*discordfake.Response, len(hs))
	for i, x := range hs {
		wg.Add(1)
		go func() { defer wg.Done(); answers[i] = x.Wait(h.ctx) }()
	}
	wg.Wait()
	done := 0
	for _, r := range answers {
		if strings.HasPrefix(r.Content(), "✅") {
			done++
		} else if !r.Ephemeral() {
			t.Errorf("the losing click got a public answer: %q", r.Content())
		}
	}
	if g, _ := h.game(); len(g.Moves) != 1 || done != 1 {
		t.Fatalf("two identical clicks: %d moves stored, %d confirmed", len(g.Moves), done)
	}
}

func playerNames(ps []storePlayer) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name+":"+p.Colour)
	}
	return out
}
