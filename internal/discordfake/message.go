package discordfake

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Message is one state of a message the bot posted. The server never
// changes a Message after handing it out: an edit stores a new value, so a
// test may keep and compare snapshots. Treat every field as read-only.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string
	Author    *discordgo.User
	Type      discordgo.MessageType

	Content     string
	Embeds      []*discordgo.MessageEmbed
	Components  []discordgo.MessageComponent // parsed with discordgo's own types
	Attachments []*Attachment
	Flags       discordgo.MessageFlags
	TTS         bool
	Reference   *discordgo.MessageReference

	// AllowedMentions is what the request that last set the content sent,
	// nil when it sent none.
	AllowedMentions *discordgo.MessageAllowedMentions
	// Pinged lists the ids of the users the content pings under Discord's
	// rules, given AllowedMentions; PingedRoles the roles, PingedEveryone
	// whether @everyone or @here pings. Discord rebuilds mentions on every
	// edit of the content, and so does the fake.
	Pinged         []string
	PingedRoles    []string
	PingedEveryone bool
	// Notified lists the users the message notified when it was created:
	// Pinged at that moment, unless the message is ephemeral or has the
	// SUPPRESS_NOTIFICATIONS flag. No edit ever changes it, as no edit
	// notifies anyone in Discord; a deferred interaction response is
	// created without content, so filling it in (by editing @original or
	// with the first followup) leaves it empty. See Notifications.
	Notified []string

	// Nonce is the nonce the bot sent when creating the message through
	// POST /channels/{channel}/messages, as a string ("" if none).
	Nonce string

	// VisibleTo is the only user who sees an ephemeral message; empty for
	// messages everyone sees.
	VisibleTo string
	// InteractionID is the interaction whose response or followup this
	// message is; empty for plain channel messages.
	InteractionID string

	CreatedAt time.Time
	EditedAt  time.Time // zero until the first edit
	Edits     int       // number of edits so far
	Deleted   bool      // the message was deleted (only in Message(id) lookups)
}

// Attachment is a file attached to a message, bytes included. An image
// (PNG, GIF, JPEG or WebP) has been decoded, which is how Width and Height
// are known; they are 0 for other files.
type Attachment struct {
	ID            string
	Filename      string
	Description   string
	ContentType   string
	Size          int
	Width, Height int
	URL           string // served by the fake, so the bot could download it
	Data          []byte // nil with Options.ImageHeaders
}

// Ephemeral reports whether only VisibleTo sees the message.
func (m *Message) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// Loading reports whether the message is still a deferred "thinking" state.
func (m *Message) Loading() bool { return m.Flags&discordgo.MessageFlagsLoading != 0 }

// VisibleToUser reports whether the given user can see the message.
func (m *Message) VisibleToUser(userID string) bool {
	return !m.Ephemeral() || m.VisibleTo == userID
}

// Attachment returns the attachment with the given file name, or nil.
func (m *Message) Attachment(filename string) *Attachment {
	for _, a := range m.Attachments {
		if a.Filename == filename {
			return a
		}
	}
	return nil
}

// ResolveURL returns the attachment an embed URL such as
// "attachment://board.png" refers to, or nil.
func (m *Message) ResolveURL(url string) *Attachment {
	name, ok := strings.CutPrefix(url, "attachment://")
	if !ok {
		return nil
	}
	return m.Attachment(name)
}

// Buttons returns every button of the message in display order.
func (m *Message) Buttons() []*discordgo.Button {
	var out []*discordgo.Button
	walkComponents(m.Components, func(c discordgo.MessageComponent) {
		if b := asButton(c); b != nil {
			out = append(out, b)
		}
	})
	return out
}

// SelectMenus returns every select menu of the message in display order.
func (m *Message) SelectMenus() []*discordgo.SelectMenu {
	var out []*discordgo.SelectMenu
	walkComponents(m.Components, func(c discordgo.MessageComponent) {
		if sm := asSelect(c); sm != nil {
			out = append(out, sm)
		}
	})
	return out
}

// Button returns the button with the given custom_id, or nil.
func (m *Message) Button(customID string) *discordgo.Button {
	for _, b := range m.Buttons() {
		if b.CustomID == customID {
			return b
		}
	}
	return nil
}

// SelectMenu returns the select menu with the given custom_id, or nil.
func (m *Message) SelectMenu(customID string) *discordgo.SelectMenu {
	for _, sm := range m.SelectMenus() {
		if sm.CustomID == customID {
			return sm
		}
	}
	return nil
}

// walkComponents calls fn for every component, depth first, rows included.
func walkComponents(cs []discordgo.MessageComponent, fn func(discordgo.MessageComponent)) {
	for _, c := range cs {
		if c == nil {
			continue
		}
		fn(c)
		switch v := c.(type) {
		case *discordgo.ActionsRow:
			walkComponents(v.Components, fn)
		case discordgo.ActionsRow:
			walkComponents(v.Components, fn)
		case *discordgo.Section:
			walkComponents(v.Components, fn)
			if v.Accessory != nil {
				walkComponents([]discordgo.MessageComponent{v.Accessory}, fn)
			}
		case *discordgo.Container:
			walkComponents(v.Components, fn)
		}
	}
}

func asButton(c discordgo.MessageComponent) *discordgo.Button {
	switch v := c.(type) {
	case *discordgo.Button:
		return v
	case discordgo.Button:
		return &v
	}
	return nil
}

func asSelect(c discordgo.MessageComponent) *discordgo.SelectMenu {
	switch v := c.(type) {
	case *discordgo.SelectMenu:
		return v
	case discordgo.SelectMenu:
		return &v
	}
	return nil
}

// clone returns a shallow copy for copy-on-write edits.
func (m *Message) clone() *Message {
	c := *m
	return &c
}

// wireAttachment is an attachment as Discord sends it.
type wireAttachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
	ContentType string `json:"content_type,omitempty"`
	Size        int    `json:"size"`
	Width       int    `json:"width,omitempty"`
	Height      int    `json:"height,omitempty"`
	URL         string `json:"url"`
	ProxyURL    string `json:"proxy_url"`
	Ephemeral   bool   `json:"ephemeral,omitempty"`
}

// wireMessage is a message as Discord sends it. discordgo.Message cannot be
// used because it does not marshal its components.
type wireMessage struct {
	ID              string                       `json:"id"`
	Type            discordgo.MessageType        `json:"type"`
	ChannelID       string                       `json:"channel_id"`
	GuildID         string                       `json:"guild_id,omitempty"`
	Author          *discordgo.User              `json:"author"`
	Content         string                       `json:"content"`
	Timestamp       string                       `json:"timestamp"`
	EditedTimestamp *string                      `json:"edited_timestamp"`
	TTS             bool                         `json:"tts"`
	MentionEveryone bool                         `json:"mention_everyone"`
	Mentions        []*discordgo.User            `json:"mentions"`
	MentionRoles    []string                     `json:"mention_roles"`
	Attachments     []wireAttachment             `json:"attachments"`
	Embeds          []*discordgo.MessageEmbed    `json:"embeds"`
	Components      []discordgo.MessageComponent `json:"components"`
	Pinned          bool                         `json:"pinned"`
	Flags           discordgo.MessageFlags       `json:"flags"`
	WebhookID       string                       `json:"webhook_id,omitempty"`
	ApplicationID   string                       `json:"application_id,omitempty"`
	Reference       *discordgo.MessageReference  `json:"message_reference,omitempty"`
	Interaction     *wireMessageInteraction      `json:"interaction_metadata,omitempty"`
	Nonce           string                       `json:"nonce,omitempty"`
}

type wireMessageInteraction struct {
	ID   string                    `json:"id"`
	Type discordgo.InteractionType `json:"type"`
	User *discordgo.User           `json:"user"`
}

// wireLocked renders m the way Discord's REST API and gateway do.
func (s *Server) wireLocked(m *Message) wireMessage {
	w := wireMessage{
		ID:              m.ID,
		Type:            m.Type,
		ChannelID:       m.ChannelID,
		GuildID:         m.GuildID,
		Author:          m.Author,
		Content:         m.Content,
		Timestamp:       m.CreatedAt.UTC().Format(time.RFC3339Nano),
		TTS:             m.TTS,
		MentionEveryone: m.PingedEveryone,
		Mentions:        []*discordgo.User{},
		MentionRoles:    append([]string{}, m.PingedRoles...),
		Attachments:     []wireAttachment{},
		Embeds:          m.Embeds,
		Components:      m.Components,
		Flags:           m.Flags,
		Reference:       m.Reference,
		Nonce:           m.Nonce,
	}
	if w.Embeds == nil {
		w.Embeds = []*discordgo.MessageEmbed{}
	}
	if w.Components == nil {
		w.Components = []discordgo.MessageComponent{}
	}
	if !m.EditedAt.IsZero() {
		ts := m.EditedAt.UTC().Format(time.RFC3339Nano)
		w.EditedTimestamp = &ts
	}
	for _, id := range m.Pinged {
		w.Mentions = append(w.Mentions, s.wireUserLocked(id))
	}
	for _, a := range m.Attachments {
		w.Attachments = append(w.Attachments, wireAttachment{
			ID: a.ID, Filename: a.Filename, Description: a.Description, ContentType: a.ContentType,
			Size: a.Size, Width: a.Width, Height: a.Height, URL: a.URL, ProxyURL: a.URL, Ephemeral: m.Ephemeral(),
		})
	}
	if m.InteractionID != "" {
		w.WebhookID = s.opts.ApplicationID
		w.ApplicationID = s.opts.ApplicationID
		if in := s.interactions[m.InteractionID]; in != nil {
			w.Interaction = &wireMessageInteraction{ID: in.id, Type: in.kind, User: s.wireUserLocked(in.userID)}
		}
	}
	return w
}

// wireJSONLocked is wireLocked marshalled.
func (s *Server) wireJSONLocked(m *Message) []byte {
	b, err := json.Marshal(s.wireLocked(m))
	if err != nil {
		// Components and embeds came from JSON and marshal again; failing
		// here is a bug in the fake.
		panic("discordfake: marshal message: " + err.Error())
	}
	return b
}

// Messages returns the live (not deleted) messages of a channel, oldest
// first, ephemeral ones included.
func (s *Server) Messages(channelID string) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Message(nil), s.chanMsgs[channelID]...)
}

// LastMessage returns the newest live message of a channel, or nil.
func (s *Server) LastMessage(channelID string) *Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	ms := s.chanMsgs[channelID]
	if len(ms) == 0 {
		return nil
	}
	return ms[len(ms)-1]
}

// Message returns the latest state of a message, deleted ones included
// (with Deleted set), or nil if the id is unknown.
func (s *Server) Message(id string) *Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.msgs[id]
}

// DeleteMessage deletes a message as a moderator would, so tests can check
// how the bot copes with a message that vanished.
func (s *Server) DeleteMessage(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deleteMessageLocked(id)
}

// storeNewLocked appends a new message to its channel. This is the moment
// Discord creates a message, and so the only one that notifies anybody.
func (s *Server) storeNewLocked(m *Message) {
	m.Notified = notifiedAtCreation(m)
	if u := s.dmRecipientLocked(m); u != "" && !slices.Contains(m.Notified, u) {
		m.Notified = append(m.Notified, u)
	}
	s.notifyLocked(m)
	s.msgs[m.ID] = m
	// Clip so that the append always copies: slices handed out earlier
	// (Messages, Views) must never see later changes.
	ms := s.chanMsgs[m.ChannelID]
	s.chanMsgs[m.ChannelID] = append(ms[:len(ms):len(ms)], m)
	for _, a := range m.Attachments {
		s.attachments[a.ID] = a
	}
	s.changedLocked()
}

// replaceLocked stores a new state of an existing message.
func (s *Server) replaceLocked(m *Message) {
	s.msgs[m.ID] = m
	ms := s.chanMsgs[m.ChannelID]
	for i, old := range ms {
		if old.ID == m.ID {
			cp := append([]*Message(nil), ms...)
			cp[i] = m
			s.chanMsgs[m.ChannelID] = cp
			break
		}
	}
	for _, a := range m.Attachments {
		s.attachments[a.ID] = a
	}
	s.changedLocked()
}

// deleteMessageLocked removes a message from its channel.
func (s *Server) deleteMessageLocked(id string) {
	m := s.msgs[id]
	if m == nil || m.Deleted {
		return
	}
	d := m.clone()
	d.Deleted = true
	s.msgs[id] = d
	ms := s.chanMsgs[m.ChannelID]
	cp := make([]*Message, 0, len(ms))
	for _, old := range ms {
		if old.ID != id {
			cp = append(cp, old)
		}
	}
	s.chanMsgs[m.ChannelID] = cp
	s.changedLocked()
}
