package discordfake

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// endpoint is a test's Interactions Endpoint URL: it checks every
// request's signature against the fake's public key (401 otherwise),
// answers PINGs with PONGs and hands the rest to answer.
func endpoint(t *testing.T, s *Server, answer func(w http.ResponseWriter, i *discordgo.Interaction)) *httptest.Server {
	t.Helper()
	key, err := hex.DecodeString(s.PublicKey())
	if err != nil || len(key) != ed25519.PublicKeySize {
		t.Fatalf("PublicKey %q is not an Ed25519 key in hex", s.PublicKey())
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		sig, err := hex.DecodeString(r.Header.Get(HeaderSignature))
		if err != nil || !ed25519.Verify(key, append([]byte(r.Header.Get(HeaderTimestamp)), body...), sig) {
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		var i discordgo.Interaction
		if err := json.Unmarshal(body, &i); err != nil {
			t.Errorf("endpoint: %v", err)
			return
		}
		if i.Type == discordgo.InteractionPing {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"type":1}`))
			return
		}
		answer(w, &i)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// inline answers with an interaction response in the HTTP body.
func inline(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// TestEndpointValidation: saving an Interactions Endpoint URL sends a
// signed PING, which must be answered with a JSON PONG, and a badly
// signed one, which must be refused with 401; otherwise the URL is not
// saved and interactions keep going over the gateway.
func TestEndpointValidation(t *testing.T) {
	t.Parallel()
	pong := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":1}`))
	}
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc // nil: the checking endpoint
		wantErr string
	}{
		{"a checking endpoint is saved", nil, ""},
		{"an endpoint that checks no signature", pong, "wrong signature was answered 200"},
		{"a PONG that is not JSON", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte(`{"type":1}`))
		}, "Content-Type"},
		{"a message instead of a PONG", func(w http.ResponseWriter, r *http.Request) {
			inline(w, map[string]any{"type": 4, "data": map[string]any{"content": "hi"}})
		}, "want {\"type\": 1}"},
		{"an endpoint that fails", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "oops", http.StatusInternalServerError)
		}, "answered 500"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := New(t, Options{})
			url := endpoint(t, s, nil).URL
			if tc.handler != nil {
				srv := httptest.NewServer(tc.handler)
				t.Cleanup(srv.Close)
				url = srv.URL
			}
			err := s.SetInteractionsEndpoint(ctx(t), url)
			if tc.wantErr == "" {
				if err != nil || s.InteractionsEndpoint() != url {
					t.Fatalf("SetInteractionsEndpoint: %v; endpoint %q", err, s.InteractionsEndpoint())
				}
				if err := s.Ping(ctx(t)); err != nil {
					t.Errorf("Ping: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("SetInteractionsEndpoint: %v, want an error with %q", err, tc.wantErr)
			}
			if got := s.InteractionsEndpoint(); got != "" {
				t.Errorf("the endpoint %q was saved", got)
			}
		})
	}
}

// TestEndpointDelivery: with an endpoint set, an interaction is POSTed to
// it, not sent over the gateway (no session is open here), signed over
// the fake's clock's time and the exact payload; the initial response
// comes back in the HTTP answer (200 with a body), or through the
// callback endpoint followed by 202 Accepted.
func TestEndpointDelivery(t *testing.T) {
	t.Parallel()
	msg := &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "hello", AllowedMentions: noPings()},
	}
	for _, tc := range []struct {
		name     string
		callback bool // answer through the callback endpoint, then 202
	}{{"in the HTTP answer", false}, {"by callback, then 202", true}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			at := time.Unix(1_800_000_000, 0)
			s := New(t, Options{Now: func() time.Time { return at }})
			w := s.NewWorld("alice")
			registerCommands(t, s, chatCommand("hello"))
			dg := newSession(t, s, s.Token())
			seen := make(chan string, 1)
			srv := endpoint(t, s, func(w http.ResponseWriter, i *discordgo.Interaction) {
				seen <- i.ID
				if !tc.callback {
					inline(w, msg)
					return
				}
				respond(t, dg, i, msg)
				w.WriteHeader(http.StatusAccepted)
			})
			if err := s.SetInteractionsEndpoint(ctx(t), srv.URL); err != nil {
				t.Fatal(err)
			}
			h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "hello", "")
			r := h.Wait(ctx(t))
			if got := <-seen; got != h.ID {
				t.Errorf("the endpoint got interaction %s, want %s", got, h.ID)
			}
			if r.Type != discordgo.InteractionResponseChannelMessageWithSource || r.Content() != "hello" || r.Ephemeral() {
				t.Errorf("response: %s", r)
			}
			if n := len(s.Sessions()); n != 0 {
				t.Errorf("%d gateway sessions", n)
			}
			wantBreach(t, s)
		})
	}
}

// TestEndpointSignature: what the endpoint receives verifies against the
// public key over X-Signature-Timestamp (Unix seconds on the fake's
// clock) followed by the body, which is the interaction's payload.
func TestEndpointSignature(t *testing.T) {
	t.Parallel()
	at := time.Unix(1_800_000_123, 0)
	s := New(t, Options{Now: func() time.Time { return at }})
	w := s.NewWorld("alice")
	registerCommands(t, s, chatCommand("hello"))
	type got struct {
		ts   string
		sig  string
		body []byte
	}
	seen := make(chan got, 2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		seen <- got{r.Header.Get(HeaderTimestamp), r.Header.Get(HeaderSignature), body}
		inline(w, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "hello", AllowedMentions: noPings()},
		})
	}))
	t.Cleanup(srv.Close)
	s.mu.Lock()
	s.endpoint = srv.URL // set without the portal's checks, which this endpoint fails
	s.mu.Unlock()
	h := s.NewSlashCommand(w.Users[0].ID, w.Channel.ID, "hello", "")
	s.Dispatch(h)
	g := <-seen
	if g.ts != strconv.FormatInt(at.Unix(), 10) {
		t.Errorf("timestamp %q, want %d", g.ts, at.Unix())
	}
	if string(g.body) != string(h.Payload()) {
		t.Errorf("body %s, want the payload %s", g.body, h.Payload())
	}
	key, _ := hex.DecodeString(s.PublicKey())
	sig, _ := hex.DecodeString(g.sig)
	if !ed25519.Verify(key, append([]byte(g.ts), g.body...), sig) {
		t.Error("the signature does not verify")
	}
	if g.sig != s.Sign(g.ts, g.body) {
		t.Error("Sign does not give the signature sent")
	}
	h.Wait(ctx(t))
	app, err := newSession(t, s, s.Token()).Application("@me")
	if err != nil {
		t.Fatalf("GET /oauth2/applications/@me: %v", err)
	}
	if app.VerifyKey != s.PublicKey() {
		t.Errorf("verify_key %q, want the public key %q", app.VerifyKey, s.PublicKey())
	}
}

// TestEndpointBreaches: what Discord takes as a failed interaction.
func TestEndpointBreaches(t *testing.T) {
	t.Parallel()
	msg := &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "hello", AllowedMentions: noPings()},
	}
	for _, tc := range []struct {
		name     string
		deadline time.Duration
		answer   func(t *testing.T, dg *discordgo.Session, w http.ResponseWriter, r *http.Request, i *discordgo.Interaction)
		want     Rule
	}{
		{"202 without a callback", 0, func(t *testing.T, dg *discordgo.Session, w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
			w.WriteHeader(http.StatusAccepted)
		}, RuleEndpoint},
		{"an error status", 0, func(t *testing.T, dg *discordgo.Session, w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
			http.Error(w, "oops", http.StatusInternalServerError)
		}, RuleEndpoint},
		{"a callback and an answer in the body", 0, func(t *testing.T, dg *discordgo.Session, w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
			respond(t, dg, i, msg)
			inline(w, msg)
		}, RuleAlreadyAcked},
		{"no answer within the deadline", 50 * time.Millisecond, func(t *testing.T, dg *discordgo.Session, w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
			<-r.Context().Done() // the fake gives up at the deadline
		}, RuleAckDeadline},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := New(t, Options{ExpectBreaches: true, AckDeadline: tc.deadline})
			w := s.NewWorld("alice")
			registerCommands(t, s, chatCommand("hello"))
			dg := newSession(t, s, s.Token())
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var i discordgo.Interaction
				body, _ := io.ReadAll(r.Body)
				if err := json.Unmarshal(body, &i); err != nil {
					t.Errorf("endpoint: %v", err)
				}
				tc.answer(t, dg, w, r, &i)
			}))
			t.Cleanup(srv.Close)
			s.mu.Lock()
			s.endpoint = srv.URL
			s.mu.Unlock()
			s.SlashCommand(w.Users[0].ID, w.Channel.ID, "hello", "")
			s.WaitUntil(ctx(t), func(v *View) bool { return len(v.Breaches()) > 0 })
			wantBreach(t, s, tc.want)
		})
	}
}
