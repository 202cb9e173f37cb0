package discordfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// rawPost sends a request outside discordgo, to look at the answer as it
// is on the wire.
func rawPost(t *testing.T, s *Server, path, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.URL()+"api/v10"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+s.Token())
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func TestRateLimitFault(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld()
	ch := w.Channel.ID

	t.Run("answer as Discord sends it", func(t *testing.T) {
		s.Fail(RouteCreateMessage, Fault{Status: http.StatusTooManyRequests, RetryAfter: 1500 * time.Millisecond})
		resp := rawPost(t, s, "/channels/"+ch+"/messages", `{"content":"x","allowed_mentions":{"parse":[]}}`)
		if resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("HTTP %d", resp.StatusCode)
		}
		var body struct {
			Message    string   `json:"message"`
			RetryAfter *float64 `json:"retry_after"`
			Global     *bool    `json:"global"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
			t.Fatal(err)
		}
		if body.Message == "" || body.RetryAfter == nil || *body.RetryAfter != 1.5 || body.Global == nil || *body.Global {
			t.Errorf("body %+v", body)
		}
		for h, want := range map[string]string{
			"Retry-After": "2", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "1.500", "X-RateLimit-Scope": "user",
		} {
			if got := resp.Header.Get(h); got != want {
				t.Errorf("%s: %q, want %q", h, got, want)
			}
		}
		for _, h := range []string{"X-RateLimit-Limit", "X-RateLimit-Reset", "X-RateLimit-Bucket"} {
			if resp.Header.Get(h) == "" {
				t.Errorf("no %s header", h)
			}
		}
		if n := len(s.Messages(ch)); n != 0 {
			t.Errorf("a rate-limited request posted %d messages", n)
		}
	})

	t.Run("discordgo waits and retries", func(t *testing.T) {
		dg := newSession(t, s, s.Token())
		limited := make(chan *discordgo.RateLimit, 1)
		dg.AddHandler(func(_ *discordgo.Session, rl *discordgo.RateLimit) { limited <- rl })
		before := s.Requests(RouteCreateMessage)
		s.Fail(RouteCreateMessage, Fault{Status: http.StatusTooManyRequests, RetryAfter: 30 * time.Millisecond})
		if got := s.Faults(RouteCreateMessage); got != 1 {
			t.Errorf("Faults = %d, want 1", got)
		}
		m, err := dg.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "board", AllowedMentions: noPings()})
		if err != nil {
			t.Fatalf("discordgo did not get past the 429: %v", err)
		}
		if rl := <-limited; rl.RetryAfter != 30*time.Millisecond {
			t.Errorf("discordgo read retry_after %v", rl.RetryAfter)
		}
		if got := s.Requests(RouteCreateMessage) - before; got != 2 {
			t.Errorf("%d requests, want 2 (the 429 and the retry)", got)
		}
		if s.Faults(RouteCreateMessage) != 0 || len(s.Messages(ch)) != 1 || s.Message(m.ID) == nil {
			t.Errorf("faults left %d, %d messages", s.Faults(RouteCreateMessage), len(s.Messages(ch)))
		}
	})
}

func TestServerErrorFaults(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice")
	ch := w.Channel.ID
	dg := newSession(t, s, s.Token())
	send := func() (*discordgo.Message, error) {
		return dg.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
			Content: "<@" + w.Users[0].ID + ">", AllowedMentions: noPings(w.Users[0].ID),
		})
	}

	t.Run("500 has no effect", func(t *testing.T) {
		n := len(s.Messages(ch))
		s.Fail(RouteCreateMessage, Fault{Status: 500})
		_, err := send()
		if status, code := restErr(t, err); status != 500 || code != 0 {
			t.Errorf("HTTP %d code %d", status, code)
		}
		if len(s.Messages(ch)) != n {
			t.Error("a message was posted")
		}
	})

	t.Run("applied 500 posts and fails", func(t *testing.T) {
		n, notes := len(s.Messages(ch)), len(s.Notifications(ch))
		s.Fail(RouteCreateMessage, Fault{Status: 500, Applied: true})
		_, err := send()
		if status, _ := restErr(t, err); status != 500 {
			t.Errorf("HTTP %d", status)
		}
		if len(s.Messages(ch)) != n+1 || len(s.Notifications(ch)) != notes+1 {
			t.Error("the applied request did not post (and notify)")
		}
	})

	t.Run("faults come in order", func(t *testing.T) {
		before := s.Requests(RouteCreateMessage)
		s.Fail(RouteCreateMessage, Fault{Status: 503}, Fault{Status: 500})
		for i, want := range []int{503, 500} {
			if got := s.Faults(RouteCreateMessage); got != 2-i {
				t.Errorf("Faults = %d before request %d", got, i)
			}
			_, err := send()
			if status, _ := restErr(t, err); status != want {
				t.Errorf("request %d: HTTP %d, want %d", i, status, want)
			}
		}
		if _, err := send(); err != nil {
			t.Errorf("after the faults: %v", err)
		}
		if got := s.Requests(RouteCreateMessage) - before; got != 3 {
			t.Errorf("%d requests, want 3", got)
		}
	})

	t.Run("discordgo retries a 502 itself", func(t *testing.T) {
		before := s.Requests(RouteCreateMessage)
		s.Fail(RouteCreateMessage, Fault{Status: 502})
		if _, err := send(); err != nil {
			t.Errorf("send: %v", err)
		}
		if got := s.Requests(RouteCreateMessage) - before; got != 2 {
			t.Errorf("%d requests, want 2", got)
		}
	})

	t.Run("faults are per route", func(t *testing.T) {
		s.Fail(RouteListMessages, Fault{Status: 500})
		if _, err := send(); err != nil {
			t.Errorf("create message took the list fault: %v", err)
		}
		if _, err := dg.ChannelMessages(ch, 10, "", "", ""); err == nil {
			t.Error("list messages did not fail")
		}
	})
}

func TestInteractionFaults(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice", "bob")
	registerCommands(t, s, chatCommand("move"), chatCommand("edit"), chatCommand("again"))
	bob := w.Users[1].ID
	errs := make(chan error, 4)
	openBot(t, s, func(dg *discordgo.Session, ic *discordgo.InteractionCreate) {
		i := ic.Interaction
		content := "<@" + bob + ">, your turn"
		switch i.ApplicationCommandData().Name {
		case "move":
			errs <- dg.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: content, AllowedMentions: noPings(bob)},
			})
		case "again":
			// An answer whose outcome was unknown, tried again: Discord
			// says it was made (40060), and that is no breach.
			first := dg.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: content, AllowedMentions: noPings(bob)},
			})
			errs <- first
			errs <- dg.InteractionRespond(i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: content, AllowedMentions: noPings(bob)},
			})
		case "edit":
			if err := dg.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
				errs <- err
				return
			}
			_, err := dg.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content, AllowedMentions: noPings(bob)})
			errs <- err
		}
	})

	t.Run("applied 500 on the callback", func(t *testing.T) {
		s.Fail(RouteCallback, Fault{Status: 500, Applied: true})
		h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "move", "")
		if status, _ := restErr(t, <-errs); status != 500 {
			t.Errorf("HTTP %d", status)
		}
		r := h.Wait(ctx(t))
		if !r.Acked || len(r.Message.Notified) != 1 {
			t.Errorf("response %s, notified %v", r, r.Message.Notified)
		}
	})

	t.Run("an answer tried again after an applied 500", func(t *testing.T) {
		s.Fail(RouteCallback, Fault{Status: 500, Applied: true})
		h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "again", "")
		if status, _ := restErr(t, <-errs); status != 500 {
			t.Errorf("first try: HTTP %d", status)
		}
		if status, code := restErr(t, <-errs); status != 400 || code != 40060 {
			t.Errorf("second try: HTTP %d, code %d; want 400, 40060", status, code)
		}
		if r := h.Wait(ctx(t)); !r.Acked || len(r.Message.Notified) != 1 {
			t.Errorf("response %s", r)
		}
		for _, b := range s.Breaches() {
			t.Errorf("breach: %v", b)
		}
	})

	t.Run("429 on the webhook edit is retried", func(t *testing.T) {
		before := s.Requests(RouteWebhookEdit)
		s.Fail(RouteWebhookEdit, Fault{Status: 429, RetryAfter: 10 * time.Millisecond})
		h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "edit", "")
		if err := <-errs; err != nil {
			t.Errorf("edit: %v", err)
		}
		r := h.Wait(ctx(t))
		if r.Message.Loading() || len(r.Message.Notified) != 0 {
			t.Errorf("@original %+v", r.Message)
		}
		if got := s.Requests(RouteWebhookEdit) - before; got != 2 {
			t.Errorf("%d requests, want 2", got)
		}
	})
}

func TestFailRefusesNonsense(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	s := New(rec, Options{})
	for _, tc := range []struct {
		name  string
		route Route
		f     Fault
	}{
		{"unknown route", Route("POST /channels/{channel}/typing"), Fault{Status: 500}},
		{"not an error", RouteCreateMessage, Fault{Status: 200}},
		{"applied 429", RouteCreateMessage, Fault{Status: 429, Applied: true}},
		{"a scope on a 500", RouteCreateMessage, Fault{Status: 500, Scope: "user"}},
		{"an unknown scope", RouteCreateMessage, Fault{Status: 429, Scope: "bucket"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if msg := rec.fatalOf(func() { s.Fail(tc.route, tc.f) }); msg == "" {
				t.Error("Fail accepted it")
			}
		})
	}
	if msg := rec.fatalOf(func() { s.Hold("GET /nowhere") }); msg == "" {
		t.Error("Hold accepted an unknown route")
	}
	if n := s.Faults(RouteCreateMessage); n != 0 {
		t.Errorf("%d faults queued", n)
	}
}

// ruleLog records what a FailIf rule saw; rules run on the server's
// goroutines.
type ruleLog struct {
	mu   sync.Mutex
	seen []FaultRequest
}

func (l *ruleLog) add(fr FaultRequest) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seen = append(l.seen, fr)
}

func (l *ruleLog) all() []FaultRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]FaultRequest(nil), l.seen...)
}

func TestFailIf(t *testing.T) {
	t.Parallel()
	clock := newTestClock()
	s := New(t, Options{Now: clock.Now, ExpectBreaches: true, AckDeadline: time.Minute})
	w := s.NewWorld("alice")
	bot := "Bot " + s.Token()
	hello := `{"content":"hi","allowed_mentions":{"parse":[]}}`
	post := func(t *testing.T, ch string) int {
		t.Helper()
		return rawRequest(t, s, http.MethodPost, "/channels/"+ch+"/messages", bot, hello)
	}

	t.Run("an outage of half of a thousand channels", func(t *testing.T) {
		down := map[string]bool{}
		var chans []string
		for i := range 1000 {
			c := s.AddChannel(Channel{GuildID: w.Guild.ID, Name: fmt.Sprint("game-", i)})
			chans = append(chans, c.ID)
			down[c.ID] = i%2 == 1
		}
		s.FailIf(RouteCreateMessage, func(fr FaultRequest) (Fault, bool) {
			return Fault{Status: http.StatusServiceUnavailable}, down[fr.ChannelID]
		})
		t.Cleanup(func() { s.FailIf(RouteCreateMessage, nil) })
		for _, ch := range chans {
			want := http.StatusOK
			if down[ch] {
				want = http.StatusServiceUnavailable
			}
			if got := post(t, ch); got != want {
				t.Fatalf("channel %s: HTTP %d, want %d", ch, got, want)
			}
			if n := len(s.Messages(ch)); (n == 1) == down[ch] {
				t.Fatalf("channel %s has %d messages", ch, n)
			}
		}
	})

	t.Run("queued faults first, nil removes the rule", func(t *testing.T) {
		s.FailIf(RouteCreateMessage, func(FaultRequest) (Fault, bool) { return Fault{Status: 503}, true })
		s.Fail(RouteCreateMessage, Fault{Status: 500})
		for i, want := range []int{500, 503, 503} {
			if got := post(t, w.Channel.ID); got != want {
				t.Errorf("request %d: HTTP %d, want %d", i, got, want)
			}
		}
		s.FailIf(RouteCreateMessage, nil)
		if got := post(t, w.Channel.ID); got != 200 {
			t.Errorf("without the rule: HTTP %d", got)
		}
	})

	t.Run("ruled 429s are invalid requests", func(t *testing.T) {
		var shared atomic.Bool
		s.FailIf(RouteListMessages, func(FaultRequest) (Fault, bool) {
			if shared.Load() {
				return Fault{Status: 429, Scope: "shared"}, true
			}
			return Fault{Status: 429}, true
		})
		t.Cleanup(func() { s.FailIf(RouteListMessages, nil) })
		list := func() int {
			return rawRequest(t, s, http.MethodGet, "/channels/"+w.Channel.ID+"/messages", bot, "")
		}
		before := s.InvalidRequests().Total
		if got := list(); got != 429 {
			t.Fatalf("HTTP %d", got)
		}
		shared.Store(true)
		if got := list(); got != 429 {
			t.Fatalf("HTTP %d", got)
		}
		if got := s.InvalidRequests().Total - before; got != 1 {
			t.Errorf("%d invalid requests, want 1: the user-scoped 429 counts, the shared one does not", got)
		}
	})

	t.Run("what the rule learns", func(t *testing.T) {
		registerCommands(t, s, chatCommand("board"))
		var callbacks, followups, posts ruleLog
		pass := func(l *ruleLog) func(FaultRequest) (Fault, bool) {
			return func(fr FaultRequest) (Fault, bool) { l.add(fr); return Fault{}, false }
		}
		s.FailIf(RouteCallback, pass(&callbacks))
		s.FailIf(RouteFollowup, pass(&followups))
		s.FailIf(RouteCreateMessage, pass(&posts))
		t.Cleanup(func() {
			for _, r := range []Route{RouteCallback, RouteFollowup, RouteCreateMessage} {
				s.FailIf(r, nil)
			}
		})
		openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
			respond(t, dg, i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
			if _, err := dg.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Files: []*discordgo.File{pngFile(t, "board.png")}}); err != nil {
				t.Errorf("followup: %v", err)
			}
		})
		h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "board", "")
		h.Wait(ctx(t))
		if got := post(t, w.Channel.ID); got != 200 {
			t.Fatalf("HTTP %d", got)
		}
		now := clock.Now()
		for _, tc := range []struct {
			name string
			log  *ruleLog
			want FaultRequest
		}{
			{"callback", &callbacks, FaultRequest{Route: RouteCallback, ChannelID: w.Channel.ID, GuildID: w.Guild.ID, InteractionID: h.ID, Now: now}},
			{"followup with a file", &followups, FaultRequest{Route: RouteFollowup, ChannelID: w.Channel.ID, GuildID: w.Guild.ID, InteractionID: h.ID, Files: true, Now: now}},
			{"channel post", &posts, FaultRequest{Route: RouteCreateMessage, ChannelID: w.Channel.ID, GuildID: w.Guild.ID, Now: now}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				seen := tc.log.all()
				if len(seen) != 1 || seen[0] != tc.want {
					t.Errorf("rule saw %+v, want %+v", seen, tc.want)
				}
			})
		}
	})
}

func TestFailIfRefusesNonsense(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	s := New(rec, Options{})
	w := s.NewWorld()
	if msg := rec.fatalOf(func() { s.FailIf("GET /nowhere", func(FaultRequest) (Fault, bool) { return Fault{}, false }) }); msg == "" {
		t.Error("FailIf accepted an unknown route")
	}
	s.FailIf(RouteCreateMessage, func(FaultRequest) (Fault, bool) { return Fault{Status: 200}, true })
	if got := rawRequest(t, s, http.MethodPost, "/channels/"+w.Channel.ID+"/messages", "Bot "+s.Token(), `{"content":"x","allowed_mentions":{"parse":[]}}`); got != 200 {
		t.Errorf("HTTP %d: the request was not served normally", got)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], "status 200") {
		t.Errorf("test errors %q, want one about the rule's fault", rec.errors)
	}
}
