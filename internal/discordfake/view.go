package discordfake

import (
	"context"
	"maps"
)

// View is a consistent snapshot of the fake's state, handed to WaitUntil
// conditions.
type View struct {
	channels  map[string][]*Message
	msgs      map[string]*Message
	responses map[string]*Response
	breaches  []Breach
	sessions  []Session

	notifications []Notification
	denied        []Denial
	refused       []Refusal
	requests      map[Route]int
	invalid       InvalidRequestTally
}

// viewLocked snapshots the state. Message values and the per-channel
// slices are never mutated in place, so sharing them is safe.
func (s *Server) viewLocked() *View {
	v := &View{
		channels:  maps.Clone(s.chanMsgs),
		msgs:      maps.Clone(s.msgs),
		responses: make(map[string]*Response, len(s.interactions)),
		breaches:  append([]Breach(nil), s.breaches...),
		sessions:  s.sessionsLocked(),

		notifications: s.notifications[:len(s.notifications):len(s.notifications)],
		denied:        append([]Denial(nil), s.denied...),
		refused:       append([]Refusal(nil), s.refused...),
		requests:      maps.Clone(s.requests),
		invalid:       s.invalidTallyLocked(),
	}
	for id, in := range s.interactions {
		v.responses[id] = s.responseLocked(in)
	}
	return v
}

// Messages returns the live messages of a channel, oldest first.
func (v *View) Messages(channelID string) []*Message { return v.channels[channelID] }

// LastMessage returns the newest live message of a channel, or nil.
func (v *View) LastMessage(channelID string) *Message {
	ms := v.channels[channelID]
	if len(ms) == 0 {
		return nil
	}
	return ms[len(ms)-1]
}

// Message returns a message by id (deleted ones have Deleted set), or nil.
func (v *View) Message(id string) *Message { return v.msgs[id] }

// Response returns what the bot did for a dispatched interaction, or nil
// if it was not dispatched.
func (v *View) Response(h *Interaction) *Response { return v.responses[h.ID] }

// Breaches returns the breaches recorded so far.
func (v *View) Breaches() []Breach { return v.breaches }

// Sessions returns the gateway sessions so far.
func (v *View) Sessions() []Session { return v.sessions }

// Denied returns the requests refused for lack of permissions so far.
func (v *View) Denied() []Denial { return v.denied }

// Requests returns how many requests had reached a route.
func (v *View) Requests(route Route) int { return v.requests[route] }

// WaitUntil returns the first View for which cond holds, rechecking after
// every change (message stored or edited, notification, response, breach,
// denial, refusal, session, request, fault or hold).
// cond runs without the server's lock held, so it may call Server methods.
// The test fails if ctx ends or Options.WaitTimeout passes first.
func (s *Server) WaitUntil(ctx context.Context, cond func(v *View) bool) *View {
	s.t.Helper()
	var v *View
	if !s.await(ctx, func() { v = s.viewLocked() }, func() bool { return cond(v) }) {
		s.t.Fatalf("discordfake: WaitUntil: condition not met before the timeout")
	}
	return v
}

// WaitForMessage waits until the channel's newest message satisfies cond
// and returns it; a convenience over WaitUntil.
func (s *Server) WaitForMessage(ctx context.Context, channelID string, cond func(*Message) bool) *Message {
	s.t.Helper()
	v := s.WaitUntil(ctx, func(v *View) bool {
		m := v.LastMessage(channelID)
		return m != nil && cond(m)
	})
	return v.LastMessage(channelID)
}
