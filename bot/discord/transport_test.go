package discord

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestAPIURL: the token crosses the network only over https; plain http
// is for this machine (a local proxy, the tests' fake).
func TestAPIURL(t *testing.T) {
	tests := []struct {
		url  string
		want string // in the error; "" for none
	}{
		{"https://discord.com/", ""},
		{"https://proxy.example.com/discord/", ""},
		{"http://127.0.0.1:8080/", ""},
		{"http://[::1]:8080/", ""},
		{"http://localhost:3000", ""},
		{"http://proxy.example.com/", "must be https unless it points at a loopback address"},
		{"http://10.0.0.5/", "must be https unless it points at a loopback address"},
		{"ftp://discord.com/", "must be an http or https URL"},
		{"discord.com", "must be an http or https URL"},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			_, err := newTransport(tt.url, nil)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("error %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// TestRedact: neither the bot's token nor an interaction's token (in the
// webhook URL of an edit or a follow-up, or in an answer's callback URL)
// reaches a log.
func TestRedact(t *testing.T) {
	const token = "MTIz.secret.bot-token"
	interaction := "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmFiY2RlZg_-.x"
	for _, msg := range []string{
		"HTTP 429 Too Many Requests, https://discord.com/api/v9/webhooks/1234567890/" + interaction + "/messages/@original",
		`Patch "https://127.0.0.1:4000/api/v9/webhooks/99/` + interaction + `/messages/@original": EOF`,
		"POST https://discord.com/api/v9/interactions/555/" + interaction + "/callback: 400",
		"Authorization: Bot " + token,
	} {
		got := redact(errors.New(msg), token).Error()
		if strings.Contains(got, interaction) || strings.Contains(got, token) {
			t.Errorf("redact(%q) = %q", msg, got)
		}
		if !strings.Contains(got, "[token]") {
			t.Errorf("redact(%q) = %q: nothing marked", msg, got)
		}
	}
	if got := redact(errors.New("channel 123/456 not found"), token).Error(); got != "channel 123/456 not found" {
		t.Errorf("an error without tokens changed: %q", got)
	}
}

// stubTrip answers every request with err, or with an empty body, and
// keeps the request it was sent.
type stubTrip struct {
	err  error
	sent *http.Request
	idle int // CloseIdleConnections calls
}

func (s *stubTrip) RoundTrip(r *http.Request) (*http.Response, error) {
	s.sent = r
	if s.err != nil {
		return nil, s.err
	}
	return &http.Response{StatusCode: 200, Body: io.NopCloser(strings.NewReader("{}"))}, nil
}

func (s *stubTrip) CloseIdleConnections() { s.idle++ }

// TestDeadline: a request goes out with the timeout as its context's
// deadline, ended once the answer's body is closed or the request failed;
// idle connections are closed through it.
func TestDeadline(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"answered", nil},
		{"failed", errors.New("connection refused")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			next := &stubTrip{err: tc.err}
			tr := deadline{next: next, timeout: time.Hour}
			before := time.Now()
			resp, err := tr.RoundTrip(httptest.NewRequest("GET", "https://discord.com/api/v10/x", nil))
			if !errors.Is(err, tc.err) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			ctx := next.sent.Context()
			if d, ok := ctx.Deadline(); !ok || d.Before(before.Add(time.Hour)) || d.After(time.Now().Add(time.Hour)) {
				t.Errorf("deadline %v, %v; want an hour from the request", d, ok)
			}
			if resp != nil {
				if ctx.Err() != nil {
					t.Errorf("the request's context ended before its body was closed: %v", ctx.Err())
				}
				if err := resp.Body.Close(); err != nil {
					t.Fatal(err)
				}
			}
			if ctx.Err() == nil {
				t.Error("the request's context goes on after its end")
			}
			tr.CloseIdleConnections()
			if next.idle != 1 {
				t.Errorf("CloseIdleConnections reached the transport %d times, want 1", next.idle)
			}
		})
	}
}
