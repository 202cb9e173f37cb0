package discordfake

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// rawRequest sends a request outside discordgo, which would retry a 429,
// and returns the answer's status.
func rawRequest(t *testing.T, s *Server, method, path, auth, body string) int {
	t.Helper()
	req, err := http.NewRequest(method, s.URL()+"api/v10"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

func TestInvalidRequestsCounted(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true})
	w := s.NewWorld()
	blind := s.AddChannel(Channel{GuildID: w.Guild.ID, Name: "blind", BotPermissions: textPerms &^ discordgo.PermissionViewChannel})
	bot := "Bot " + s.Token()
	post := func(ch, body string) func(t *testing.T) int {
		return func(t *testing.T) int {
			return rawRequest(t, s, http.MethodPost, "/channels/"+ch+"/messages", bot, body)
		}
	}
	hello := `{"content":"hi","allowed_mentions":{"parse":[]}}`
	faulted := func(route Route, f Fault, send func(t *testing.T) int) func(t *testing.T) int {
		return func(t *testing.T) int {
			s.Fail(route, f)
			return send(t)
		}
	}
	for _, tc := range []struct {
		name   string
		send   func(t *testing.T) int
		status int
		counts bool
	}{
		{"401 wrong token", func(t *testing.T) int { return rawRequest(t, s, http.MethodGet, "/users/@me", "Bot wrong", "") }, 401, true},
		{"403 missing access", post(blind.ID, hello), 403, true},
		{"429 of scope user", faulted(RouteCreateMessage, Fault{Status: 429}, post(w.Channel.ID, hello)), 429, true},
		{"429 of scope global", faulted(RouteCreateMessage, Fault{Status: 429, Scope: "global"}, post(w.Channel.ID, hello)), 429, true},
		{"429 of scope shared", faulted(RouteCreateMessage, Fault{Status: 429, Scope: "shared"}, post(w.Channel.ID, hello)), 429, false},
		{"429 on an interaction callback", faulted(RouteCallback, Fault{Status: 429}, func(t *testing.T) int {
			return rawRequest(t, s, http.MethodPost, "/interactions/1/token/callback", "", `{"type":4}`)
		}), 429, true},
		{"404 unknown message", func(t *testing.T) int {
			return rawRequest(t, s, http.MethodGet, "/channels/"+w.Channel.ID+"/messages/1", bot, "")
		}, 404, false},
		{"400 invalid form body", post(w.Channel.ID, `{"content":"`+long(2001)+`","allowed_mentions":{"parse":[]}}`), 400, false},
		{"500", faulted(RouteCreateMessage, Fault{Status: 500}, post(w.Channel.ID, hello)), 500, false},
		{"200", post(w.Channel.ID, hello), 200, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := s.InvalidRequests()
			if got := tc.send(t); got != tc.status {
				t.Fatalf("HTTP %d, want %d", got, tc.status)
			}
			want := before.InWindow
			if tc.counts {
				want++
			}
			if got := s.InvalidRequests(); got.InWindow != want || got.Total != before.Total+(want-before.InWindow) {
				t.Errorf("tally %+v after %+v, want %d in the window", got, before, want)
			}
			s.TakeBreaches()
		})
	}
}

func TestInvalidRequestLimit(t *testing.T) {
	t.Parallel()
	clock := newTestClock()
	s := New(t, Options{ExpectBreaches: true, Now: clock.Now, InvalidRequestLimit: 3})
	w := s.NewWorld()
	invalid := func() {
		t.Helper()
		s.Fail(RouteCreateMessage, Fault{Status: 429})
		if got := rawRequest(t, s, http.MethodPost, "/channels/"+w.Channel.ID+"/messages", "Bot "+s.Token(), `{"content":"x"}`); got != 429 {
			t.Fatalf("HTTP %d", got)
		}
	}
	for _, step := range []struct {
		name     string
		advance  time.Duration
		requests int
		want     InvalidRequestTally
		breaches int // of RuleInvalidRequests so far
	}{
		{"below the limit", 0, 2, InvalidRequestTally{InWindow: 2, Peak: 2, Total: 2}, 0},
		{"reaching it within the window", 6 * time.Minute, 1, InvalidRequestTally{InWindow: 3, Peak: 3, Total: 3}, 1},
		{"over it, one breach only", 0, 1, InvalidRequestTally{InWindow: 4, Peak: 4, Total: 4}, 1},
		{"the first two leave the window", 4 * time.Minute, 0, InvalidRequestTally{InWindow: 2, Peak: 4, Total: 4}, 1},
		{"reaching it again", 0, 1, InvalidRequestTally{InWindow: 3, Peak: 4, Total: 5}, 2},
		{"ten minutes of calm", InvalidRequestWindow, 0, InvalidRequestTally{InWindow: 0, Peak: 4, Total: 5}, 2},
	} {
		t.Run(step.name, func(t *testing.T) {
			clock.Advance(step.advance)
			for range step.requests {
				invalid()
			}
			if got := s.InvalidRequests(); got != step.want {
				t.Errorf("tally %+v, want %+v", got, step.want)
			}
			if got := s.WaitUntil(ctx(t), func(*View) bool { return true }).InvalidRequests(); got != step.want {
				t.Errorf("View's tally %+v, want %+v", got, step.want)
			}
			if got := len(s.BreachesOf(RuleInvalidRequests)); got != step.breaches {
				t.Errorf("%d breaches of %s, want %d", got, RuleInvalidRequests, step.breaches)
			}
		})
	}
}
