package discord

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// dmShortMoves is how many moves the games played from DMs make with
// -short (the race detector's run): each turn there draws two boards.
const dmShortMoves = 7

// notify runs /tablebot notify where:where as user.
func (h *harness) notify(user, where string) {
	h.t.Helper()
	h.settle()
	r := h.fake.SlashCommand(user, h.world.Channel.ID, bot.PersonCommand, "notify", discordfake.Opt("where", where)).Wait(h.ctx)
	h.settle()
	if !r.Ephemeral() || !strings.Contains(r.Content(), "🔔") {
		h.t.Fatalf("notify %s: %s", where, r)
	}
}

// dms returns the bot's posts in a user's DMs (not the private answers
// to the buttons pressed there).
func (h *harness) dms(user string) []*discordfake.Message {
	ch, ok := h.fake.DMChannel(user)
	if !ok {
		return nil
	}
	var out []*discordfake.Message
	for _, m := range h.fake.Messages(ch.ID) {
		if !m.Ephemeral() && m.InteractionID == "" {
			out = append(out, m)
		}
	}
	return out
}

// latestBoard returns the channel's latest public board post.
func (h *harness) latestBoard() *discordfake.Message {
	h.t.Helper()
	ms := h.fake.Messages(h.world.Channel.ID)
	for i := len(ms) - 1; i >= 0; i-- {
		if m := ms[i]; !m.Ephemeral() && m.Attachment("board.png") != nil {
			return m
		}
	}
	h.t.Fatal("no board in the channel")
	return nil
}

// notifiedIn counts the messages of a channel that notified user, and
// those that say text among them.
func (h *harness) notifiedIn(channel, user, text string) (all, saying int) {
	for _, n := range h.fake.Notifications(channel) {
		if n.UserID != user {
			continue
		}
		all++
		if m := h.fake.Message(n.MessageID); m != nil && strings.Contains(m.Content, text) {
			saying++
		}
	}
	return all, saying
}

// checkTurnDM checks the last DM of a player whose turn it is: which game,
// a link to its channel, the board and the channel post's buttons.
func (h *harness) checkTurnDM(user string, board *discordfake.Message, title string) *discordfake.Message {
	h.t.Helper()
	dms := h.dms(user)
	if len(dms) == 0 {
		h.t.Fatalf("no DM to %s", user)
	}
	dm := dms[len(dms)-1]
	link := "https://discord.com/channels/" + h.world.Guild.ID + "/" + h.world.Channel.ID
	if !strings.Contains(dm.Content, "Your turn in **"+title) || !strings.Contains(dm.Content, link) || dm.Attachment("board.png") == nil {
		h.t.Fatalf("the turn DM %q (image %v) lacks the game, the channel's link %s or the board", dm.Content, dm.Attachment("board.png") != nil, link)
	}
	var want, got []string
	for _, b := range board.Buttons() {
		want = append(want, b.CustomID)
	}
	for _, b := range dm.Buttons() {
		got = append(got, b.CustomID)
	}
	if len(want) == 0 || strings.Join(got, " ") != strings.Join(want, " ") {
		h.t.Fatalf("the DM's buttons %v, the channel's %v", got, want)
	}
	return dm
}

// TestShangrilaFromDMs plays Shangri-La with ann on notify:dm, making
// every move from her DMs, bob on notify:dm refusing DMs, and cat on
// notify:both: ann's every turn is DM'd with the board and the buttons,
// her moves are posted in the channel, and the channel never pings her
// but at the end; bob is pinged in the channel instead, and told once,
// privately; cat gets both.
func TestShangrilaFromDMs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, discordfake.Options{}, "ann", "bob", "cat")
	ann, bob, cat := h.user(0), h.user(1), h.user(2)
	h.fake.AddUser(discordfake.User{ID: bob, Username: "bob", RefusesDMs: true})
	h.notify(ann, bot.NotifyDM)
	h.notify(bob, bot.NotifyDM)
	h.notify(cat, bot.NotifyBoth)
	h.openTable("setup")
	turns := map[string]int{}
	rng := rand.New(rand.NewPCG(27, 1))
	over := false
	for moves := 0; !over && (!testing.Short() || moves < dmShortMoves); moves++ {
		g, pos := h.game()
		next := userOf(g, pos.Turn())
		turns[next]++
		board := h.latestBoard()
		if pinged := board.Notified; next == cat && (len(pinged) != 1 || pinged[0] != cat) || next != cat && len(pinged) != 0 {
			t.Fatalf("move %d: the board notifies %v; %s is to play", moves, pinged, next)
		}
		if n := len(h.dms(ann)); n != turns[ann] {
			t.Fatalf("move %d: ann has %d DMs after %d turns", moves, n, turns[ann])
		}
		if n := len(h.dms(cat)); n != turns[cat] {
			t.Fatalf("move %d: cat has %d DMs after %d turns", moves, n, turns[cat])
		}
		if _, fallback := h.notifiedIn(h.world.Channel.ID, bob, "would not take the DM"); fallback != turns[bob] {
			t.Fatalf("move %d: bob was pinged %d times in the channel instead of a DM, after %d turns", moves, fallback, turns[bob])
		}
		m := randomMove(rng, pos)
		var post *discordfake.Message
		switch next {
		case ann, cat:
			dm := h.checkTurnDM(next, board, "The Bridges of Shangri-La")
			if next == cat {
				post = h.slashMove(cat, m)
				break
			}
			post = h.playByMenus(dm, ann, m)
			if post.ChannelID != h.world.Channel.ID {
				t.Fatalf("ann's move from her DM was posted in %s", post.ChannelID)
			}
		default:
			post = h.slashMove(bob, m)
		}
		over = strings.Contains(post.Content, "The game is over")
	}
	if all, _ := h.notifiedIn(h.world.Channel.ID, ann, ""); over && all != 1 || !over && all != 0 {
		t.Errorf("the channel notified ann %d times (game over: %v)", all, over)
	}
	if n := len(h.dms(bob)); n != 0 {
		t.Errorf("bob refuses DMs but has %d", n)
	}
	told := 0
	for _, m := range h.fake.Messages(h.world.Channel.ID) {
		if m.Ephemeral() && strings.Contains(m.Content, "I could not DM you") {
			told++
		}
	}
	if told != 1 || turns[bob] < 2 {
		t.Errorf("bob was told %d times that his DMs are refused, in %d turns; want once", told, turns[bob])
	}
}

// slashMove makes move m by slash command as user and returns the
// channel's board after it.
func (h *harness) slashMove(user string, m shangrila.Move) *discordfake.Message {
	h.t.Helper()
	sub, opts := slashOptions(m)
	r := h.slash(user, sub, opts...)
	post := h.posted(r)
	if post == nil {
		h.t.Fatalf("move %s: refused: %s", m, r.Content())
	}
	return post
}

// TestMenaraFromDMs plays Menara with ann on notify:dm, making every step
// from her DMs, and bob on notify:both, playing from the channel: every
// step of ann's is DM'd with the temple and the buttons and the channel
// never pings her (but at the end); bob's turns ping him in the channel
// and reach his DMs too.
func TestMenaraFromDMs(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a whole game; the full run plays it (TestShangrilaFromDMs plays from DMs under -short)")
	}
	h := newMenaraHarness(t, "ann", "bob")
	ann, bob := h.user(0), h.user(1)
	h.notify(ann, bot.NotifyDM)
	h.notify(bob, bot.NotifyBoth)
	h.openMenara(discordfake.Opt("difficulty", "easy"))
	turns := map[string]int{}
	rng := rand.New(rand.NewPCG(27, 2))
	for steps := 0; ; steps++ {
		g, pos, live := h.menara()
		if !live {
			break
		}
		next := g.Players[pos.Turn()].UserID
		turns[next]++
		board := h.latestBoard()
		if pinged := board.Notified; next == bob && (len(pinged) != 1 || pinged[0] != bob) || next == ann && len(pinged) != 0 {
			t.Fatalf("step %d: the board notifies %v; %s is to play", steps, pinged, next)
		}
		for _, u := range []string{ann, bob} {
			if n := len(h.dms(u)); n != turns[u] {
				t.Fatalf("step %d: %s has %d DMs after %d turns", steps, u, n, turns[u])
			}
		}
		from := h.checkTurnDM(next, board, "Menara")
		if next == bob {
			from = board
		}
		s := teamStep(&pos, rng, false)
		if post := h.buttonStep(from, next, s, false); post.ChannelID != h.world.Channel.ID {
			t.Fatalf("step %s was posted in %s", s, post.ChannelID)
		}
	}
	_, _, live := h.menara()
	if all, _ := h.notifiedIn(h.world.Channel.ID, ann, ""); !live && all != 1 || live && all != 0 {
		t.Errorf("the channel notified ann %d times (over: %v)", all, !live)
	}
	if turns[ann] == 0 || turns[bob] == 0 {
		t.Errorf("turns %v: both should have played", turns)
	}
}
