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
	doc, files, err := readBody(r, s.opts.MaxFileSize)
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
			Size:        len(f.data),
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
// (Discord documents none): the body is validated (400), the bot's
// permissions in the channel checked (403), and with enforce_nonce a
// message the bot created with the same nonce within Options.NonceWindow
// is answered (200) instead of creating a second one.
func (s *Server) handleCreateMessage(w http.ResponseWriter, r *http.Request) {
	chID := r.PathValue("channel")
	s.mu.Lock()
	_, ok := s.channels[chID]
	s.mu.Unlock()
	if !ok {
		s.unknown(w, r, RuleUnknownResource, "", 10003, "Unknown Channel")
		return
	}
	p, ok := s.readPayload(w, r, "")
	if !ok {
		return
	}
	s.mu.Lock()
	var c checker
	m := s.newMessageLocked(&c, p, chID, createFlags)
	checkNonce(&c, p)
	if len(c.vs) > 0 {
		s.mu.Unlock()
		s.reject(w, r, "", c.vs)
		return
	}
	if code, msg, ok := s.permitLocked(RouteCreateMessage, chID, sendNeeds(s.channels[chID], p)); !ok {
		s.mu.Unlock()
		writeError(w, http.StatusForbidden, code, msg, nil)
		return
	}
	s.mentionPolicyLocked(r, "", p)
	if p.EnforceNonce && p.Nonce != "" {
		if old := s.nonceMessageLocked(chID, p.Nonce); old != nil {
			body := s.wireJSONLocked(old)
			s.mu.Unlock()
			writeRaw(w, http.StatusOK, body)
			return
		}
	}
	m.Nonce = p.Nonce
	s.storeNewLocked(m)
	body := s.wireJSONLocked(m)
	s.mu.Unlock()
	writeRaw(w, http.StatusOK, body)
}

// channelMessage finds a live message of a channel for the channel
// endpoints, answering 404 itself if there is none.
func (s *Server) channelMessage(w http.ResponseWriter, r *http.Request) (*Message, bool) {
	chID, id := r.PathValue("channel"), r.PathValue("msg")
	s.mu.Lock()
	_, chOK := s.channels[chID]
	m := s.msgs[id]
	s.mu.Unlock()
	switch {
	case !chOK:
		s.unknown(w, r, RuleUnknownResource, "", 10003, "Unknown Channel")
		return nil, false
	case m == nil || m.Deleted || m.ChannelID != chID:
		// Not a breach: a moderator may have deleted the message.
		writeError(w, http.StatusNotFound, 10008, "Unknown Message", nil)
		return nil, false
	case m.Ephemeral():
		// Ephemeral messages exist only for the interaction's webhook.
		s.unknown(w, r, RuleUnknownResource, "", 10008, "Unknown Message (ephemeral messages are only reachable through the interaction webhook)")
		return nil, false
	}
	return m, true
}

// handleGetMessage is GET /channels/{channel}/messages/{msg}, which needs
// VIEW_CHANNEL and READ_MESSAGE_HISTORY.
func (s *Server) handleGetMessage(w http.ResponseWriter, r *http.Request) {
	m, ok := s.channelMessage(w, r)
	if !ok {
		return
	}
	if !s.permit(w, RouteGetMessage, m.ChannelID, discordgo.PermissionViewChannel|discordgo.PermissionReadMessageHistory) {
		return
	}
	s.mu.Lock()
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
	chID := r.PathValue("channel")
	q := r.URL.Query()
	limit := 50
	if l, err := strconv.Atoi(q.Get("limit")); err == nil && l > 0 && l <= 100 {
		limit = l
	}
	before, _ := strconv.ParseUint(q.Get("before"), 10, 64)
	after, _ := strconv.ParseUint(q.Get("after"), 10, 64)
	s.mu.Lock()
	if _, ok := s.channels[chID]; !ok {
		s.mu.Unlock()
		s.unknown(w, r, RuleUnknownResource, "", 10003, "Unknown Channel")
		return
	}
	if code, msg, ok := s.permitLocked(RouteListMessages, chID, discordgo.PermissionViewChannel); !ok {
		s.mu.Unlock()
		writeError(w, http.StatusForbidden, code, msg, nil)
		return
	}
	ms := s.chanMsgs[chID]
	if s.channels[chID].GuildID != "" && s.botPermsLocked(chID)&discordgo.PermissionReadMessageHistory == 0 {
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

func (s *Server) handleEditMessage(w http.ResponseWriter, r *http.Request) {
	old, ok := s.channelMessage(w, r)
	if !ok {
		return
	}
	p, ok := s.readPayload(w, r, "")
	if !ok {
		return
	}
	s.mu.Lock()
	// Re-read: the message may have changed while the body was read.
	if cur := s.msgs[old.ID]; cur != nil && !cur.Deleted {
		old = cur
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

func (s *Server) handleDeleteMessage(w http.ResponseWriter, r *http.Request) {
	m, ok := s.channelMessage(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	s.deleteMessageLocked(m.ID)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// writeRaw answers with an already marshalled JSON document.
func writeRaw(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}
