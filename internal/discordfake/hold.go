package discordfake

import (
	"bytes"
	"context"
	"io"
	"net/http"
)

// Hold holds the next request to a route before the server processes it,
// so that a test can act while the request is in flight (kill the bot,
// say) and then decide whether it ever reached Discord. Make one with
// Server.Hold.
//
// A held request has been received whole but has had no effect. Holding
// it blocks nothing else: other requests, to any route, go on being
// served, and Close drops whatever is still held. (discordgo itself sends
// one request per rate-limit bucket at a time, so the same client's next
// request to the same route waits for the held one, as it would if
// Discord were slow.)
type Hold struct {
	s     *Server
	route Route

	// Guarded by s.mu.
	state holdState
	// settled is closed when a request is held or the hold is cancelled.
	settled chan struct{}
	// decision carries Release's choice to the held request's handler.
	decision chan bool
	// done is closed when the held request has been processed or dropped.
	done chan struct{}
}

type holdState int

const (
	holdWaiting  holdState = iota // no request held yet
	holdHeld                      // a request is held
	holdReleased                  // released (or cancelled before any request)
)

// Hold arranges for the next request to a route to be held before it is
// processed. Several Holds on one route hold successive requests. A Hold
// is taken before any queued Fault.
func (s *Server) Hold(route Route) *Hold {
	s.t.Helper()
	h := &Hold{s: s, route: route, settled: make(chan struct{}), decision: make(chan bool, 1), done: make(chan struct{})}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.routeSet[route] {
		s.t.Fatalf("discordfake: Hold: %q is not a route the fake serves", route)
	}
	if s.closed {
		h.state = holdReleased
		close(h.settled)
		close(h.done)
		return h
	}
	s.holds[route] = append(s.holds[route], h)
	s.changedLocked()
	return h
}

// Wait waits until a request is held and reports true, or reports false
// if ctx ends, Options.WaitTimeout passes, the hold was released before
// any request came, or the server closed.
func (h *Hold) Wait(ctx context.Context) bool {
	ctx, cancel := context.WithTimeout(ctx, h.s.opts.WaitTimeout)
	defer cancel()
	select {
	case <-h.settled:
	case <-ctx.Done():
	case <-h.s.done:
	}
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return h.state == holdHeld
}

// Release lets the held request go. With apply the server processes it
// now: its effect happens (the message is posted, say) and the answer goes
// to the client if it is still connected. Without apply the request is
// dropped with no effect, answered with a 500 if anyone still listens.
// Release returns once the request has been processed or dropped. Called
// before any request was held, it cancels the hold; called again, it does
// nothing.
func (h *Hold) Release(apply bool) {
	s := h.s
	s.mu.Lock()
	switch h.state {
	case holdWaiting:
		h.state = holdReleased
		q := s.holds[h.route]
		for i, x := range q {
			if x == h {
				s.holds[h.route] = append(q[:i:i], q[i+1:]...)
				break
			}
		}
		close(h.settled)
		close(h.done)
		s.changedLocked()
		s.mu.Unlock()
		return
	case holdReleased:
		s.mu.Unlock()
		<-h.done
		return
	}
	h.state = holdReleased
	delete(s.held, h)
	s.changedLocked()
	s.mu.Unlock()
	h.decision <- apply
	<-h.done
}

// holdRequest holds r if a Hold waits for its route. It returns the Hold
// (nil if the request was not held) and whether the request is to be
// processed; when it is not, the request has been answered already.
func (s *Server) holdRequest(route Route, w http.ResponseWriter, r *http.Request) (*Hold, bool) {
	s.mu.Lock()
	waiting := len(s.holds[route]) > 0 && !s.closed
	s.mu.Unlock()
	if !waiting {
		return nil, true
	}
	// Read the whole body first: a held request is one Discord has
	// received, and a client killed meanwhile must not cut it short.
	body, err := io.ReadAll(io.LimitReader(r.Body, (maxFiles+1)*s.opts.MaxFileSize+(8<<20)+1))
	if err != nil {
		return nil, false // the client went away before the request arrived whole
	}
	r.Body = io.NopCloser(bytes.NewReader(body))

	s.mu.Lock()
	q := s.holds[route]
	if len(q) == 0 || s.closed {
		s.mu.Unlock()
		return nil, true // another request took the hold meanwhile
	}
	h := q[0]
	s.holds[route] = q[1:]
	h.state = holdHeld
	s.held[h] = struct{}{}
	close(h.settled)
	s.changedLocked()
	s.mu.Unlock()

	if apply := <-h.decision; !apply {
		writeError(w, http.StatusInternalServerError, 0, "500: Internal Server Error", nil)
		return h, false
	}
	return h, true
}

// finish marks the held request as processed or dropped.
func (h *Hold) finish() { close(h.done) }

// dropHoldsLocked cancels every waiting hold and returns the held ones,
// for Close to release (dropped) once s.mu is free.
func (s *Server) dropHoldsLocked() []*Hold {
	for route, q := range s.holds {
		for _, h := range q {
			h.state = holdReleased
			close(h.settled)
			close(h.done)
		}
		delete(s.holds, route)
	}
	held := make([]*Hold, 0, len(s.held))
	for h := range s.held {
		held = append(held, h)
	}
	return held
}
