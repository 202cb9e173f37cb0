package discordfake

import (
	"fmt"
	"net/http"
	"time"
)

// Discord's invalid request limit (Discord's "Rate Limits", Invalid Request
// Limit; the developer support article "My Bot is Being Rate Limited"):
// responses with status 401, 403 or 429 count as invalid requests, except
// a 429 whose X-RateLimit-Scope is "shared"; at 10,000 of them within 10
// minutes Cloudflare blocks the bot's IP address for about an hour, which
// takes the whole bot down. Discord counts per IP address; the fake serves
// one bot, so it counts every request it answers.
const (
	// DefaultInvalidRequestLimit is Discord's limit, the default of
	// Options.InvalidRequestLimit.
	DefaultInvalidRequestLimit = 10000
	// InvalidRequestWindow is how long an invalid request counts.
	InvalidRequestWindow = 10 * time.Minute
)

// InvalidRequestTally is what the fake has counted of the invalid-request
// limit. Invariant: InWindow <= Peak <= Total.
type InvalidRequestTally struct {
	// InWindow is how many invalid requests were answered within
	// InvalidRequestWindow up to now, on the fake's clock (Options.Now).
	InWindow int
	// Peak is the most there ever were within one window, counted as
	// each was answered.
	Peak int
	// Total is how many there were since the server started.
	Total int
}

// invalidLog counts invalid requests in a sliding window. Invariants:
// times are the fake-clock times of the invalid responses still in the
// window, oldest first; atLimit is true from the breach recorded when
// len(times) reached the limit until the window slid below it again.
type invalidLog struct {
	times   []time.Time
	peak    int
	total   int
	atLimit bool
}

// slideLocked forgets the invalid requests that left the window at now.
func (l *invalidLog) slideLocked(now time.Time, limit int) {
	i := 0
	for i < len(l.times) && now.Sub(l.times[i]) >= InvalidRequestWindow {
		i++
	}
	l.times = l.times[i:]
	if len(l.times) < limit {
		l.atLimit = false
	}
}

// invalidResponse reports whether Discord counts a response with this
// status and X-RateLimit-Scope as an invalid request.
func invalidResponse(status int, scope string) bool {
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden:
		return true
	case http.StatusTooManyRequests:
		return scope != "shared"
	}
	return false
}

// countInvalid counts an invalid request answered for route and records a
// breach of RuleInvalidRequests when the count reaches the limit.
func (s *Server) countInvalid(r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := &s.invalid
	now := s.now()
	l.slideLocked(now, s.opts.InvalidRequestLimit)
	l.times = append(l.times, now)
	l.total++
	l.peak = max(l.peak, len(l.times))
	if len(l.times) >= s.opts.InvalidRequestLimit && !l.atLimit {
		l.atLimit = true
		s.breachLocked(Breach{
			Rule: RuleInvalidRequests,
			Detail: fmt.Sprintf("%d invalid requests (HTTP 401, 403, or 429 not of scope shared) within %v; at %d Discord blocks the bot's IP address for an hour",
				len(l.times), InvalidRequestWindow, s.opts.InvalidRequestLimit),
			Request: reqName(r),
		})
	}
	s.changedLocked()
}

// invalidTallyLocked returns the tally at the fake's current time.
func (s *Server) invalidTallyLocked() InvalidRequestTally {
	s.invalid.slideLocked(s.now(), s.opts.InvalidRequestLimit)
	return InvalidRequestTally{InWindow: len(s.invalid.times), Peak: s.invalid.peak, Total: s.invalid.total}
}

// InvalidRequests returns the count of invalid requests (responses 401,
// 403, and 429 other than of scope "shared") in the sliding window ending
// now on the fake's clock, the peak, and the total.
func (s *Server) InvalidRequests() InvalidRequestTally {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.invalidTallyLocked()
}

// InvalidRequests returns the invalid-request tally of the snapshot.
func (v *View) InvalidRequests() InvalidRequestTally { return v.invalid }

// statusWriter calls written with the status and headers of the answer
// before they go out, so that whatever written records is in place before
// the client can see the answer. written must not be called with s.mu held,
// so no handler may write its answer while holding it.
type statusWriter struct {
	http.ResponseWriter
	written func(status int, h http.Header)
	done    bool
}

func (w *statusWriter) WriteHeader(status int) {
	if !w.done {
		w.done = true
		w.written(status, w.Header())
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.done {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}
