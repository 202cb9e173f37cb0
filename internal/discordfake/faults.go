package discordfake

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"math"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"time"
)

// Route names one of the REST endpoints the fake serves, as "METHOD
// /path" with Discord's path parameters in braces, for every API version
// alike. Fail, Hold and Requests take routes.
type Route string

// Routes of the requests a bot posting game announcements makes. Every
// endpoint the fake serves is a Route; these are the ones with names.
const (
	RouteCreateMessage Route = "POST /channels/{channel}/messages"
	RouteListMessages  Route = "GET /channels/{channel}/messages"
	RouteGetMessage    Route = "GET /channels/{channel}/messages/{msg}"
	RouteEditMessage   Route = "PATCH /channels/{channel}/messages/{msg}"
	RouteDeleteMessage Route = "DELETE /channels/{channel}/messages/{msg}"
	RouteGetChannel    Route = "GET /channels/{channel}"
	RouteCreateDM      Route = "POST /users/@me/channels"
	RouteCallback      Route = "POST /interactions/{id}/{token}/callback"
	RouteFollowup      Route = "POST /webhooks/{app}/{token}"
	RouteWebhookGet    Route = "GET /webhooks/{app}/{token}/messages/{msg}"
	RouteWebhookEdit   Route = "PATCH /webhooks/{app}/{token}/messages/{msg}"
	RouteWebhookDelete Route = "DELETE /webhooks/{app}/{token}/messages/{msg}"
)

// Fault is a failure Discord answers one request with instead of its
// normal answer.
//
// Status 429 is a rate limit, answered as Discord's "Rate Limits" page
// documents: a JSON body {"message", "retry_after" (seconds, a float),
// "global"} with the headers Retry-After (whole seconds, rounded up) and
// X-RateLimit-Limit, -Remaining (0), -Reset, -Reset-After, -Bucket and
// -Scope (Scope, default "user"; "global" also sets X-RateLimit-Global and
// "global": true). Such a request has no effect; discordgo sleeps
// retry_after and sends it again by itself. Like Discord, the fake counts
// every 429 but those of scope "shared" as an invalid request (see
// InvalidRequests), whether it was queued with Fail or ruled by FailIf.
//
// Any other status (a 5xx as a rule) is answered with Discord's error JSON
// {"message": "500: Internal Server Error", "code": 0}. With Applied the
// request first takes effect as usual (the message is posted, the
// interaction answered) and the error is returned anyway: the outcome the
// client cannot know, as when Discord's gateway times out behind a request
// that went through. Note that discordgo itself retries a 502 up to
// three times.
type Fault struct {
	Status     int
	RetryAfter time.Duration // for 429: how long the client must wait
	Scope      string        // for 429: "user" (when empty), "global" or "shared"
	Applied    bool          // for 5xx: the request takes effect all the same
}

// problem says what is wrong with a fault, or "" if it can be served.
func (f Fault) problem() string {
	switch {
	case f.Status < 400 || f.Status > 599:
		return fmt.Sprintf("status %d is not an HTTP error", f.Status)
	case f.Applied && f.Status < 500:
		return fmt.Sprintf("only a 5xx may be Applied (got %d)", f.Status)
	case f.RetryAfter < 0:
		return fmt.Sprintf("negative RetryAfter %v", f.RetryAfter)
	case f.Scope != "" && f.Status != http.StatusTooManyRequests:
		return fmt.Sprintf("only a 429 has a Scope (got %d)", f.Status)
	case f.Scope != "" && f.Scope != "user" && f.Scope != "global" && f.Scope != "shared":
		return fmt.Sprintf("Scope %q is not user, global or shared", f.Scope)
	}
	return ""
}

// Fail queues faults for a route: each of the next requests that reach it
// gets the next fault, in order, after any Hold on the route. Requests
// that are refused earlier (bad token) take none.
func (s *Server) Fail(route Route, faults ...Fault) {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.routeSet[route] {
		s.t.Fatalf("discordfake: Fail: %q is not a route the fake serves", route)
	}
	for _, f := range faults {
		if p := f.problem(); p != "" {
			s.t.Fatalf("discordfake: Fail: %s", p)
		}
	}
	s.faults[route] = append(s.faults[route], faults...)
	s.changedLocked()
}

// FaultRequest is what a FailIf rule learns of a request to its route.
type FaultRequest struct {
	// Route is the rule's route.
	Route Route
	// ChannelID is the {channel} of a channel route, or the channel of the
	// interaction for the interaction routes; "" for other routes.
	ChannelID string
	// GuildID is the {guild} of a guild route, or the guild of ChannelID;
	// "" for a DM or a route about neither.
	GuildID string
	// InteractionID is the {id} of a callback, or the interaction whose
	// token an interaction webhook request carries; "" otherwise.
	InteractionID string
	// Files reports a multipart/form-data body: discordgo sends one
	// exactly when the request uploads files.
	Files bool
	// Now is the fake's clock (Options.Now) when the request came.
	Now time.Time
}

// FailIf sets the rule for a route: for each request to it that no queued
// Fault (see Fail) takes, after any Hold, rule is asked whether to fail it
// and with which Fault; a Fault it cannot serve (see Fail) is reported as
// a test error and the request served normally. A rule stands until
// replaced; a nil rule removes it. It is the way to model an outage of
// some channels among thousands, or of uploads only. rule runs on the
// server's goroutines, without its lock: it may call the Server's
// getters, but not t.Fatal, the Wait* helpers or the dispatch helpers.
// Keep in mind that discordgo retries a 429 by itself, for ever (with
// ShouldRetryOnRateLimit, its default), so a rule answering 429 for good
// keeps a discordgo call waiting; and that every 429 not of scope "shared"
// counts as an invalid request.
func (s *Server) FailIf(route Route, rule func(FaultRequest) (Fault, bool)) {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.routeSet[route] {
		s.t.Fatalf("discordfake: FailIf: %q is not a route the fake serves", route)
	}
	if rule == nil {
		delete(s.rules, route)
	} else {
		s.rules[route] = rule
	}
	s.changedLocked()
}

// faultRequestLocked describes r for a FailIf rule.
func (s *Server) faultRequestLocked(route Route, r *http.Request) FaultRequest {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	fr := FaultRequest{
		Route:     route,
		ChannelID: r.PathValue("channel"),
		GuildID:   r.PathValue("guild"),
		Files:     mt == "multipart/form-data",
		Now:       s.now(),
	}
	var in *interaction
	switch {
	case route == RouteCallback:
		fr.InteractionID = r.PathValue("id")
		in = s.interactions[fr.InteractionID]
	case r.PathValue("token") != "":
		if in = s.byToken[r.PathValue("token")]; in != nil {
			fr.InteractionID = in.id
		}
	}
	if in != nil && fr.ChannelID == "" {
		fr.ChannelID, fr.GuildID = in.channelID, in.guildID
	}
	if c := s.anyChannelLocked(fr.ChannelID); c != nil && fr.GuildID == "" {
		fr.GuildID = c.GuildID
	}
	return fr
}

// nextFault takes the fault a request gets: the next queued one, else the
// one the route's rule gives, if any.
func (s *Server) nextFault(route Route, r *http.Request) (Fault, bool) {
	s.mu.Lock()
	if q := s.faults[route]; len(q) > 0 {
		s.faults[route] = q[1:]
		s.changedLocked()
		s.mu.Unlock()
		return q[0], true
	}
	rule := s.rules[route]
	if rule == nil {
		s.mu.Unlock()
		return Fault{}, false
	}
	fr := s.faultRequestLocked(route, r)
	s.mu.Unlock()
	f, ok := rule(fr)
	if !ok {
		return Fault{}, false
	}
	if p := f.problem(); p != "" {
		s.mu.Lock()
		if !s.closed {
			s.t.Errorf("discordfake: the FailIf rule of %s gave a fault the fake cannot serve (%s); the request was served normally", route, p)
		}
		s.mu.Unlock()
		return Fault{}, false
	}
	return f, true
}

// Faults returns how many faults queued for a route are still to come.
func (s *Server) Faults(route Route) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.faults[route])
}

// Requests returns how many requests have reached a route so far: every
// one, including those refused, faulted, held or retried.
func (s *Server) Requests(route Route) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[route]
}

// counted counts the requests reaching a route, and its invalid answers
// (see InvalidRequests) as they are written.
func (s *Server) counted(route Route, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests[route]++
		s.changedLocked()
		s.mu.Unlock()
		next.ServeHTTP(&statusWriter{ResponseWriter: w, written: func(status int, h http.Header) {
			if invalidResponse(status, h.Get("X-RateLimit-Scope")) {
				s.countInvalid(r)
			}
		}}, r)
	})
}

// intercept applies a pending Hold, then a queued Fault or the route's
// FailIf rule, before handing the request to its handler.
func (s *Server) intercept(route Route, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		hold, ok := s.holdRequest(route, w, r)
		if hold != nil {
			defer hold.finish()
		}
		if !ok {
			return
		}
		f, faulted := s.nextFault(route, r)
		switch {
		case !faulted:
			h(w, r)
		case f.Status == http.StatusTooManyRequests:
			writeRateLimited(w, route, f)
		default:
			if f.Applied {
				h(httptest.NewRecorder(), r)
				if route == RouteCallback {
					s.mu.Lock()
					if in := s.interactions[r.PathValue("id")]; in != nil && in.acked {
						in.ackUnseen = true
					}
					s.mu.Unlock()
				}
			}
			writeError(w, f.Status, 0, fmt.Sprintf("%d: %s", f.Status, http.StatusText(f.Status)), nil)
		}
	}
}

// writeRateLimited answers 429 as Discord does for a rate limit of the
// fault's scope. X-RateLimit-Reset is an epoch time the client waits for,
// so it is on real time, not on the fake's clock.
func writeRateLimited(w http.ResponseWriter, route Route, f Fault) {
	secs := f.RetryAfter.Seconds()
	sum := sha1.Sum([]byte(route))
	scope := f.Scope
	if scope == "" {
		scope = "user"
	}
	h := w.Header()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	h.Set("X-RateLimit-Limit", "5")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(time.Now().Add(f.RetryAfter).UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", hex.EncodeToString(sum[:8]))
	h.Set("X-RateLimit-Scope", scope)
	if scope == "global" {
		h.Set("X-RateLimit-Global", "true")
	}
	writeJSON(w, http.StatusTooManyRequests, map[string]any{
		"message":     "You are being rate limited.",
		"retry_after": secs,
		"global":      scope == "global",
	})
}
