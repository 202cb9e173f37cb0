package discordfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// validCallbacks lists the initial response types Discord accepts for each
// kind of interaction.
var validCallbacks = map[discordgo.InteractionType][]discordgo.InteractionResponseType{
	discordgo.InteractionApplicationCommand: {
		discordgo.InteractionResponseChannelMessageWithSource,
		discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseModal,
	},
	discordgo.InteractionMessageComponent: {
		discordgo.InteractionResponseChannelMessageWithSource,
		discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseDeferredMessageUpdate,
		discordgo.InteractionResponseUpdateMessage,
		discordgo.InteractionResponseModal,
	},
	discordgo.InteractionApplicationCommandAutocomplete: {
		discordgo.InteractionApplicationCommandAutocompleteResult,
	},
	discordgo.InteractionModalSubmit: {
		discordgo.InteractionResponseChannelMessageWithSource,
		discordgo.InteractionResponseDeferredChannelMessageWithSource,
		discordgo.InteractionResponseDeferredMessageUpdate,
		discordgo.InteractionResponseUpdateMessage,
	},
}

// callbackBody is a decoded interaction callback: the response type and
// its data.
type callbackBody struct {
	typ discordgo.InteractionResponseType
	p   *msgPayload
}

// handleCallback is POST /interactions/{id}/{token}/callback: the initial
// response to an interaction. It is answered 204, or with
// ?with_response=true 200 and the interaction callback response object.
func (s *Server) handleCallback(w http.ResponseWriter, r *http.Request) {
	arrived := time.Now() // the 3-second deadline is on real time
	cb, ok := s.readCallback(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	in, answer := s.admitCallbackLocked(r, cb.typ, arrived)
	if answer != nil {
		s.mu.Unlock()
		answer(w)
		return
	}
	c := checker{prefix: "data."}
	created, updated, e := s.callbackMessageLocked(&c, r, in, cb)
	if e != nil {
		s.mu.Unlock()
		e.write(w)
		return
	}
	if len(c.vs) > 0 {
		s.mu.Unlock()
		s.reject(w, r, in.id, c.vs)
		return
	}
	s.commitCallbackLocked(r, in, cb, created, updated, arrived)
	var body []byte
	if withResponse(r) {
		body = s.callbackResponseLocked(in)
	}
	s.mu.Unlock()
	if body == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeRaw(w, http.StatusOK, body)
}

// readCallback reads a callback's body, answering the request itself when
// it cannot be read.
func (s *Server) readCallback(w http.ResponseWriter, r *http.Request) (callbackBody, bool) {
	id := r.PathValue("id")
	r.Body = http.MaxBytesReader(w, r.Body, (maxFiles+1)*s.opts.MaxFileSize+(8<<20))
	doc, files, err := s.readBody(r)
	if err != nil {
		s.unreadable(w, r, id, err)
		return callbackBody{}, false
	}
	var top struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := json.Unmarshal(doc, &top); err != nil {
		s.malformed(w, r, id, err)
		return callbackBody{}, false
	}
	p, err := parseMessagePayload(top.Data, files)
	if err != nil {
		s.malformed(w, r, id, err)
		return callbackBody{}, false
	}
	return callbackBody{top.Type, p}, true
}

// admitCallbackLocked finds the interaction a callback answers and checks
// that it may be answered now, with this type. When it may not, it records
// what the bot did wrong and returns the answer to give once s.mu is
// released.
func (s *Server) admitCallbackLocked(r *http.Request, typ discordgo.InteractionResponseType, arrived time.Time) (*interaction, func(http.ResponseWriter)) {
	id := r.PathValue("id")
	in := s.interactions[id]
	if in == nil || in.token != r.PathValue("token") {
		s.breachLocked(Breach{Rule: RuleInteractionGone, Detail: "Unknown interaction", Request: reqName(r), InteractionID: id})
		return nil, (&apiError{http.StatusNotFound, 10062, "Unknown interaction"}).write
	}
	if e := s.interactionChannelLocked(RouteCallback, in); e != nil {
		return nil, e.write
	}
	if in.acked {
		if !in.ackUnseen {
			// A bot that knows it answered must not answer again; one whose
			// answer's outcome was unknown to it (a 5xx) may try again, and
			// learns from Discord's 40060 that the first was made.
			s.breachLocked(Breach{Rule: RuleAlreadyAcked, Detail: fmt.Sprintf("a second initial response (type %d) after type %d", typ, in.ackType), Request: reqName(r), InteractionID: id})
		}
		return nil, (&apiError{http.StatusBadRequest, 40060, "Interaction has already been acknowledged."}).write
	}
	if late := arrived.Sub(in.dispatchedAt); in.expired || late > s.opts.AckDeadline {
		if !in.expired {
			in.expired = true
			s.breachLocked(Breach{Rule: RuleAckDeadline, Detail: fmt.Sprintf("initial response arrived %v after INTERACTION_CREATE; the limit is %v", late.Round(time.Millisecond), s.opts.AckDeadline), Request: reqName(r), InteractionID: id})
		}
		return nil, (&apiError{http.StatusNotFound, 10062, "Unknown interaction"}).write
	}
	if !slices.Contains(validCallbacks[in.kind], typ) {
		vs := []violation{{rule: RuleCallbackType, path: "type", code: "INTERACTION_RESPONSE_TYPE_INVALID",
			msg: fmt.Sprintf("response type %d is not valid for a %v interaction (valid: %v)", typ, in.kind, validCallbacks[in.kind])}}
		return nil, func(w http.ResponseWriter) { s.reject(w, r, id, vs) }
	}
	return in, nil
}

// callbackMessageLocked checks a callback's data for its type and builds
// the message it creates (types 4 and 5) or the new state of the
// component's message (type 7), without storing either. Broken rules go to
// c; a component message that is gone is returned as an error.
func (s *Server) callbackMessageLocked(c *checker, r *http.Request, in *interaction, cb callbackBody) (created, updated *Message, e *apiError) {
	p := cb.p
	switch cb.typ {
	case discordgo.InteractionResponseChannelMessageWithSource:
		created = s.newMessageLocked(c, p, in.channelID, interactionFlags)
		s.ownLocked(created, in)
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		if bad := p.Flags &^ discordgo.MessageFlagsEphemeral; p.has("flags") && bad != 0 {
			c.add(RuleFlags, "flags", "MESSAGE_FLAGS_INVALID", "a deferred response takes only the EPHEMERAL flag (got %d)", p.Flags)
		}
		created = &Message{
			ID:        s.newID(),
			ChannelID: in.channelID,
			GuildID:   in.guildID,
			Author:    s.botUser(),
			Flags:     discordgo.MessageFlagsLoading | p.Flags&discordgo.MessageFlagsEphemeral,
			CreatedAt: s.now(),
		}
		s.ownLocked(created, in)
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		src := s.msgs[in.sourceMsgID]
		if src == nil || src.Deleted {
			what := "Unknown Message (the message of the component is gone)"
			s.breachLocked(Breach{Rule: RuleUnknownMessage, Detail: what, Request: reqName(r), InteractionID: in.id})
			return nil, nil, &apiError{http.StatusNotFound, 10008, what}
		}
		if cb.typ == discordgo.InteractionResponseUpdateMessage {
			updated = s.editMessageLocked(c, src, p, apiVersion(r) != "9")
		}
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		if !p.has("choices") {
			c.add(RuleAutocomplete, "choices", "BASE_TYPE_REQUIRED", "an autocomplete result needs a choices array (it may be empty)")
		}
		checkChoices(c, p.Choices)
	case discordgo.InteractionResponseModal:
		checkModal(c, p)
	}
	if cb.typ != discordgo.InteractionResponseChannelMessageWithSource && cb.typ != discordgo.InteractionResponseUpdateMessage {
		// Files no message takes are checked all the same: every image
		// uploaded with any request must decode.
		for i := range p.Files {
			checkImage(c, &p.Files[i], p.Files[i].filename)
		}
	}
	return created, updated, nil
}

// commitCallbackLocked records a valid initial response and its effect.
func (s *Server) commitCallbackLocked(r *http.Request, in *interaction, cb callbackBody, created, updated *Message, arrived time.Time) {
	in.acked = true
	in.ackType = cb.typ
	in.ackedAt = arrived
	in.timer.Stop()
	switch cb.typ {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		in.originalID = created.ID
		s.storeNewLocked(created)
	case discordgo.InteractionResponseDeferredMessageUpdate:
		in.originalID = in.sourceMsgID
	case discordgo.InteractionResponseUpdateMessage:
		in.originalID = in.sourceMsgID
		s.replaceLocked(updated)
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		in.choices = cb.p.Choices
		if in.choices == nil {
			in.choices = []*discordgo.ApplicationCommandOptionChoice{}
		}
	case discordgo.InteractionResponseModal:
		in.modal = &Modal{CustomID: cb.p.CustomID, Title: cb.p.Title, Components: cb.p.Components}
	}
	switch cb.typ {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
		in.final = true
		s.mentionPolicyLocked(r, in.id, cb.p)
	case discordgo.InteractionApplicationCommandAutocompleteResult, discordgo.InteractionResponseModal:
		in.final = true
	}
	s.changedLocked()
}

// ownLocked marks m as belonging to interaction in: its ephemeral copy is
// seen only by the user who acted.
func (s *Server) ownLocked(m *Message, in *interaction) {
	m.InteractionID = in.id
	m.GuildID = in.guildID
	if m.Ephemeral() {
		m.VisibleTo = in.userID
	}
	if in.kind == discordgo.InteractionApplicationCommand {
		m.Type = discordgo.MessageTypeChatInputCommand
	}
}

// webhookInteraction finds the interaction behind /webhooks/{app}/{token}
// and checks that the token may be used now, answering the request itself
// when it may not.
func (s *Server) webhookInteraction(w http.ResponseWriter, r *http.Request) (*interaction, bool) {
	app, token := r.PathValue("app"), r.PathValue("token")
	s.mu.Lock()
	in := s.byToken[token]
	s.mu.Unlock()
	switch {
	case in == nil || app != s.opts.ApplicationID:
		s.unknown(w, r, RuleUnknownResource, "", 10015, "Unknown Webhook")
		return nil, false
	case time.Since(in.dispatchedAt) > s.opts.TokenLifetime:
		s.breach(Breach{Rule: RuleTokenExpired, Detail: fmt.Sprintf("interaction token used %v after the interaction; tokens last %v", time.Since(in.dispatchedAt).Round(time.Second), s.opts.TokenLifetime), Request: reqName(r), InteractionID: in.id})
		writeError(w, http.StatusUnauthorized, 50027, "Invalid Webhook Token", nil)
		return nil, false
	}
	s.mu.Lock()
	gone := s.interactionChannelLocked(routeOf(r), in)
	acked, ackType := in.acked, in.ackType
	s.mu.Unlock()
	switch {
	case gone != nil:
		gone.write(w)
		return nil, false
	case !acked:
		s.unknown(w, r, RuleNotAcked, in.id, 10015, "Unknown Webhook (the interaction has no initial response yet; respond with InteractionRespond first)")
		return nil, false
	case ackType == discordgo.InteractionApplicationCommandAutocompleteResult:
		s.unknown(w, r, RuleCallbackType, in.id, 10015, "Unknown Webhook (autocomplete interactions take no followups or edits)")
		return nil, false
	}
	return in, true
}

// webhookMessageLocked resolves {msg} of /webhooks/{app}/{token}/messages/{msg}:
// "@original" or the id of the original response or of a followup.
func (s *Server) webhookMessageLocked(in *interaction, ref string) (*Message, string) {
	id := ref
	if ref == "@original" {
		id = in.originalID
		if id == "" {
			return nil, "Unknown Message (this interaction's response created no message)"
		}
	} else if id != in.originalID && !slices.Contains(in.followups, id) {
		return nil, "Unknown Message (not a response or followup of this interaction)"
	}
	m := s.msgs[id]
	if m == nil {
		return nil, "Unknown Message"
	}
	return m, ""
}

func (s *Server) handleWebhookGet(w http.ResponseWriter, r *http.Request) {
	in, ok := s.webhookInteraction(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	m, why := s.webhookMessageLocked(in, r.PathValue("msg"))
	if m == nil {
		s.mu.Unlock()
		s.unknown(w, r, RuleUnknownMessage, in.id, 10008, why)
		return
	}
	if m.Deleted {
		s.mu.Unlock()
		writeError(w, http.StatusNotFound, 10008, "Unknown Message", nil)
		return
	}
	body := s.wireJSONLocked(m)
	s.mu.Unlock()
	writeRaw(w, http.StatusOK, body)
}

func (s *Server) handleWebhookEdit(w http.ResponseWriter, r *http.Request) {
	in, ok := s.webhookInteraction(w, r)
	if !ok {
		return
	}
	p, ok := s.readPayload(w, r, in.id)
	if !ok {
		return
	}
	s.mu.Lock()
	if e := s.interactionChannelLocked(RouteWebhookEdit, in); e != nil {
		s.mu.Unlock()
		e.write(w) // the channel went while the body was read
		return
	}
	old, why := s.webhookMessageLocked(in, r.PathValue("msg"))
	if old == nil {
		s.mu.Unlock()
		s.unknown(w, r, RuleUnknownMessage, in.id, 10008, why)
		return
	}
	if old.Deleted {
		s.mu.Unlock()
		writeError(w, http.StatusNotFound, 10008, "Unknown Message", nil)
		return
	}
	var c checker
	m := s.editMessageLocked(&c, old, p, apiVersion(r) != "9")
	if len(c.vs) > 0 {
		s.mu.Unlock()
		s.reject(w, r, in.id, c.vs)
		return
	}
	s.replaceLocked(m)
	if m.ID == in.originalID {
		in.final = true
	}
	s.mentionPolicyLocked(r, in.id, p)
	body := s.wireJSONLocked(m)
	s.mu.Unlock()
	writeRaw(w, http.StatusOK, body)
}

func (s *Server) handleWebhookDelete(w http.ResponseWriter, r *http.Request) {
	in, ok := s.webhookInteraction(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	m, why := s.webhookMessageLocked(in, r.PathValue("msg"))
	if m == nil {
		s.mu.Unlock()
		s.unknown(w, r, RuleUnknownMessage, in.id, 10008, why)
		return
	}
	if !m.Deleted {
		s.deleteMessageLocked(m.ID)
	}
	if m.ID == in.originalID {
		in.final = true
	}
	s.changedLocked()
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// handleFollowup is POST /webhooks/{app}/{token}: a followup message. As
// Discord keeps doing for backward compatibility, the first followup after
// a deferred channel message replaces the loading message instead of
// posting a new one, and keeps the deferral's ephemerality.
func (s *Server) handleFollowup(w http.ResponseWriter, r *http.Request) {
	in, ok := s.webhookInteraction(w, r)
	if !ok {
		return
	}
	p, ok := s.readPayload(w, r, in.id)
	if !ok {
		return
	}
	s.mu.Lock()
	if e := s.interactionChannelLocked(RouteFollowup, in); e != nil {
		s.mu.Unlock()
		e.write(w) // the channel went while the body was read
		return
	}
	var c checker
	var m *Message
	orig := s.msgs[in.originalID]
	completes := in.ackType == discordgo.InteractionResponseDeferredChannelMessageWithSource &&
		orig != nil && !orig.Deleted && orig.Loading() && len(in.followups) == 0
	if completes {
		if bad := p.Flags &^ interactionFlags; bad != 0 {
			c.add(RuleFlags, "flags", "MESSAGE_FLAGS_INVALID", "flags not allowed here (flags %d)", bad)
		}
		m = s.editMessageLocked(&c, orig, p, apiVersion(r) != "9")
	} else {
		m = s.newMessageLocked(&c, p, in.channelID, interactionFlags)
		s.ownLocked(m, in)
	}
	if len(c.vs) > 0 {
		s.mu.Unlock()
		s.reject(w, r, in.id, c.vs)
		return
	}
	if completes {
		s.replaceLocked(m)
	} else {
		in.followups = append(in.followups, m.ID)
		s.storeNewLocked(m)
	}
	in.final = true
	s.mentionPolicyLocked(r, in.id, p)
	body := s.wireJSONLocked(m)
	s.changedLocked()
	s.mu.Unlock()
	if r.URL.Query().Get("wait") != "true" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeRaw(w, http.StatusOK, body)
}
