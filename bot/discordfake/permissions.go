package discordfake

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Denial records a request Discord refused because of the bot's
// permissions in a channel. A denial is not a breach: server admins decide
// what the bot may do, and a bot must cope with it (say so to the players,
// not crash), so tests look at Denied instead of failing.
type Denial struct {
	Route     Route  // the refused request's route
	ChannelID string // where
	// Missing are the permission bits the request needed and the bot
	// lacked in the channel.
	Missing int64
	Code    int // CodeMissingAccess or CodeMissingPermissions
	At      time.Time
}

// String names the missing permissions, for failure messages.
func (d Denial) String() string {
	return fmt.Sprintf("%s in channel %s refused (%d): missing %s", d.Route, d.ChannelID, d.Code, permissionNames(d.Missing))
}

// Denied returns every request refused for lack of permissions so far,
// oldest first.
func (s *Server) Denied() []Denial {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Denial(nil), s.denied...)
}

// botPermsLocked returns what the bot may do in a channel: the channel's
// BotPermissions, a thread's parent's when the thread sets none, else
// Options.AppPermissions. ADMINISTRATOR grants everything, as in Discord.
func (s *Server) botPermsLocked(channelID string) int64 {
	p := s.opts.AppPermissions
	if c := s.channels[channelID]; c != nil {
		switch {
		case c.BotPermissions != 0:
			p = c.BotPermissions
		case c.IsThread():
			if parent := s.channels[c.ParentID]; parent != nil && parent.BotPermissions != 0 {
				p = parent.BotPermissions
			}
		}
	}
	if p&discordgo.PermissionAdministrator != 0 {
		return discordgo.PermissionAll
	}
	return p
}

// sendNeeds returns the permissions POST /channels/{channel}/messages
// needs, as Discord's "Create Message" documents them: SEND_MESSAGES in a
// channel, SEND_MESSAGES_IN_THREADS (not SEND_MESSAGES) in a thread,
// READ_MESSAGE_HISTORY for a reply, ATTACH_FILES for uploads; and
// VIEW_CHANNEL always, implicitly.
func sendNeeds(ch *Channel, p *msgPayload) int64 {
	var need int64 = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages
	if ch.IsThread() {
		need = discordgo.PermissionViewChannel | discordgo.PermissionSendMessagesInThreads
	}
	if len(p.Files) > 0 {
		need |= discordgo.PermissionAttachFiles
	}
	if p.Reference != nil {
		need |= discordgo.PermissionReadMessageHistory
	}
	return need
}

// permitLocked checks that the bot has the permissions need in a channel.
// When it has not, it records a Denial and returns Discord's answer for
// it; ok is true when the request may go on. DM channels check nothing.
func (s *Server) permitLocked(route Route, channelID string, need int64) (code int, message string, ok bool) {
	ch := s.channels[channelID]
	if ch == nil || ch.GuildID == "" {
		return 0, "", true
	}
	have := s.botPermsLocked(channelID)
	missing := need &^ have
	if missing == 0 {
		return 0, "", true
	}
	code, message = CodeMissingPermissions, "Missing Permissions"
	if missing&discordgo.PermissionViewChannel != 0 {
		code, message = CodeMissingAccess, "Missing Access"
	}
	s.denied = append(s.denied, Denial{Route: route, ChannelID: channelID, Missing: missing, Code: code, At: s.now()})
	s.changedLocked()
	return code, message, false
}

// permit is permitLocked for handlers that do not hold s.mu; it answers
// the request itself when it is refused.
func (s *Server) permit(w http.ResponseWriter, route Route, channelID string, need int64) bool {
	s.mu.Lock()
	code, msg, ok := s.permitLocked(route, channelID, need)
	s.mu.Unlock()
	if !ok {
		writeError(w, http.StatusForbidden, code, msg, nil)
	}
	return ok
}

// permissionNames spells out permission bits for humans.
func permissionNames(p int64) string {
	names := []struct {
		bit  int64
		name string
	}{
		{discordgo.PermissionViewChannel, "VIEW_CHANNEL"},
		{discordgo.PermissionSendMessages, "SEND_MESSAGES"},
		{discordgo.PermissionSendMessagesInThreads, "SEND_MESSAGES_IN_THREADS"},
		{discordgo.PermissionAttachFiles, "ATTACH_FILES"},
		{discordgo.PermissionEmbedLinks, "EMBED_LINKS"},
		{discordgo.PermissionReadMessageHistory, "READ_MESSAGE_HISTORY"},
	}
	var out []string
	for _, n := range names {
		if p&n.bit != 0 {
			out = append(out, n.name)
			p &^= n.bit
		}
	}
	if p != 0 {
		out = append(out, fmt.Sprintf("0x%x", p))
	}
	return strings.Join(out, "|")
}
