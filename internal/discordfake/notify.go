package discordfake

import (
	"time"

	"github.com/bwmarrin/discordgo"
)

// Notification is one user notified by one message: the ping that makes a
// phone buzz, as opposed to a mention merely shown.
type Notification struct {
	UserID    string
	MessageID string
	ChannelID string
	At        time.Time // when the message was created
}

// notifiedAtCreation returns who a message being created notifies: the
// users its content pings under allowed_mentions (Pinged), unless it is
// ephemeral or carries SUPPRESS_NOTIFICATIONS.
//
// Discord notifies only when a message is created. An edit rebuilds the
// mentions (the message is highlighted for the users it now mentions) but
// notifies nobody, and this includes the edit (or first followup) that
// fills a deferred interaction response, which Discord created empty when
// the bot deferred: discord-api-docs issues 1419 ("editing a message will
// update its mentions data, it does not actually produce any
// notifications"), 4034 and 5497; discord.js issue 9482. SUPPRESS_NOTIFICATIONS
// (1<<12) makes a message silent (Discord's "Message Flags"). An ephemeral
// message is shown to the one user who acted and pings nobody
// (interactions.py issue 175). Mentions in embeds never ping at all, so
// they are not in Pinged to begin with.
func notifiedAtCreation(m *Message) []string {
	if m.Ephemeral() || m.Flags&discordgo.MessageFlagsSuppressNotifications != 0 || len(m.Pinged) == 0 {
		return nil
	}
	return append([]string(nil), m.Pinged...)
}

// notifyLocked logs the notifications of a message just created. The log
// is append-only and a View holds it clipped to its length, so Views may
// share it: an append writes only past every View's end. (Clipping on
// every append instead copied the whole log each time.)
func (s *Server) notifyLocked(m *Message) {
	for _, u := range m.Notified {
		n := Notification{UserID: u, MessageID: m.ID, ChannelID: m.ChannelID, At: m.CreatedAt}
		s.notifications = append(s.notifications, n)
	}
}

// Notifications returns the notifications sent in a channel so far, in
// the order the messages were created; channelID "" returns every
// channel's.
func (s *Server) Notifications(channelID string) []Notification {
	s.mu.Lock()
	defer s.mu.Unlock()
	return notificationsIn(s.notifications, channelID)
}

// Notifications returns the notifications sent in a channel up to this
// snapshot, in order; channelID "" returns every channel's.
func (v *View) Notifications(channelID string) []Notification {
	return notificationsIn(v.notifications, channelID)
}

func notificationsIn(all []Notification, channelID string) []Notification {
	var out []Notification
	for _, n := range all {
		if channelID == "" || n.ChannelID == channelID {
			out = append(out, n)
		}
	}
	return out
}
