package discordfake

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// postInFlight starts creating a message with a raw client whose request
// can be abandoned (as a killed process abandons it) by cancelling ctx.
// The channel gets the HTTP status, or 0 if the client got no answer.
func postInFlight(ctx context.Context, s *Server, channelID, content string) <-chan int {
	done := make(chan int, 1)
	go func() {
		body := `{"content":"` + content + `","allowed_mentions":{"parse":[]}}`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL()+"api/v10/channels/"+channelID+"/messages", strings.NewReader(body))
		if err != nil {
			done <- 0
			return
		}
		req.Header.Set("Authorization", "Bot "+s.Token())
		req.Header.Set("Content-Type", "application/json")
		tr := &http.Transport{}
		defer tr.CloseIdleConnections()
		resp, err := (&http.Client{Transport: tr}).Do(req)
		if err != nil {
			done <- 0
			return
		}
		resp.Body.Close()
		done <- resp.StatusCode
	}()
	return done
}

func TestHold(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld()
	ch := w.Channel.ID
	dg := newSession(t, s, s.Token())

	for _, tc := range []struct {
		name       string
		abandon    bool // the client goes away while the request is held
		apply      bool
		wantStatus int
		wantPosted bool
	}{
		{"applied, client waiting", false, true, 200, true},
		{"dropped, client waiting", false, false, 500, false},
		{"applied after the client went away", true, true, 0, true},
		{"dropped after the client went away", true, false, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := len(s.Messages(ch))
			h := s.Hold(RouteCreateMessage)
			reqCtx, kill := context.WithCancel(ctx(t))
			defer kill()
			status := postInFlight(reqCtx, s, ch, tc.name)
			if !h.Wait(ctx(t)) {
				t.Fatal("no request held")
			}
			// While it is held, nothing happened, and the server serves
			// other requests.
			if len(s.Messages(ch)) != n {
				t.Error("the held request took effect")
			}
			if _, err := dg.Channel(ch); err != nil {
				t.Errorf("another request while one is held: %v", err)
			}
			if tc.abandon {
				kill()
				if got := <-status; got != 0 {
					t.Fatalf("abandoned client got HTTP %d", got)
				}
			}
			h.Release(tc.apply)
			// Release returns once the request was processed: no waiting.
			if posted := len(s.Messages(ch)) == n+1; posted != tc.wantPosted {
				t.Errorf("posted = %v, want %v", posted, tc.wantPosted)
			}
			if !tc.abandon {
				if got := <-status; got != tc.wantStatus {
					t.Errorf("client got HTTP %d, want %d", got, tc.wantStatus)
				}
			}
			h.Release(true) // a second Release does nothing
			if posted := len(s.Messages(ch)) == n+1; posted != tc.wantPosted {
				t.Error("a second Release changed something")
			}
		})
	}

	t.Run("release before any request cancels the hold", func(t *testing.T) {
		h := s.Hold(RouteCreateMessage)
		h.Release(false)
		if _, err := dg.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "free", AllowedMentions: noPings()}); err != nil {
			t.Errorf("the cancelled hold still caught a request: %v", err)
		}
		if h.Wait(ctx(t)) {
			t.Error("Wait reports a held request")
		}
	})

	t.Run("successive holds take successive requests", func(t *testing.T) {
		n := len(s.Messages(ch))
		first, second := s.Hold(RouteCreateMessage), s.Hold(RouteCreateMessage)
		a := postInFlight(ctx(t), s, ch, "a")
		if !first.Wait(ctx(t)) {
			t.Fatal("first request not held")
		}
		b := postInFlight(ctx(t), s, ch, "b")
		if !second.Wait(ctx(t)) {
			t.Fatal("second request not held")
		}
		second.Release(true)
		first.Release(false)
		if got, want := []int{<-a, <-b}, []int{500, 200}; got[0] != want[0] || got[1] != want[1] {
			t.Errorf("statuses %v, want %v", got, want)
		}
		if ms := s.Messages(ch); len(ms) != n+1 || ms[n].Content != "b" {
			t.Errorf("messages after: %d", len(ms))
		}
	})

	t.Run("a held request then takes the queued fault", func(t *testing.T) {
		h := s.Hold(RouteCreateMessage)
		s.Fail(RouteCreateMessage, Fault{Status: 503})
		status := postInFlight(ctx(t), s, ch, "x")
		if !h.Wait(ctx(t)) {
			t.Fatal("not held")
		}
		if s.Faults(RouteCreateMessage) != 1 {
			t.Error("the fault was taken before the hold")
		}
		h.Release(true)
		if got := <-status; got != 503 {
			t.Errorf("HTTP %d, want 503", got)
		}
	})

	t.Run("WaitUntil sees a request held", func(t *testing.T) {
		h := s.Hold(RouteCreateMessage)
		status := postInFlight(ctx(t), s, ch, "x")
		s.WaitUntil(ctx(t), func(*View) bool {
			s.mu.Lock()
			defer s.mu.Unlock()
			return h.state == holdHeld
		})
		h.Release(false)
		<-status
	})
}

func TestCloseDropsHeldRequests(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld()
	h := s.Hold(RouteCreateMessage)
	pending := s.Hold(RouteCreateMessage) // never catches a request
	status := postInFlight(ctx(t), s, w.Channel.ID, "x")
	if !h.Wait(ctx(t)) {
		t.Fatal("not held")
	}
	closed := make(chan struct{})
	go func() {
		s.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-ctx(t).Done():
		t.Fatal("Close blocked on a held request")
	}
	if got := <-status; got != 500 && got != 0 {
		t.Errorf("client got HTTP %d", got)
	}
	if len(s.Messages(w.Channel.ID)) != 0 {
		t.Error("the held request took effect")
	}
	if pending.Wait(ctx(t)) {
		t.Error("a hold reports a request after Close")
	}
	h.Release(true) // after Close: nothing, and no hang
	pending.Release(true)
	if s.Hold(RouteCreateMessage).Wait(ctx(t)) {
		t.Error("a hold made after Close reports a request")
	}
}

// TestHoldDiscordgoClient checks that a bot's own discordgo request can be
// held and then answered.
func TestHoldDiscordgoClient(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld()
	dg := newSession(t, s, s.Token())
	h := s.Hold(RouteCreateMessage)
	errc := make(chan error, 1)
	go func() {
		_, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Content: "board", AllowedMentions: noPings()})
		errc <- err
	}()
	if !h.Wait(ctx(t)) {
		t.Fatal("not held")
	}
	h.Release(false)
	var re *discordgo.RESTError
	if err := <-errc; !errors.As(err, &re) || re.Response.StatusCode != 500 {
		t.Errorf("discordgo got %v, want a 500", err)
	}
	if s.Requests(RouteCreateMessage) != 1 {
		t.Errorf("%d requests", s.Requests(RouteCreateMessage))
	}
}
