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
		case c.BotPermissions != 0 || c.permsSet:
			p = c.BotPermissions
		case c.IsThread():
			if parent := s.channels[c.ParentID]; parent != nil && (parent.BotPermissions != 0 || parent.permsSet) {
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
// it: 403 with CodeMissingAccess without VIEW_CHANNEL, else with
// CodeMissingPermissions. DM channels check nothing.
func (s *Server) permitLocked(route Route, channelID string, need int64) *apiError {
	ch := s.channels[channelID]
	if ch == nil || ch.GuildID == "" {
		return nil
	}
	missing := need &^ s.botPermsLocked(channelID)
	if missing == 0 {
		return nil
	}
	e := &apiError{http.StatusForbidden, CodeMissingPermissions, "Missing Permissions"}
	if missing&discordgo.PermissionViewChannel != 0 {
		e = errMissingAccess()
	}
	s.denied = append(s.denied, Denial{Route: route, ChannelID: channelID, Missing: missing, Code: e.code, At: s.now()})
	s.changedLocked()
	return e
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
		{discordgo.PermissionManageThreads, "MANAGE_THREADS"},
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
