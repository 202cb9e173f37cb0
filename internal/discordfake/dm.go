package discordfake

import (
	"encoding/json"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// A DM channel, as Discord models it ("Create DM", "Channel Object"): one
// per user, opened by POST /users/@me/channels {"recipient_id"}, which
// returns the existing channel when there is one; it has type DM, no
// guild_id, no name, and the user in recipients. Interactions from it carry
// a user and no member or guild_id. Posting in it is refused with 403
// CodeCannotSendToUser when the user does not accept the bot's DMs. A post
// there notifies the user, mentioned or not, and honours enforce_nonce as
// a channel's does.

// OpenDM returns the DM channel between the bot and a user, opening it if
// needed, as POST /users/@me/channels does. The user must exist.
func (s *Server) OpenDM(userID string) Channel {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.users[userID] == nil {
		s.t.Fatalf("discordfake: OpenDM: unknown user %s", userID)
	}
	return *s.openDMLocked(userID)
}

// DMChannel returns the DM channel of a user if one was opened.
func (s *Server) DMChannel(userID string) (Channel, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.dmLocked(userID); c != nil {
		return *c, true
	}
	return Channel{}, false
}

// dmLocked finds a user's DM channel, or nil.
func (s *Server) dmLocked(userID string) *Channel {
	for _, c := range s.channels {
		if c.GuildID == "" && c.RecipientID == userID && !c.IsThread() {
			return c
		}
	}
	return nil
}

// openDMLocked returns a user's DM channel, creating it if needed.
func (s *Server) openDMLocked(userID string) *Channel {
	if c := s.dmLocked(userID); c != nil {
		return c
	}
	c := &Channel{ID: s.newID(), Type: discordgo.ChannelTypeDM, RecipientID: userID}
	s.channels[c.ID] = c
	s.changedLocked()
	return c
}

// handleCreateDM is POST /users/@me/channels {"recipient_id": ...}.
func (s *Server) handleCreateDM(w http.ResponseWriter, r *http.Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&body); err != nil {
		s.malformed(w, r, "", err)
		return
	}
	s.mu.Lock()
	if s.users[body.RecipientID] == nil {
		s.mu.Unlock()
		writeError(w, http.StatusBadRequest, CodeInvalidRecipient, "Invalid Recipient(s)", nil)
		return
	}
	c := s.openDMLocked(body.RecipientID)
	wire := s.wireChannelLocked(c.ID)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, wire)
}

// dmRefusalLocked returns Discord's answer to a post in the DM channel of
// a user who refuses DMs, recording it as a Refusal; nil otherwise.
func (s *Server) dmRefusalLocked(ch *Channel) *apiError {
	if ch.GuildID != "" || ch.RecipientID == "" {
		return nil
	}
	if u := s.users[ch.RecipientID]; u == nil || !u.RefusesDMs {
		return nil
	}
	e := &apiError{http.StatusForbidden, CodeCannotSendToUser, "Cannot send messages to this user"}
	return s.refuseLocked(RouteCreateMessage, ch.ID, "", e, "the user does not accept direct messages")
}

// dmRecipientLocked returns the user a message just created in a DM
// notifies whatever it mentions: the recipient, when the bot wrote it
// and it is not silent (SUPPRESS_NOTIFICATIONS); "" otherwise. A DM
// notifies its reader as a ping does in a server (the default of
// Discord's notification settings for direct messages).
func (s *Server) dmRecipientLocked(m *Message) string {
	ch := s.channels[m.ChannelID]
	if ch == nil || ch.GuildID != "" || ch.RecipientID == "" || m.Author == nil || m.Author.ID != s.opts.BotUserID ||
		m.Flags&discordgo.MessageFlagsSuppressNotifications != 0 {
		return ""
	}
	return ch.RecipientID
}
