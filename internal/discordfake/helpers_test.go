package discordfake

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// rewriteTransport sends requests for https://discord.com/... to the fake,
// keeping the path, as the bot's production transport does for api_url.
type rewriteTransport struct {
	base *url.URL
	next http.RoundTripper
}

func (rt rewriteTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Host == "discord.com" {
		r = r.Clone(r.Context())
		r.URL.Scheme = rt.base.Scheme
		r.URL.Host = rt.base.Host
		r.Host = ""
	}
	return rt.next.RoundTrip(r)
}

// newSession builds a discordgo session that talks to the fake. Nothing
// global of discordgo is changed: the gateway URL comes from the fake's
// GET /gateway answer.
func newSession(t testing.TB, s *Server, token string) *discordgo.Session {
	t.Helper()
	dg, err := discordgo.New("Bot " + token)
	if err != nil {
		t.Fatalf("discordgo.New: %v", err)
	}
	base, err := url.Parse(s.URL())
	if err != nil {
		t.Fatal(err)
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	t.Cleanup(tr.CloseIdleConnections)
	dg.Client = &http.Client{Transport: rewriteTransport{base: base, next: tr}, Timeout: 10 * time.Second}
	dg.LogLevel = -1 // the fake reports problems itself; keep test output readable
	return dg
}

// openBot opens a session with the given interaction handler and closes it
// when the test ends, before the fake closes (cleanups run last-in
// first-out). discordgo's Close sleeps a second after its close frame, so
// the close runs in the background; with reconnects off the session
// cannot come back to life meanwhile.
func openBot(t testing.TB, s *Server, h func(*discordgo.Session, *discordgo.InteractionCreate)) *discordgo.Session {
	t.Helper()
	dg := newSession(t, s, s.Token())
	dg.ShouldReconnectOnError = false
	if h != nil {
		dg.AddHandler(h)
	}
	if err := dg.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { go dg.Close() })
	return dg
}

// ctx returns a context bounded by the test's deadline, if any.
func ctx(t testing.TB) context.Context {
	t.Helper()
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

// restErr extracts Discord's status and code from a discordgo error.
func restErr(t testing.TB, err error) (status, code int) {
	t.Helper()
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		t.Fatalf("want a *discordgo.RESTError, got %v", err)
	}
	if re.Message != nil {
		code = re.Message.Code
	}
	return re.Response.StatusCode, code
}

// wantBreach fails unless exactly the given rules were recorded since the
// last call, and clears them.
func wantBreach(t testing.TB, s *Server, rules ...Rule) {
	t.Helper()
	got := s.TakeBreaches()
	var have []Rule
	for _, b := range got {
		have = append(have, b.Rule)
	}
	for _, r := range rules {
		found := false
		for _, h := range have {
			if h == r {
				found = true
			}
		}
		if !found {
			t.Errorf("want a breach of %s, got %v", r, got)
		}
	}
	if len(rules) == 0 && len(got) > 0 {
		t.Errorf("want no breach, got %v", got)
	}
}

// pngBytes returns a small PNG image.
func pngBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, x%h, color.RGBA{R: 200, A: 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pngFile returns a small PNG image as an upload called name.
func pngFile(t testing.TB, name string) *discordgo.File {
	t.Helper()
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(pngBytes(t, 4, 3))}
}

// respond answers an interaction and reports a failure to the test.
func respond(t testing.TB, dg *discordgo.Session, i *discordgo.Interaction, r *discordgo.InteractionResponse) {
	if err := dg.InteractionRespond(i, r); err != nil {
		t.Errorf("InteractionRespond: %v", err)
	}
}

// noPings is the allowed_mentions the project's policy demands.
func noPings(users ...string) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users}
}

// recordingTB stands in for the test's testing.TB so a test can check
// that the fake fails a test: Errorf and Fatalf are recorded, and Fatalf
// still stops the calling goroutine.
type recordingTB struct {
	testing.TB
	mu     sync.Mutex
	errors []string
	fatals []string
}

func (r *recordingTB) Helper() {}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recordingTB) Fatalf(format string, args ...any) {
	r.mu.Lock()
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
	r.mu.Unlock()
	runtime.Goexit()
}

// fatalOf runs fn on its own goroutine and returns the Fatalf message it
// ended with, or "" if it returned normally.
func (r *recordingTB) fatalOf(fn func()) string {
	r.mu.Lock()
	n := len(r.fatals)
	r.mu.Unlock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	<-done
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.fatals) == n {
		return ""
	}
	return strings.Join(r.fatals[n:], "; ")
}

// chatCommand is a small valid chat-input command.
func chatCommand(name string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
	return &discordgo.ApplicationCommand{Name: name, Description: "Does " + name, Options: opts}
}
