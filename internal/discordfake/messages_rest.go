package discordfake

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// Message flags a bot may set when creating a message through the channel
// endpoint; EPHEMERAL is only for interaction responses and followups.
const (
	createFlags      = discordgo.MessageFlagsSuppressEmbeds | discordgo.MessageFlagsSuppressNotifications | discordgo.MessageFlagsIsComponentsV2 | discordgo.MessageFlagsIsVoiceMessage
	interactionFlags = createFlags | discordgo.MessageFlagsEphemeral
)

// readPayload reads and decodes a message body, answering the request
// itself when that fails.
func (s *Server) readPayload(w http.ResponseWriter, r *http.Request, interactionID string) (*msgPayload, bool) {
	r.Body = http.MaxBytesReader(w, r.Body, (maxFiles+1)*s.opts.MaxFileSize+(8<<20))
	doc, files, err := s.readBody(r)
	if err != nil {
		s.unreadable(w, r, interactionID, err)
		return nil, false
	}
	p, err := parseMessagePayload(doc, files)
	if err != nil {
		s.malformed(w, r, interactionID, err)
		return nil, false
	}
	return p, true
}

// newMessageLocked builds a message from a create payload without storing
// it; the checker collects every broken rule.
func (s *Server) newMessageLocked(c *checker, p *msgPayload, channelID string, allowed discordgo.MessageFlags) *Message {
	s.checkPayload(c, p)
	if bad := p.Flags &^ allowed; bad != 0 {
		what := "flags not allowed here"
		if bad&discordgo.MessageFlagsEphemeral != 0 {
			what = "EPHEMERAL can only be set on interaction responses and followups"
		}
		c.add(RuleFlags, "flags", "MESSAGE_FLAGS_INVALID", "%s (flags %d)", what, bad)
	}
	m := &Message{
		ID:         s.newID(),
		ChannelID:  channelID,
		Author:     s.botUser(),
		Embeds:     p.Embeds,
		Components: p.Components,
		Flags:      p.Flags & allowed,
		TTS:        p.TTS,
		Reference:  p.Reference,
		CreatedAt:  s.now(),
	}
	if ch := s.channels[channelID]; ch != nil {
		m.GuildID = ch.GuildID
	}
	if p.Reference != nil {
		m.Type = discordgo.MessageTypeReply
	}
	setContent(m, p.Content, p.AllowedMentions)
	m.Attachments = s.uploadsLocked(c, p, channelID, false)
	s.checkResult(c, m)
	return m
}

// editMessageLocked builds the state of old after an edit payload, with
// Discord's PATCH semantics: absent or null fields stay as they were. An
// attachments list names the attachments kept; from API v10 on (strict)
// it must also name every new upload, or the upload is dropped.
func (s *Server) editMessageLocked(c *checker, old *Message, p *msgPayload, strict bool) *Message {
	s.checkPayload(c, p)
	m := old.clone()
	if p.has("content") {
		setContent(m, p.Content, p.AllowedMentions)
	}
	if p.has("embeds") {
		m.Embeds = p.Embeds
	}
	if p.has("components") {
		m.Components = p.Components
	}
	if p.has("flags") {
		// Only SUPPRESS_EMBEDS may change on an edit; ephemerality never.
		m.Flags = m.Flags&^discordgo.MessageFlagsSuppressEmbeds | p.Flags&discordgo.MessageFlagsSuppressEmbeds
	}
	fresh := s.uploadsLocked(c, p, m.ChannelID, strict && p.has("attachments"))
	if p.has("attachments") {
		var kept []*Attachment
		uploaded := map[string]bool{}
		for _, f := range p.Files {
			uploaded[strconv.Itoa(f.index)] = true
		}
		for _, sp := range p.Attachments {
			var found *Attachment
			for _, a := range old.Attachments {
				if a.ID == sp.ID {
					found = a
				}
			}
			if found == nil && uploaded[sp.ID] {
				continue // metadata of an upload, handled by uploadsLocked
			}
			if found == nil {
				c.add(RuleAttachmentRef, "attachments", "ATTACHMENT_NOT_FOUND", "attachment id %q is neither an upload index nor an attachment of the message", sp.ID)
				continue
			}
			kept = append(kept, found)
		}
		m.Attachments = append(kept, fresh...)
	} else {
		m.Attachments = append(append([]*Attachment(nil), old.Attachments...), fresh...)
	}
	if old.Loading() {
		// Completing a deferred response is not an edit in Discord's eyes.
		m.Flags &^= discordgo.MessageFlagsLoading
	} else {
		m.EditedAt = s.now()
		m.Edits++
	}
	s.checkResult(c, m)
	return m
}

// uploadsLocked turns a request's files into attachments. With listedOnly
// (an API v10 edit that sent an attachments list) files missing from the
// list are dropped, as Discord does.
func (s *Server) uploadsLocked(c *checker, p *msgPayload, channelID string, listedOnly bool) []*Attachment {
	specs := map[string]attachmentSpec{}
	for _, sp := range p.Attachments {
		specs[sp.ID] = sp
	}
	files := append([]upload(nil), p.Files...)
	sort.Slice(files, func(i, j int) bool { return files[i].index < files[j].index })
	var out []*Attachment
	for _, f := range files {
		sp, listed := specs[strconv.Itoa(f.index)]
		if listedOnly && !listed {
			c.addFile(RuleFileUnlisted, fmt.Sprintf("files.%d", f.index), "ATTACHMENT_NOT_LISTED",
				"%q was uploaded but the attachments list does not name id %d, so Discord drops it", f.filename, f.index)
			continue
		}
		name := f.filename
		if sp.Filename != "" {
			name = sp.Filename
		}
		checkImage(c, &f, name)
		id := s.newID()
		out = append(out, &Attachment{
			ID:          id,
			Filename:    name,
			Description: sp.Description,
			ContentType: f.contentType,
			Size:        f.size,
			Width:       f.width,
			Height:      f.height,
			URL:         s.attachmentURL(channelID, id, name),
			Data:        f.data,
		})
	}
	return out
}

// mentionPolicyLocked records a breach when a request that set content
// broke the strict mention policy. Discord accepts such messages, so the
// request itself still succeeds.
func (s *Server) mentionPolicyLocked(r *http.Request, interactionID string, p *msgPayload) {
	if s.opts.PermissiveMentions || !p.has("content") {
		return
	}
	if why := mentionPolicyViolation(p.Content, p.AllowedMentions); why != "" {
		s.breachLocked(Breach{Rule: RuleMentionPolicy, Detail: why, Request: reqName(r), InteractionID: interactionID})
	}
}

// handleCreateMessage is POST /channels/{channel}/messages. In this order
// (Discord documents none): the channel is looked up (404 if unknown or
// deleted, 403 if the bot left its guild), the body validated (400), the
// bot's permissions in the channel checked (403), an archived thread's
// rules applied (400, or the post unarchives it), and with enforce_nonce a
// message the bot created with the same nonce within Options.NonceWindow
// is answered (200) instead of creating a second one.
func (s *Server) handleCreateMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	_, e := s.channelLocked(r, RouteCreateMessage)
	s.mu.Unlock()
	if e != nil {
		e.write(w)
		return
	}
	p, ok := s.readPayload(w, r, "")
	if !ok {
		return
	}
	s.mu.Lock()
	// Look again: the channel may have gone while the body was read.
	ch, e := s.channelLocked(r, RouteCreateMessage)
	if e != nil {
		s.mu.Unlock()
		e.write(w)
		return
	}
	var c checker
	m := s.newMessageLocked(&c, p, ch.ID, createFlags)
	checkNonce(&c, p)
	if len(c.vs) > 0 {
		s.mu.Unlock()
		s.reject(w, r, "", c.vs)
		return
	}
	if e := s.permitLocked(RouteCreateMessage, ch.ID, sendNeeds(ch, p)); e != nil {
		s.mu.Unlock()
		e.write(w)
		return
	}
	if e := s.dmRefusalLocked(ch); e != nil {
		s.mu.Unlock()
		e.write(w)
		return
	}
	if e := s.threadRulesLocked(RouteCreateMessage, ch, opPost); e != nil {
		s.mu.Unlock()
		e.write(w)
		return
	}
	s.mentionPolicyLocked(r, "", p)
	if old := s.nonceHitLocked(ch.ID, p); old != nil {
		body := s.wireJSONLocked(old)
		s.mu.Unlock()
		writeRaw(w, http.StatusOK, body)
		return
	}
	m.Nonce = p.Nonce
	s.storeNewLocked(m)
	var ev guildEvent
	if th := s.unarchiveLocked(ch); th != nil {
		ev = s.eventLocked(ch.GuildID, "THREAD_UPDATE", th)
	}
	body := s.wireJSONLocked(m)
	s.mu.Unlock()
	s.send(ev)
	writeRaw(w, http.StatusOK, body)
}

// nonceHitLocked returns the message an enforced nonce finds, or nil.
func (s *Server) nonceHitLocked(channelID string, p *msgPayload) *Message {
	if !p.EnforceNonce || p.Nonce == "" {
		return nil
	}
	return s.nonceMessageLocked(channelID, p.Nonce)
}

// messageLocked resolves the {channel} and {msg} of a message route for
// the bot, with the permissions need: the channel as channelLocked does,
// the permissions as permitLocked does, then the message, which must be a
// live, non-ephemeral message of the channel. The answer to give instead
// is returned as an error.
func (s *Server) messageLocked(r *http.Request, route Route, need int64) (*Channel, *Message, *apiError) {
	ch, e := s.channelLocked(r, route)
	if e != nil {
		return nil, nil, e
	}
	if e := s.permitLocked(route, ch.ID, need); e != nil {
		return nil, nil, e
	}
	m := s.msgs[r.PathValue("msg")]
	switch {
	case m == nil || m.Deleted || m.ChannelID != ch.ID:
		// Not a breach: a moderator may have deleted the message.
		return nil, nil, &apiError{http.StatusNotFound, 10008, "Unknown Message"}
	case m.Ephemeral():
		// Ephemeral messages exist only for the interaction's webhook.
		what := "Unknown Message (ephemeral messages are only reachable through the interaction webhook)"
		s.breachLocked(Breach{Rule: RuleUnknownResource, Detail: what, Request: reqName(r)})
		return nil, nil, &apiError{http.StatusNotFound, 10008, what}
	}
	return ch, m, nil
}

// handleGetMessage is GET /channels/{channel}/messages/{msg}, which needs
// VIEW_CHANNEL and READ_MESSAGE_HISTORY.
func (s *Server) handleGetMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	_, m, e := s.messageLocked(r, RouteGetMessage, discordgo.PermissionViewChannel|discordgo.PermissionReadMessageHistory)
	if e != nil {
		s.mu.Unlock()
		e.write(w)
		return
	}
	body := s.wireJSONLocked(m)
	s.mu.Unlock()
	writeRaw(w, http.StatusOK, body)
}

// handleListMessages is GET /channels/{channel}/messages, newest first.
// Without VIEW_CHANNEL it is refused; without READ_MESSAGE_HISTORY Discord
// answers an empty list ("Get Channel Messages": "no messages will be
// returned"), and so does the fake. before and after select the messages
// older or newer than an id (after: the oldest ones past it); around is
// not modelled.
func (s *Server) handleListMessages(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit := 50
	if l, err := strconv.Atoi(q.Get("limit")); err == nil && l > 0 && l <= 100 {
		limit = l
	}
	before, _ := strconv.ParseUint(q.Get("before"), 10, 64)
	after, _ := strconv.ParseUint(q.Get("after"), 10, 64)
	s.mu.Lock()
	ch, e := s.channelLocked(r, RouteListMessages)
	if e == nil {
		e = s.permitLocked(RouteListMessages, ch.ID, discordgo.PermissionViewChannel)
	}
	if e != nil {
		s.mu.Unlock()
		e.write(w)
		return
	}
	ms := s.chanMsgs[ch.ID]
	if ch.GuildID != "" && s.botPermsLocked(ch.ID)&discordgo.PermissionReadMessageHistory == 0 {
		ms = nil
	}
	var sel []*Message // oldest first
	for _, m := range ms {
		id, _ := strconv.ParseUint(m.ID, 10, 64)
		if m.Ephemeral() || (before != 0 && id >= before) || (after != 0 && id <= after) {
			continue
		}
		sel = append(sel, m)
	}
	if len(sel) > limit {
		if after != 0 && before == 0 {
			sel = sel[:limit]
		} else {
			sel = sel[len(sel)-limit:]
		}
	}
	out := make([]wireMessage, 0, len(sel))
	for i := len(sel) - 1; i >= 0; i-- {
		out = append(out, s.wireLocked(sel[i]))
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
}

// editableLocked resolves the message of PATCH
// /channels/{channel}/messages/{msg}: editing the bot's own message needs
// VIEW_CHANNEL only, and is refused in an archived thread.
func (s *Server) editableLocked(r *http.Request) (*Message, *apiError) {
	ch, m, e := s.messageLocked(r, RouteEditMessage, discordgo.PermissionViewChannel)
	if e == nil {
		e = s.threadRulesLocked(RouteEditMessage, ch, opEdit)
	}
	return m, e
}

func (s *Server) handleEditMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	_, e := s.editableLocked(r)
	s.mu.Unlock()
	if e != nil {
		e.write(w)
		return
	}
	p, ok := s.readPayload(w, r, "")
	if !ok {
		return
	}
	s.mu.Lock()
	// Look again: the message, its channel or the bot's rights there may
	// have changed while the body was read.
	old, e := s.editableLocked(r)
	if e != nil {
		s.mu.Unlock()
		e.write(w)
		return
	}
	var c checker
	m := s.editMessageLocked(&c, old, p, apiVersion(r) != "9")
	if len(c.vs) > 0 {
		s.mu.Unlock()
		s.reject(w, r, "", c.vs)
		return
	}
	s.replaceLocked(m)
	s.mentionPolicyLocked(r, "", p)
	body := s.wireJSONLocked(m)
	s.mu.Unlock()
	writeRaw(w, http.StatusOK, body)
}

// handleDeleteMessage is DELETE /channels/{channel}/messages/{msg}:
// deleting the bot's own message needs VIEW_CHANNEL only; in a locked,
// archived thread it needs MANAGE_THREADS too.
func (s *Server) handleDeleteMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	ch, m, e := s.messageLocked(r, RouteDeleteMessage, discordgo.PermissionViewChannel)
	if e == nil {
		e = s.threadRulesLocked(RouteDeleteMessage, ch, opDelete)
	}
	if e == nil {
		s.deleteMessageLocked(m.ID)
	}
	s.mu.Unlock()
	if e != nil {
		e.write(w)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// writeRaw answers with an already marshalled JSON document.
func writeRaw(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}
