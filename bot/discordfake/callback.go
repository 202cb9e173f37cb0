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

// handleCallback is POST /interactions/{id}/{token}/callback: the initial
// response to an interaction.
func (s *Server) handleCallback(w http.ResponseWriter, r *http.Request) {
	id, token := r.PathValue("id"), r.PathValue("token")
	arrived := time.Now()

	r.Body = http.MaxBytesReader(w, r.Body, (maxFiles+1)*s.opts.MaxFileSize+(8<<20))
	doc, files, err := readBody(r, s.opts.MaxFileSize)
	if err != nil {
		s.unreadable(w, r, id, err)
		return
	}
	var top struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := json.Unmarshal(doc, &top); err != nil {
		s.malformed(w, r, id, err)
		return
	}
	p, err := parseMessagePayload(top.Data, files)
	if err != nil {
		s.malformed(w, r, id, err)
		return
	}

	s.mu.Lock()
	in := s.interactions[id]
	if in == nil || in.token != token {
		s.mu.Unlock()
		s.unknown(w, r, RuleInteractionGone, id, 10062, "Unknown interaction")
		return
	}
	if e := s.interactionChannelLocked(RouteCallback, in); e != nil {
		s.mu.Unlock()
		e.write(w)
		return
	}
	if in.acked {
		if !in.ackUnseen {
			// A bot that knows it answered must not answer again; one whose
			// answer's outcome was unknown to it (a 5xx) may try again, and
			// learns from Discord's 40060 that the first was made.
			s.breachLocked(Breach{Rule: RuleAlreadyAcked, Detail: fmt.Sprintf("a second initial response (type %d) after type %d", top.Type, in.ackType), Request: reqName(r), InteractionID: id})
		}
		s.mu.Unlock()
		writeError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.", nil)
		return
	}
	if late := arrived.Sub(in.dispatchedAt); in.expired || late > s.opts.AckDeadline {
		if !in.expired {
			in.expired = true
			s.breachLocked(Breach{Rule: RuleAckDeadline, Detail: fmt.Sprintf("initial response arrived %v after INTERACTION_CREATE; the limit is %v", late.Round(time.Millisecond), s.opts.AckDeadline), Request: reqName(r), InteractionID: id})
		}
		s.mu.Unlock()
		writeError(w, http.StatusNotFound, 10062, "Unknown interaction", nil)
		return
	}
	if !slices.Contains(validCallbacks[in.kind], top.Type) {
		s.mu.Unlock()
		s.reject(w, r, id, []violation{{rule: RuleCallbackType, path: "type", code: "INTERACTION_RESPONSE_TYPE_INVALID",
			msg: fmt.Sprintf("response type %d is not valid for a %v interaction (valid: %v)", top.Type, in.kind, validCallbacks[in.kind])}})
		return
	}

	c := checker{prefix: "data."}
	var created, updated *Message
	switch top.Type {
	case discordgo.InteractionResponseChannelMessageWithSource:
		m := s.newMessageLocked(&c, p, in.channelID, interactionFlags)
		s.ownLocked(m, in)
		created = m
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		if bad := p.Flags &^ discordgo.MessageFlagsEphemeral; p.has("flags") && bad != 0 {
			c.add(RuleFlags, "flags", "MESSAGE_FLAGS_INVALID", "a deferred response takes only the EPHEMERAL flag (got %d)", p.Flags)
		}
		m := &Message{
			ID:        s.newID(),
			ChannelID: in.channelID,
			GuildID:   in.guildID,
			Author:    s.botUser(),
			Flags:     discordgo.MessageFlagsLoading | p.Flags&discordgo.MessageFlagsEphemeral,
			CreatedAt: s.now(),
		}
		s.ownLocked(m, in)
		created = m
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		src := s.msgs[in.sourceMsgID]
		if src == nil || src.Deleted {
			s.mu.Unlock()
			s.unknown(w, r, RuleUnknownMessage, id, 10008, "Unknown Message (the message of the component is gone)")
			return
		}
		if top.Type == discordgo.InteractionResponseUpdateMessage {
			updated = s.editMessageLocked(&c, src, p, apiVersion(r) != "9")
		}
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		if !p.has("choices") {
			c.add(RuleAutocomplete, "choices", "BASE_TYPE_REQUIRED", "an autocomplete result needs a choices array (it may be empty)")
		}
		checkChoices(&c, p.Choices)
	case discordgo.InteractionResponseModal:
		checkModal(&c, p)
	}
	if top.Type != discordgo.InteractionResponseChannelMessageWithSource && top.Type != discordgo.InteractionResponseUpdateMessage {
		// Files no message takes are checked all the same: every image
		// uploaded with any request must decode.
		for i := range p.Files {
			checkImage(&c, &p.Files[i], p.Files[i].filename)
		}
	}
	if len(c.vs) > 0 {
		s.mu.Unlock()
		s.reject(w, r, id, c.vs)
		return
	}

	in.acked = true
	in.ackType = top.Type
	in.ackedAt = arrived
	in.timer.Stop()
	switch top.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		in.originalID = created.ID
		s.storeNewLocked(created)
	case discordgo.InteractionResponseDeferredMessageUpdate:
		in.originalID = in.sourceMsgID
	case discordgo.InteractionResponseUpdateMessage:
		in.originalID = in.sourceMsgID
		s.replaceLocked(updated)
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		in.choices = p.Choices
		if in.choices == nil {
			in.choices = []*discordgo.ApplicationCommandOptionChoice{}
		}
	case discordgo.InteractionResponseModal:
		in.modal = &Modal{CustomID: p.CustomID, Title: p.Title, Components: p.Components}
	}
	switch top.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
		in.final = true
		s.mentionPolicyLocked(r, id, p)
	case discordgo.InteractionApplicationCommandAutocompleteResult, discordgo.InteractionResponseModal:
		in.final = true
	}
	s.changedLocked()
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
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
