package discord

import (
	"bytes"
	"crypto/ed25519"
	crand "crypto/rand"
	"encoding/hex"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/internal/discordfake"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// TestVerify: a request is Discord's when its signature verifies over the
// timestamp and the body and the timestamp is within SignatureWindow of
// the bot's clock, here an injected one.
func TestVerify(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(crand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	other, _, _ := ed25519.GenerateKey(crand.Reader)
	now := time.Unix(1_800_000_000, 0)
	body := []byte(`{"type":1}`)
	sign := func(ts string, b []byte) string {
		return hex.EncodeToString(ed25519.Sign(priv, append([]byte(ts), b...)))
	}
	at := func(d time.Duration) string { return strconv.FormatInt(now.Add(d).Unix(), 10) }
	tests := []struct {
		name   string
		key    ed25519.PublicKey
		ts     string
		sig    string
		signed bool // the headers are set
		want   bool
	}{
		{"signed now", pub, at(0), sign(at(0), body), true, true},
		{"signed at the window's edge", pub, at(-SignatureWindow), sign(at(-SignatureWindow), body), true, true},
		{"a clock ahead by the window", pub, at(SignatureWindow), sign(at(SignatureWindow), body), true, true},
		{"stale: a second past the window", pub, at(-SignatureWindow - time.Second), sign(at(-SignatureWindow-time.Second), body), true, false},
		{"from the future past the window", pub, at(SignatureWindow + time.Second), sign(at(SignatureWindow+time.Second), body), true, false},
		{"unsigned", pub, "", "", false, false},
		{"signature of another body", pub, at(0), sign(at(0), []byte(`{"type":2}`)), true, false},
		{"signature of another timestamp", pub, at(0), sign(at(-time.Second), body), true, false},
		{"another application's key", other, at(0), sign(at(0), body), true, false},
		{"signature not hex", pub, at(0), "zz" + sign(at(0), body)[2:], true, false},
		{"signature cut short", pub, at(0), sign(at(0), body)[:64], true, false},
		{"timestamp not a number", pub, "soon", sign("soon", body), true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			if tt.signed {
				h.Set(headerSignature, tt.sig)
				h.Set(headerTimestamp, tt.ts)
			}
			if got := verify(tt.key, now, h, body); got != tt.want {
				t.Errorf("verify = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestCheckInteractions: the settings of interactions over HTTP, and
// messages that never quote the key.
func TestCheckInteractions(t *testing.T) {
	key := strings.Repeat("ab", 32)
	tests := []struct {
		name, mode, key, listen string
		wantErr                 string
	}{
		{"the default", "", "", "", ""},
		{"gateway", InteractionsGateway, "", "", ""},
		{"http", InteractionsHTTP, key, "127.0.0.1:8080", ""},
		{"another mode", "webhook", "", "", `interactions must be "gateway" or "http"`},
		{"no key", InteractionsHTTP, "", "127.0.0.1:8080", "public_key"},
		{"a short key", InteractionsHTTP, key[:62], "127.0.0.1:8080", "64 hexadecimal digits"},
		{"a key not hex", InteractionsHTTP, "zz" + key[2:], "127.0.0.1:8080", "64 hexadecimal digits"},
		{"no address", InteractionsHTTP, key, "", "interactions_listen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckInteractions(tt.mode, tt.key, tt.listen)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("error %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("error %v, want one with %q", err, tt.wantErr)
			case err != nil && tt.key != "" && strings.Contains(err.Error(), tt.key[2:]):
				t.Errorf("the error quotes the key: %v", err)
			}
		})
	}
}

// TestOverHTTP: with interactions over HTTP the bot opens no gateway
// session, refuses what Discord did not sign (checkEndpoint), and plays:
// the lobby by buttons, moves by the boards' menus and by slash commands
// in turn, a hint (a deferred answer edited in) and autocomplete; every
// board post pings exactly the player to move. A whole game without
// -short, its first moves with it (the gateway's tests play the rest).
func TestOverHTTP(t *testing.T) {
	t.Parallel()
	h := newHTTPHarness(t, discordfake.Options{}, "ann", "bob", "cat")
	checkEndpoint(t, h)
	board := h.openTableByButtons("suggested")
	h.checkBoardPost(board)
	boards := 1
	defer func() { h.checkNotifications(boards) }()
	g, pos := h.game()
	mover := userOf(g, pos.Turn())
	if r := h.slash(mover, "hint"); !r.Ephemeral() || !strings.HasPrefix(r.Content(), "💡") {
		t.Errorf("hint: %s", r)
	}
	if r := h.fake.Autocomplete(mover, h.world.Channel.ID, command, "place", "village", "").Wait(h.ctx); len(r.Choices) == 0 {
		t.Errorf("autocomplete: %s", r)
	}
	rng := rand.New(rand.NewPCG(3, 29))
	for moves := 0; !testing.Short() || moves < 4; moves++ {
		g, pos := h.game()
		m := randomMove(rng, pos)
		if moves%2 == 0 {
			board = h.playByMenus(board, userOf(g, m.Player), m)
		} else {
			sub, opts := slashOptions(m)
			r := h.slash(userOf(g, m.Player), sub, opts...)
			// The last move's answer is private; the worker posts the end.
			if board = h.posted(r); board == nil {
				t.Fatalf("move %d (%s): refused: %s", moves, m, r.Content())
			}
		}
		h.checkBoardPost(board)
		boards++
		if strings.Contains(board.Content, "The game is over") {
			break
		}
		if moves > 500 {
			t.Fatal("the game does not end")
		}
	}
	if n := len(h.fake.Sessions()); n != 0 {
		t.Errorf("%d gateway sessions over HTTP", n)
	}
	if !testing.Short() {
		if _, pos, err := h.gameIn(h.world.Channel.ID); err == nil && pos != nil && pos.Phase() != shangrila.Over {
			t.Error("the game did not end")
		}
	}
}

// checkEndpoint: the bot's endpoint passed the portal's PINGs (the
// harness set it); a request not signed by Discord, signed badly, or
// signed long ago (a replay) is refused with 401 and has no effect; a
// PING gets its PONG; /healthz says the bot is ready. h's channel is
// empty.
func checkEndpoint(t *testing.T, h *harness) {
	if n := len(h.fake.Sessions()); n != 0 {
		t.Errorf("%d gateway sessions over HTTP", n)
	}
	url := h.fake.InteractionsEndpoint()
	// A genuine interaction, never sent by the fake.
	body := h.fake.NewSlashCommand(h.user(0), h.world.Channel.ID, command, "new", discordfake.Opt("players", 3)).Payload()
	stamp := func(d time.Duration) string { return strconv.FormatInt(time.Now().Add(d).Unix(), 10) }
	post := func(b []byte, ts, sig string) (int, string) {
		t.Helper()
		req, err := http.NewRequestWithContext(h.ctx, http.MethodPost, url, bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if ts != "" {
			req.Header.Set(discordfake.HeaderTimestamp, ts)
			req.Header.Set(discordfake.HeaderSignature, sig)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		answer, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(answer)
	}
	ping := []byte(`{"id":"1","application_id":"` + h.fake.ApplicationID() + `","type":1,"token":"x","version":1}`)
	now, stale := stamp(0), stamp(-SignatureWindow-time.Minute)
	tests := []struct {
		name       string
		body       []byte
		ts, sig    string
		wantStatus int
		wantBody   string
	}{
		{"unsigned", body, "", "", http.StatusUnauthorized, ""},
		{"badly signed", body, now, h.fake.Sign(now, ping), http.StatusUnauthorized, ""},
		{"replayed with a stale timestamp", body, stale, h.fake.Sign(stale, body), http.StatusUnauthorized, ""},
		{"a stale PING", ping, stale, h.fake.Sign(stale, ping), http.StatusUnauthorized, ""},
		{"a PING", ping, now, h.fake.Sign(now, ping), http.StatusOK, `{"type":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, answer := post(tt.body, tt.ts, tt.sig)
			if status != tt.wantStatus || tt.wantBody != "" && answer != tt.wantBody {
				t.Errorf("answered %d %q, want %d %q", status, answer, tt.wantStatus, tt.wantBody)
			}
		})
	}
	h.settle()
	if ms := h.fake.Messages(h.world.Channel.ID); len(ms) != 0 {
		t.Errorf("refused requests had an effect: %d messages", len(ms))
	}
	if g, _, err := h.bot.Table(h.ctx, h.world.Channel.ID); err == nil && g != nil {
		t.Errorf("refused requests opened a table: %+v", g)
	}
	health, err := http.Get("http://" + h.adapter.EndpointAddr().String() + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	health.Body.Close()
	if health.StatusCode != http.StatusOK {
		t.Errorf("/healthz: %d", health.StatusCode)
	}
}

// TestEndpointRefusesReplays: an interaction Discord delivered, sent to
// the endpoint again with a good signature inside its window (a captured
// request replayed), is refused with 409 and acts no second time.
func TestEndpointRefusesReplays(t *testing.T) {
	t.Parallel()
	h := newHTTPHarness(t, discordfake.Options{}, "ann", "bob", "cat")
	channel := h.world.Channel.ID
	in := h.fake.SlashCommand(h.user(0), channel, command, "new", discordfake.Opt("players", 3))
	if r := in.Wait(h.ctx); r.Ephemeral() {
		t.Fatalf("new: %s", r)
	}
	h.settle()
	before := len(h.fake.Messages(channel))
	body := in.Payload()
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, err := http.NewRequestWithContext(h.ctx, http.MethodPost, h.fake.InteractionsEndpoint(), bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set(discordfake.HeaderTimestamp, ts)
	req.Header.Set(discordfake.HeaderSignature, h.fake.Sign(ts, body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusConflict {
		t.Errorf("the replay was answered %d, want %d", resp.StatusCode, http.StatusConflict)
	}
	h.settle()
	if after := len(h.fake.Messages(channel)); after != before {
		t.Errorf("the replay had an effect: %d messages, then %d", before, after)
	}
}

// TestReplaysRemembered: an id is new once while its signature can be
// accepted, new again once it cannot (the signature check refuses such a
// request anyway), and the memory stays within its bound.
func TestReplaysRemembered(t *testing.T) {
	start := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	var r replays
	tests := []struct {
		name   string
		id     string
		signed time.Time
		now    time.Time
		want   bool
	}{
		{"first", "1", start, start, true},
		{"again at once", "1", start, start.Add(time.Second), false},
		{"another", "2", start, start.Add(time.Second), true},
		{"again, signed later", "1", start.Add(time.Minute), start.Add(time.Minute), false},
		{"again at the window's end", "1", start, start.Add(SignatureWindow - time.Second), false},
		{"after the window", "1", start.Add(SignatureWindow), start.Add(SignatureWindow), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.first(tt.id, tt.signed, tt.now); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	for i := range maxRemembered + 10 {
		r.first(strconv.Itoa(1000+i), start.Add(SignatureWindow), start.Add(SignatureWindow))
	}
	if len(r.at) > maxRemembered || len(r.order) != len(r.at) {
		t.Errorf("%d ids remembered (%d in order), bound %d", len(r.at), len(r.order), maxRemembered)
	}
}
