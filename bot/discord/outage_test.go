package discord

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/internal/discordfake"
)

// boardsSaying counts the channel's public posts with a board that say
// text.
func (h *harness) boardsSaying(text string) int {
	n := 0
	for _, m := range h.fake.Messages(h.world.Channel.ID) {
		if !m.Ephemeral() && m.Attachment("board.png") != nil && strings.Contains(m.Content, text) {
			n++
		}
	}
	return n
}

// TestAnswerTriedAgainWithItsImage: an answer with a board that Discord
// fails twice (500) is made on the third try with the whole image (the
// fake decodes every upload: an empty board.png is a breach), and the move
// is announced once.
func TestAnswerTriedAgainWithItsImage(t *testing.T) {
	h := newHarness(t, discordfake.Options{}, "ann", "bob", "cat")
	h.openTable("suggested")
	h.fake.Fail(discordfake.RouteCallback, discordfake.Fault{Status: 500}, discordfake.Fault{Status: 500})
	rng := rand.New(rand.NewPCG(3, 3))
	g, pos := h.game()
	m := randomMove(rng, pos)
	sub, opts := slashOptions(m)
	r := h.slash(userOf(g, m.Player), sub, opts...)
	h.checkBoardPost(r.Message)
	if n := h.fake.Faults(discordfake.RouteCallback); n != 0 {
		t.Fatalf("%d faults never met", n)
	}
	said := strings.SplitN(r.Content(), "\n", 2)[0]
	if n := h.boardsSaying(said); n != 1 {
		t.Errorf("the move was announced with its board %d times", n)
	}
}

// TestAnswerTriesBounded: an answer Discord keeps failing is tried a few
// times, with pauses, within its 3 seconds, not thousands of times; then
// the board it carried is posted in the channel, once.
func TestAnswerTriesBounded(t *testing.T) {
	h := newHarness(t, discordfake.Options{ExpectBreaches: true, AckDeadline: discordfake.DefaultAckDeadline}, "ann", "bob", "cat")
	h.openTable("suggested")
	failing := true
	h.fake.FailIf(discordfake.RouteCallback, func(r discordfake.FaultRequest) (discordfake.Fault, bool) {
		return discordfake.Fault{Status: 500}, failing && r.Files
	})
	before := h.fake.Requests(discordfake.RouteCallback)
	rng := rand.New(rand.NewPCG(4, 4))
	g, pos := h.game()
	m := randomMove(rng, pos)
	sub, opts := slashOptions(m)
	h.fake.SlashCommand(userOf(g, m.Player), h.world.Channel.ID, command, sub, opts...).WaitUntil(h.ctx, func(r *discordfake.Response) bool {
		return r.Expired
	})
	h.adapter.waitIdle() // the adapter gave up and handed the board to the channel
	tries := h.fake.Requests(discordfake.RouteCallback) - before
	if tries < 2 || tries > 12 {
		t.Errorf("the answer was tried %d times in its 3 seconds", tries)
	}
	failing = false
	h.settle()
	last := h.fake.LastMessage(h.world.Channel.ID)
	h.checkBoardPost(last)
	for _, b := range h.fake.TakeBreaches() {
		if b.Rule != discordfake.RuleAckDeadline {
			t.Errorf("breach: %s", b)
		}
	}
}

// TestClassify: Discord's answers in the bot's terms.
func TestClassify(t *testing.T) {
	rest := func(status, code int) error {
		return &discordgo.RESTError{Response: &http.Response{StatusCode: status}, Message: &discordgo.APIErrorMessage{Code: code}}
	}
	tests := []struct {
		name          string
		err           error
		gone, refused bool
		wait          time.Duration
	}{
		{"deleted channel", rest(404, 10003), true, false, 0},
		{"server left", rest(404, 10004), true, false, 0},
		{"no access", rest(403, 50001), true, false, 0},
		{"no permission", rest(403, 50013), true, false, 0},
		{"archived thread", rest(400, 50083), true, false, 0},
		{"too long", rest(400, 50035), false, true, 0},
		{"too large", rest(413, 40005), false, true, 0},
		{"outage", rest(503, 0), false, false, 0},
		{"token", rest(401, 0), false, false, 0},
		{"rate limit", &discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{TooManyRequests: &discordgo.TooManyRequests{RetryAfter: 2 * time.Second}}}, false, false, 2 * time.Second},
		{"network", errors.New("connection reset"), false, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := classify(tt.err, tt.err)
			var ra interface{ RetryAfter() time.Duration }
			wait := time.Duration(0)
			if errors.As(got, &ra) {
				wait = ra.RetryAfter()
			}
			if errors.Is(got, bot.ErrGone) != tt.gone || errors.Is(got, bot.ErrRefused) != tt.refused || wait != tt.wait {
				t.Errorf("classify(%v) = %v: gone %v, refused %v, wait %v", tt.err, got, errors.Is(got, bot.ErrGone), errors.Is(got, bot.ErrRefused), wait)
			}
		})
	}
}

// TestNoReadBack: the id of an answer's message comes with the answer
// (with_response=true), not by reading the answer back through the
// webhook, which discordgo does one request at a time for the whole bot.
func TestNoReadBack(t *testing.T) {
	h := newHarness(t, discordfake.Options{}, "ann", "bob", "cat")
	h.openTable("suggested")
	rng := rand.New(rand.NewPCG(6, 6))
	for range 3 {
		g, pos := h.game()
		m := randomMove(rng, pos)
		sub, opts := slashOptions(m)
		r := h.slash(userOf(g, m.Player), sub, opts...)
		if g, _ := h.game(); g.BoardMessage != r.Message.ID {
			t.Errorf("the latest board is %q, the answer %q", g.BoardMessage, r.Message.ID)
		}
	}
	if n := h.fake.Requests(discordfake.RouteWebhookGet); n != 0 {
		t.Errorf("%d answers read back", n)
	}
}
