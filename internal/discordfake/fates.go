package discordfake

import (
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Refusal records a request Discord refused because of what became of the
// place it addresses: a channel deleted (404, CodeUnknownChannel), a guild
// the bot was removed from (403, CodeMissingAccess), a thread archived or
// locked (400, CodeArchivedThread). Like a Denial it is not a breach: a
// moderator did it, and the bot must cope (forget the game, tell the
// players elsewhere), not crash. Tests look at Refused instead.
type Refusal struct {
	Route     Route     // the refused request's route
	ChannelID string    // the channel addressed, "" for a guild route
	GuildID   string    // its guild
	Status    int       // the HTTP status answered
	Code      int       // Discord's JSON error code answered
	Reason    string    // what became of the place, for humans
	At        time.Time // on the fake's clock (Options.Now)
}

// String describes the refusal, for failure messages.
func (r Refusal) String() string {
	where := "guild " + r.GuildID
	if r.ChannelID != "" {
		where = "channel " + r.ChannelID
	}
	return fmt.Sprintf("%s in %s refused (%d, %d): %s", r.Route, where, r.Status, r.Code, r.Reason)
}

// Refused returns every request refused because of what became of the
// place it addresses, oldest first.
func (s *Server) Refused() []Refusal {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Refusal(nil), s.refused...)
}

// Refused returns the refusals up to this snapshot.
func (v *View) Refused() []Refusal { return v.refused }

// apiError is an answer Discord gives instead of doing a request.
type apiError struct {
	status, code int
	message      string
}

func (e *apiError) write(w http.ResponseWriter) { writeError(w, e.status, e.code, e.message, nil) }

// refuseLocked records a Refusal and returns its answer.
func (s *Server) refuseLocked(route Route, channelID, guildID string, e *apiError, reason string) *apiError {
	s.refused = append(s.refused, Refusal{
		Route: route, ChannelID: channelID, GuildID: guildID,
		Status: e.status, Code: e.code, Reason: reason, At: s.now(),
	})
	s.changedLocked()
	return e
}

// The answers for places the bot cannot use.
func errUnknownChannel() *apiError {
	return &apiError{http.StatusNotFound, CodeUnknownChannel, "Unknown Channel"}
}
func errMissingAccess() *apiError {
	return &apiError{http.StatusForbidden, CodeMissingAccess, "Missing Access"}
}
func errArchived() *apiError {
	return &apiError{http.StatusBadRequest, CodeArchivedThread, "Thread is archived"}
}

// anyChannelLocked returns a channel, deleted or not, or nil.
func (s *Server) anyChannelLocked(id string) *Channel {
	if c := s.channels[id]; c != nil {
		return c
	}
	return s.goneChannels[id]
}

// channelLocked resolves the {channel} of a channel route for the bot. A
// channel that never existed is a breach; one that was deleted, or whose
// guild the bot was removed from, is refused. The answer to give is
// returned as an error.
func (s *Server) channelLocked(r *http.Request, route Route) (*Channel, *apiError) {
	id := r.PathValue("channel")
	c := s.anyChannelLocked(id)
	switch {
	case c == nil:
		s.breachLocked(Breach{Rule: RuleUnknownResource, Detail: "Unknown Channel", Request: reqName(r)})
		return nil, errUnknownChannel()
	case s.removedFrom[c.GuildID]:
		return nil, s.refuseLocked(route, id, c.GuildID, errMissingAccess(), "the bot was removed from the channel's guild")
	case s.goneChannels[id] != nil:
		return nil, s.refuseLocked(route, id, c.GuildID, errUnknownChannel(), "the channel was deleted")
	}
	return c, nil
}

// guildLocked checks the {guild} of a guild route: a guild that never
// existed is a breach (10004 Unknown Guild); one the bot was removed from
// is refused with Missing Access, which is what Discord answers a bot
// about a guild it is not in.
func (s *Server) guildLocked(r *http.Request, route Route) *apiError {
	id := r.PathValue("guild")
	switch {
	case s.guilds[id] == nil:
		s.breachLocked(Breach{Rule: RuleUnknownResource, Detail: "Unknown Guild", Request: reqName(r)})
		return &apiError{http.StatusNotFound, 10004, "Unknown Guild"}
	case s.removedFrom[id]:
		return s.refuseLocked(route, "", id, errMissingAccess(), "the bot was removed from the guild")
	}
	return nil
}

// threadOp is what a request does to messages of a channel, for the rules
// of archived and locked threads.
type threadOp int

const (
	opPost threadOp = iota
	opEdit
	opDelete
)

// threadRulesLocked applies Discord's rules for archived and locked threads
// (Discord's "Threads", Active & Archived Threads and Locked Threads):
// nobody edits messages in an archived thread; posting unarchives one; in a
// locked thread, only a bot with MANAGE_THREADS posts or edits, and, once
// it is archived too, deletes. A refusal is answered 400 with
// CodeArchivedThread; for a locked thread that is not archived (one a
// moderator posted in) that code is the fake's guess.
func (s *Server) threadRulesLocked(route Route, ch *Channel, op threadOp) *apiError {
	if !ch.IsThread() {
		return nil
	}
	manage := s.botPermsLocked(ch.ID)&discordgo.PermissionManageThreads != 0
	switch {
	case ch.Archived && op == opEdit:
		return s.refuseLocked(route, ch.ID, ch.GuildID, errArchived(), "messages of an archived thread cannot be edited")
	case ch.Locked && !manage && (op != opDelete || ch.Archived):
		return s.refuseLocked(route, ch.ID, ch.GuildID, errArchived(), "the thread is locked and the bot lacks MANAGE_THREADS")
	}
	return nil
}

// unarchiveLocked unarchives a thread the bot just posted in, as Discord
// does, and returns its new state for THREAD_UPDATE; nil if it was not
// archived.
func (s *Server) unarchiveLocked(ch *Channel) *discordgo.Channel {
	if !ch.IsThread() || !ch.Archived {
		return nil
	}
	cc := *ch
	cc.Archived = false
	cc.archivedAt = s.now()
	s.channels[ch.ID] = &cc
	s.changedLocked()
	return s.wireChannelLocked(ch.ID)
}

// interactionChannelLocked refuses a request of an interaction whose
// channel was deleted: its response and followups would be messages there.
func (s *Server) interactionChannelLocked(route Route, in *interaction) *apiError {
	if c := s.goneChannels[in.channelID]; c != nil {
		return s.refuseLocked(route, in.channelID, c.GuildID, errUnknownChannel(), "the interaction's channel was deleted")
	}
	return nil
}

// placeProblemLocked says why no user can make an interaction of this
// kind in a channel, or returns nil.
func (s *Server) placeProblemLocked(kind discordgo.InteractionType, channelID string) error {
	ch := s.channels[channelID]
	switch {
	case ch == nil && s.goneChannels[channelID] != nil:
		return fmt.Errorf("channel %s was deleted (DeleteChannel): nobody can act in it", channelID)
	case ch == nil:
		return fmt.Errorf("unknown channel %s (add it with AddChannel)", channelID)
	case s.removedFrom[ch.GuildID]:
		return fmt.Errorf("the bot was removed from guild %s (RemoveBot): Discord sends it no interactions from there", ch.GuildID)
	case ch.Archived && (kind == discordgo.InteractionApplicationCommand || kind == discordgo.InteractionApplicationCommandAutocomplete):
		return fmt.Errorf("thread %s is archived (ArchiveThread): Discord lets nobody use application commands in it", channelID)
	}
	return nil
}

// guildSessionsLocked returns the ready sessions that receive a guild's
// events with the GUILDS intent, which every CHANNEL_*, THREAD_* and
// GUILD_* event needs (Discord's "Gateway", Gateway Intents). A session
// waiting to resume is included: it gets the event on Resume.
func (s *Server) guildSessionsLocked(guildID string) []*gwSession {
	var out []*gwSession
	for _, sess := range s.sessionOrder {
		if sess.ready && sess.intents&discordgo.IntentGuilds != 0 && shardFor(guildID, sess.shard[1]) == sess.shard[0] {
			out = append(out, sess)
		}
	}
	return out
}

// guildEvent is a gateway event about a guild, built under s.mu when the
// change is made and sent once it is released.
type guildEvent struct {
	to   []*gwSession
	typ  string
	data any
}

// eventLocked prepares an event for the guild's sessions; none when the
// bot is no longer in the guild.
func (s *Server) eventLocked(guildID, typ string, data any) guildEvent {
	if s.removedFrom[guildID] {
		return guildEvent{}
	}
	return guildEvent{to: s.guildSessionsLocked(guildID), typ: typ, data: data}
}

// send dispatches the event. The caller must not hold s.mu.
func (s *Server) send(evs ...guildEvent) {
	for _, ev := range evs {
		for _, sess := range ev.to {
			s.sendDispatch(sess, ev.typ, ev.data)
		}
	}
}

// threadDeleteData is THREAD_DELETE's payload: "a subset of the channel
// object, containing just the id, guild_id, parent_id, and type fields"
// (Discord's "Gateway Events", Thread Delete).
type threadDeleteData struct {
	ID       string                `json:"id"`
	GuildID  string                `json:"guild_id"`
	ParentID string                `json:"parent_id"`
	Type     discordgo.ChannelType `json:"type"`
}

// DeleteChannel deletes a channel or a thread as a moderator would. From
// then on every request addressing it (GET /channels/{channel}, creating,
// listing, getting, editing or deleting its messages, and the interaction
// endpoints of interactions made in it) is answered 404 with
// CodeUnknownChannel and recorded in Refused, not as a breach; interactions
// made in it and not yet answered no longer run against the response
// deadline. A text channel's threads go with it. The sessions of the
// guild's shard get CHANNEL_DELETE with the channel object, or THREAD_DELETE
// with the thread's id, guild_id, parent_id and type (Discord's "Gateway
// Events"); the threads that go with a channel get no event of their own,
// as far as anyone knows. The channel's messages stay readable through
// Messages and Message. The channel must exist.
func (s *Server) DeleteChannel(id string) {
	s.t.Helper()
	s.mu.Lock()
	c := s.channels[id]
	if c == nil {
		s.mu.Unlock()
		s.t.Fatalf("discordfake: DeleteChannel: no channel %s (deleted already?)", id)
		return
	}
	var ev guildEvent
	if c.IsThread() {
		ev = s.eventLocked(c.GuildID, "THREAD_DELETE", threadDeleteData{c.ID, c.GuildID, c.ParentID, c.Type})
	} else {
		ev = s.eventLocked(c.GuildID, "CHANNEL_DELETE", s.wireChannelLocked(c.ID))
	}
	for _, cc := range s.channels {
		if cc.ID == id || cc.ParentID == id {
			delete(s.channels, cc.ID)
			s.goneChannels[cc.ID] = cc
		}
	}
	s.changedLocked()
	s.mu.Unlock()
	s.send(ev)
}

// SetBotPermissions changes what the bot may do in an existing channel, as
// an admin editing its roles or the channel's overwrites would; a thread
// that sets none of its own inherits its parent's. perms 0 takes every
// permission away (unlike Channel.BotPermissions 0, which inherits).
// Requests are checked against the new permissions at once: without
// VIEW_CHANNEL every channel route is answered 403 with CodeMissingAccess,
// without another permission a request needs 403 with
// CodeMissingPermissions (see Denied); interactions carry the new
// app_permissions. No gateway event is sent: the bot learns from the
// refusals and from app_permissions.
func (s *Server) SetBotPermissions(channelID string, perms int64) {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[channelID]
	if c == nil {
		s.t.Fatalf("discordfake: SetBotPermissions: no channel %s", channelID)
		return
	}
	cc := *c
	cc.BotPermissions, cc.permsSet = perms, true
	s.channels[channelID] = &cc
	s.changedLocked()
}

// ArchiveThread archives a thread, and locks it too if locked, as a
// moderator (or Discord's inactivity timer) would. Its channel object then
// shows thread_metadata.archived (and locked) and it leaves GUILD_CREATE's
// active threads; the sessions of the guild's shard get THREAD_UPDATE.
// Discord's rules for archived threads apply from then on (Discord's
// "Threads", Active & Archived Threads, Locked Threads): editing a message
// in it is refused 400 with CodeArchivedThread; posting in it unarchives it
// (another THREAD_UPDATE) unless it is locked and the bot lacks
// MANAGE_THREADS, in which case posting, and deleting, are refused with
// CodeArchivedThread too. Refusals are recorded in Refused, not as
// breaches. Users cannot run slash commands in an archived thread, so
// dispatching one there fails the test.
func (s *Server) ArchiveThread(id string, locked bool) {
	s.t.Helper()
	s.mu.Lock()
	c := s.channels[id]
	if c == nil || !c.IsThread() {
		s.mu.Unlock()
		s.t.Fatalf("discordfake: ArchiveThread: %s is not a live thread", id)
		return
	}
	cc := *c
	cc.Archived, cc.Locked, cc.archivedAt = true, locked, s.now()
	s.channels[id] = &cc
	ev := s.eventLocked(cc.GuildID, "THREAD_UPDATE", s.wireChannelLocked(id))
	s.changedLocked()
	s.mu.Unlock()
	s.send(ev)
}

// guildDeleteData is GUILD_DELETE's payload, an unavailable guild object
// without "unavailable": that is how Discord says the bot was removed
// rather than the guild being in an outage (Discord's "Gateway Events",
// Guild Delete).
type guildDeleteData struct {
	ID string `json:"id"`
}

// RemoveBot removes the bot from a guild, as a kick or ban would. The
// sessions of the guild's shard get GUILD_DELETE without "unavailable".
// From then on every request about the guild or its channels (channel and
// message routes, GET /guilds/{guild}..., the guild's commands) is answered
// 403 with CodeMissingAccess and recorded in Refused, not as a breach; no
// interaction can be dispatched from the guild (the dispatch helpers fail
// the test), and new sessions do not get it in READY. Interactions made
// before stay answerable: their endpoints belong to the application, not
// to the bot's membership. AddGuild with the guild's id invites the bot
// back.
func (s *Server) RemoveBot(guildID string) {
	s.t.Helper()
	s.mu.Lock()
	if s.guilds[guildID] == nil || s.removedFrom[guildID] {
		s.mu.Unlock()
		s.t.Fatalf("discordfake: RemoveBot: the bot is in no guild %s", guildID)
		return
	}
	ev := s.eventLocked(guildID, "GUILD_DELETE", guildDeleteData{guildID})
	s.removedFrom[guildID] = true
	s.changedLocked()
	s.mu.Unlock()
	s.send(ev)
}
