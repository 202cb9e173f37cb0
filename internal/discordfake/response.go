package discordfake

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Response is what the bot has done so far in answer to an interaction, as
// a snapshot.
type Response struct {
	// Type is the initial response type (4 message, 5 deferred message,
	// 6 deferred update, 7 update, 8 autocomplete, 9 modal); 0 while the
	// interaction is unanswered.
	Type discordgo.InteractionResponseType
	// Acked reports whether a valid initial response arrived; AckLatency
	// is how long after dispatch it did.
	Acked      bool
	AckLatency time.Duration
	// Final reports whether the bot answered in a final way: at once for
	// types 4, 7, 8 and 9; for the deferred types 5 and 6 once @original
	// was edited (or deleted) or a followup was sent.
	Final bool
	// Expired reports that the response deadline passed unanswered.
	Expired bool
	// Message is the latest state of @original: the response message for
	// types 4 and 5, the component's message for types 6 and 7; nil
	// otherwise.
	Message *Message
	// Followups are the latest states of the followup messages, in order
	// (deleted ones have Deleted set).
	Followups []*Message
	// Choices are the autocomplete suggestions (type 8).
	Choices []*discordgo.ApplicationCommandOptionChoice
	// Modal is the modal the bot opened (type 9).
	Modal *Modal
}

// Messages returns @original (if any) followed by the followups.
func (r *Response) Messages() []*Message {
	var out []*Message
	if r.Message != nil {
		out = append(out, r.Message)
	}
	return append(out, r.Followups...)
}

// Content returns the content of @original, or "" if there is none.
func (r *Response) Content() string {
	if r.Message == nil {
		return ""
	}
	return r.Message.Content
}

// Ephemeral reports whether @original is ephemeral.
func (r *Response) Ephemeral() bool { return r.Message != nil && r.Message.Ephemeral() }

// String summarises the response for failure messages.
func (r *Response) String() string {
	switch {
	case r.Expired && !r.Acked:
		return "no response before the deadline"
	case !r.Acked:
		return "no response yet"
	}
	s := fmt.Sprintf("type %d after %v, final=%v", r.Type, r.AckLatency.Round(time.Millisecond), r.Final)
	if r.Message != nil {
		s += fmt.Sprintf(", @original %q", truncate(r.Message.Content, 80))
	}
	if n := len(r.Followups); n > 0 {
		s += fmt.Sprintf(", %d followups", n)
	}
	return s
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// responseLocked snapshots what the bot did for an interaction.
func (s *Server) responseLocked(in *interaction) *Response {
	r := &Response{
		Type:    in.ackType,
		Acked:   in.acked,
		Final:   in.final,
		Expired: in.expired,
		Choices: in.choices,
		Modal:   in.modal,
	}
	if in.acked {
		r.AckLatency = in.ackedAt.Sub(in.dispatchedAt)
	}
	if in.originalID != "" {
		r.Message = s.msgs[in.originalID]
	}
	for _, id := range in.followups {
		r.Followups = append(r.Followups, s.msgs[id])
	}
	return r
}

// Response returns what the bot has done so far for the interaction.
func (h *Interaction) Response() *Response {
	h.s.mu.Lock()
	defer h.s.mu.Unlock()
	return h.s.responseLocked(h.in)
}

// Wait returns once the bot answered the interaction in a final way (see
// Response.Final). The test fails if ctx ends, Options.WaitTimeout passes,
// or the response deadline passes unanswered (unless Options.ExpectBreaches
// is set, in which case the expired response is returned).
func (h *Interaction) Wait(ctx context.Context) *Response {
	h.s.t.Helper()
	return h.wait(ctx, "a final response", func(r *Response) bool { return r.Final })
}

// WaitAck returns once the interaction has an initial response of any type.
func (h *Interaction) WaitAck(ctx context.Context) *Response {
	h.s.t.Helper()
	return h.wait(ctx, "an initial response", func(r *Response) bool { return r.Acked })
}

// WaitUntil returns the first response snapshot for which cond holds; cond
// is rechecked after every change of the server's state.
func (h *Interaction) WaitUntil(ctx context.Context, cond func(*Response) bool) *Response {
	h.s.t.Helper()
	return h.wait(ctx, "the condition", cond)
}

func (h *Interaction) wait(ctx context.Context, what string, cond func(*Response) bool) *Response {
	h.s.t.Helper()
	var last *Response
	ok := h.s.await(ctx, func() { last = h.s.responseLocked(h.in) }, func() bool {
		return cond(last) || (last.Expired && !last.Acked)
	})
	switch {
	case !ok:
		h.s.t.Fatalf("discordfake: interaction %s (%s %q by %s): timed out waiting for %s; so far: %s", h.ID, h.Type, h.Name, h.UserID, what, last)
	case last.Expired && !last.Acked && !cond(last) && !h.s.opts.ExpectBreaches:
		h.s.t.Fatalf("discordfake: interaction %s (%s %q): the bot did not respond within %v", h.ID, h.Type, h.Name, h.s.opts.AckDeadline)
	}
	return last
}

// await takes a snapshot with snap (s.mu held) and tests it with cond (s.mu
// not held, so cond may call Server methods), again after every change,
// until cond holds, ctx ends or Options.WaitTimeout passes; it reports
// whether cond held. It sleeps on the change channel taken with the
// snapshot, so no change can slip between a check and the wait.
func (s *Server) await(ctx context.Context, snap func(), cond func() bool) bool {
	ctx, cancel := context.WithTimeout(ctx, s.opts.WaitTimeout)
	defer cancel()
	for {
		s.mu.Lock()
		snap()
		changed := s.changed
		s.mu.Unlock()
		if cond() {
			return true
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return false
		}
	}
}
