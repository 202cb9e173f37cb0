package discordfake

import (
	"time"

	"github.com/bwmarrin/discordgo"
)

// Guild is a guild (server) of the fake world.
type Guild struct {
	ID              string // default: a fresh snowflake
	Name            string // default "Test Guild"
	PreferredLocale string // default "en-US"
	OwnerID         string // default: none
}

// Channel is a text channel or a thread of the fake world. A channel with
// no GuildID is a DM channel. A thread (Type ChannelTypeGuildPublicThread,
// ChannelTypeGuildPrivateThread or ChannelTypeGuildNewsThread) has the text
// channel it lives in as ParentID, in the same guild.
type Channel struct {
	ID       string                // default: a fresh snowflake
	GuildID  string                // default for a thread: its parent's guild
	Name     string                // default "general"
	Type     discordgo.ChannelType // default ChannelTypeGuildText (ChannelTypeDM without a guild)
	ParentID string                // a thread's parent channel; empty otherwise
	// RecipientID is a DM channel's other user (the bot being the first);
	// empty for guild channels. Server.OpenDM and POST /users/@me/channels
	// set it.
	RecipientID string
	// BotPermissions is what the bot may do in this channel, as Discord
	// computes it from roles and overwrites and sends as app_permissions.
	// 0 means: a thread's parent's, else Options.AppPermissions (threads
	// inherit their parent's overwrites), unless the value was set by
	// Server.SetBotPermissions, which may set 0 for nothing at all.
	BotPermissions int64
	// Archived and Locked are a thread's thread_metadata (see
	// Server.ArchiveThread).
	Archived, Locked bool

	permsSet   bool      // BotPermissions holds even when 0
	archivedAt time.Time // archive_timestamp; zero: the thread's creation
}

// IsThread reports whether the channel is a thread.
func (c Channel) IsThread() bool { return isThreadType(c.Type) }

func isThreadType(t discordgo.ChannelType) bool {
	return t == discordgo.ChannelTypeGuildPublicThread || t == discordgo.ChannelTypeGuildPrivateThread ||
		t == discordgo.ChannelTypeGuildNewsThread
}

// User is a Discord user of the fake world.
type User struct {
	ID         string // default: a fresh snowflake
	Username   string // default "user<id>"
	GlobalName string // display name; may be empty
	Locale     string // client locale sent in interactions; default "en-US"
	// RefusesDMs: the user does not accept direct messages from the bot
	// (privacy settings, or the bot blocked). Discord still opens the DM
	// channel, but posting in it is refused with 403 CodeCannotSendToUser.
	RefusesDMs bool
}

// Member is a user's membership of a guild.
type Member struct {
	GuildID     string
	UserID      string
	Nick        string
	Roles       []string
	Permissions int64 // total permissions in the guild's channels; 0 means DefaultMemberPermissions
}

// AddGuild adds (or replaces) a guild and returns it with defaults filled
// in. Connected gateway sessions that handle the guild's shard receive a
// GUILD_CREATE for it.
func (s *Server) AddGuild(g Guild) Guild {
	if g.ID == "" {
		g.ID = s.newID()
	}
	if g.Name == "" {
		g.Name = "Test Guild"
	}
	if g.PreferredLocale == "" {
		g.PreferredLocale = string(discordgo.EnglishUS)
	}
	s.mu.Lock()
	if _, ok := s.guilds[g.ID]; !ok {
		s.guildOrder = append(s.guildOrder, g.ID)
	}
	gg := g
	s.guilds[g.ID] = &gg
	if s.members[g.ID] == nil {
		s.members[g.ID] = map[string]*Member{}
	}
	delete(s.removedFrom, g.ID) // the bot is invited back
	s.changedLocked()
	s.mu.Unlock()
	s.announceGuild(g.ID)
	return g
}

// AddChannel adds (or replaces) a channel and returns it with defaults
// filled in. Its guild must exist already; a thread's parent too, as a
// text channel of the same guild. Connected sessions get THREAD_CREATE for
// a new thread (THREAD_UPDATE for a replaced one), as from Discord; GUILD_CREATE
// lists threads apart from channels.
func (s *Server) AddChannel(c Channel) Channel {
	s.t.Helper()
	if c.ID == "" {
		c.ID = s.newID()
	}
	if c.Name == "" {
		c.Name = "general"
	}
	c, event := s.addChannel(c)
	if event != "" {
		s.announceThread(event, c)
	}
	return c
}

// addChannel stores a channel; for a thread it returns the gateway event
// announcing it.
func (s *Server) addChannel(c Channel) (Channel, string) {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.IsThread() {
		parent := s.channels[c.ParentID]
		switch {
		case parent == nil:
			s.t.Fatalf("discordfake: AddChannel: thread %q: unknown parent channel %q", c.Name, c.ParentID)
		case parent.IsThread() || parent.GuildID == "":
			s.t.Fatalf("discordfake: AddChannel: thread %q: parent %s is not a guild text channel", c.Name, c.ParentID)
		case c.GuildID == "":
			c.GuildID = parent.GuildID
		case c.GuildID != parent.GuildID:
			s.t.Fatalf("discordfake: AddChannel: thread %q is in guild %s but its parent in %s", c.Name, c.GuildID, parent.GuildID)
		}
	} else if c.ParentID != "" {
		s.t.Fatalf("discordfake: AddChannel: channel %q has a ParentID but is not a thread (type %d)", c.Name, c.Type)
	}
	switch {
	case (c.Archived || c.Locked) && !c.IsThread():
		s.t.Fatalf("discordfake: AddChannel: channel %q is archived or locked but not a thread", c.Name)
	case s.goneChannels[c.ID] != nil:
		s.t.Fatalf("discordfake: AddChannel: channel %s was deleted; Discord never reuses ids", c.ID)
	}
	if c.GuildID != "" && s.guilds[c.GuildID] == nil {
		s.t.Fatalf("discordfake: AddChannel: unknown guild %s", c.GuildID)
	}
	event := ""
	if c.IsThread() {
		event = "THREAD_CREATE"
		if s.channels[c.ID] != nil {
			event = "THREAD_UPDATE"
		}
	}
	cc := c
	s.channels[c.ID] = &cc
	s.changedLocked()
	return c, event
}

// announceThread sends THREAD_CREATE or THREAD_UPDATE to the sessions that
// receive the thread's guild's events with the GUILDS intent.
func (s *Server) announceThread(event string, c Channel) {
	s.mu.Lock()
	sessions := s.liveSessionsLocked(c.GuildID)
	if s.removedFrom[c.GuildID] {
		sessions = nil
	}
	ch := s.wireChannelLocked(c.ID)
	s.mu.Unlock()
	data := struct {
		*discordgo.Channel
		NewlyCreated bool `json:"newly_created,omitempty"`
	}{ch, event == "THREAD_CREATE"}
	for _, sess := range sessions {
		if sess.intents&discordgo.IntentGuilds != 0 {
			s.sendDispatch(sess, event, data)
		}
	}
}

// AddUser adds (or replaces) a user and returns it with defaults filled in.
func (s *Server) AddUser(u User) User {
	if u.ID == "" {
		u.ID = s.newID()
	}
	if u.Username == "" {
		u.Username = "user" + u.ID
	}
	if u.Locale == "" {
		u.Locale = string(discordgo.EnglishUS)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	uu := u
	s.users[u.ID] = &uu
	s.changedLocked()
	return u
}

// AddMember makes a user a member of a guild (or updates the membership).
// Both must exist already.
func (s *Server) AddMember(m Member) Member {
	s.t.Helper()
	if m.Permissions == 0 {
		m.Permissions = DefaultMemberPermissions
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.guilds[m.GuildID] == nil {
		s.t.Fatalf("discordfake: AddMember: unknown guild %s", m.GuildID)
	}
	if s.users[m.UserID] == nil {
		s.t.Fatalf("discordfake: AddMember: unknown user %s", m.UserID)
	}
	mm := m
	mm.Roles = append([]string(nil), m.Roles...)
	s.members[m.GuildID][m.UserID] = &mm
	s.changedLocked()
	return m
}

// SetPermissions sets a member's permissions, e.g. to grant
// discordgo.PermissionManageChannels. The member is created if needed.
func (s *Server) SetPermissions(guildID, userID string, perms int64) {
	s.t.Helper()
	s.mu.Lock()
	m := s.members[guildID][userID]
	s.mu.Unlock()
	mm := Member{GuildID: guildID, UserID: userID}
	if m != nil {
		mm = *m
	}
	mm.Permissions = perms
	s.AddMember(mm)
}

// World is a convenience that builds a guild with one channel and the given
// users, all members with default permissions.
type World struct {
	Guild   Guild
	Channel Channel
	Users   []User

	s *Server // the server that built it, for NewThread
}

// NewWorld adds a guild, a channel "general" and one member per username.
func (s *Server) NewWorld(usernames ...string) World {
	w := World{Guild: s.AddGuild(Guild{}), s: s}
	w.Channel = s.AddChannel(Channel{GuildID: w.Guild.ID})
	for _, name := range usernames {
		u := s.AddUser(User{Username: name, GlobalName: name})
		s.AddMember(Member{GuildID: w.Guild.ID, UserID: u.ID})
		w.Users = append(w.Users, u)
	}
	return w
}

// NewThread adds a public thread called name under the world's channel and
// returns it. The bot's permissions there are the channel's unless the
// thread is replaced with AddChannel and other BotPermissions.
func (w *World) NewThread(name string) Channel {
	if w.s == nil {
		panic("discordfake: World.NewThread on a World not built by Server.NewWorld")
	}
	w.s.t.Helper()
	return w.s.AddChannel(Channel{
		GuildID:  w.Guild.ID,
		Name:     name,
		Type:     discordgo.ChannelTypeGuildPublicThread,
		ParentID: w.Channel.ID,
	})
}

// memberPermsLocked returns the permissions of a user in a guild; users
// that were never added as members get DefaultMemberPermissions, and the
// guild owner and administrators get everything.
func (s *Server) memberPermsLocked(guildID, userID string) int64 {
	if g := s.guilds[guildID]; g != nil && g.OwnerID == userID && userID != "" {
		return discordgo.PermissionAll
	}
	p := DefaultMemberPermissions
	if m := s.members[guildID][userID]; m != nil {
		p = m.Permissions
	}
	if p&discordgo.PermissionAdministrator != 0 {
		return discordgo.PermissionAll
	}
	return p
}

// wireUserLocked returns the discordgo form of a user.
func (s *Server) wireUserLocked(id string) *discordgo.User {
	if id == s.opts.BotUserID {
		return s.botUser()
	}
	u := s.users[id]
	if u == nil {
		return &discordgo.User{ID: id, Username: "unknown", Discriminator: "0"}
	}
	return &discordgo.User{
		ID:            u.ID,
		Username:      u.Username,
		GlobalName:    u.GlobalName,
		Discriminator: "0",
		Locale:        u.Locale,
	}
}

// wireMemberLocked returns the discordgo form of a member, as carried in
// interactions (with the computed permissions).
func (s *Server) wireMemberLocked(guildID, userID string) *discordgo.Member {
	m := &discordgo.Member{
		User:        s.wireUserLocked(userID),
		Roles:       []string{},
		Permissions: s.memberPermsLocked(guildID, userID),
		JoinedAt:    snowflakeTime(guildID),
	}
	if mm := s.members[guildID][userID]; mm != nil {
		m.Nick = mm.Nick
		m.Roles = append(m.Roles, mm.Roles...)
	}
	return m
}

// wireChannelLocked returns the discordgo form of a channel.
func (s *Server) wireChannelLocked(id string) *discordgo.Channel {
	c := s.channels[id]
	if c == nil {
		return nil
	}
	ch := &discordgo.Channel{ID: c.ID, GuildID: c.GuildID, Name: c.Name, Type: c.Type, ParentID: c.ParentID}
	if c.GuildID == "" && c.Type == discordgo.ChannelTypeGuildText {
		ch.Type = discordgo.ChannelTypeDM
	}
	if ch.Type == discordgo.ChannelTypeDM {
		ch.Name = "" // a DM has no name, only recipients
		if c.RecipientID != "" {
			ch.Recipients = []*discordgo.User{s.wireUserLocked(c.RecipientID)}
		}
	}
	if c.IsThread() {
		at := c.archivedAt
		if at.IsZero() {
			at = snowflakeTime(c.ID)
		}
		ch.ThreadMetadata = &discordgo.ThreadMetadata{AutoArchiveDuration: 1440, Archived: c.Archived, Locked: c.Locked, ArchiveTimestamp: at.UTC()}
	}
	return ch
}

// wireGuildLocked returns the discordgo form of a guild as in GUILD_CREATE.
func (s *Server) wireGuildLocked(id string) *discordgo.Guild {
	g := s.guilds[id]
	if g == nil {
		return nil
	}
	wg := &discordgo.Guild{
		ID:              g.ID,
		Name:            g.Name,
		OwnerID:         g.OwnerID,
		PreferredLocale: g.PreferredLocale,
		JoinedAt:        s.now().UTC(),
		Roles: []*discordgo.Role{{
			ID:          g.ID, // @everyone has the guild's id
			Name:        "@everyone",
			Permissions: DefaultMemberPermissions,
		}},
		Channels: []*discordgo.Channel{},
		Members:  []*discordgo.Member{},
	}
	// As in GUILD_CREATE, active threads come in their own list; archived
	// ones are not synced up front ("Threads", Active & Archived Threads).
	for _, c := range s.channels {
		switch {
		case c.GuildID != id, c.Archived:
		case c.IsThread():
			wg.Threads = append(wg.Threads, s.wireChannelLocked(c.ID))
		default:
			wg.Channels = append(wg.Channels, s.wireChannelLocked(c.ID))
		}
	}
	wg.Members = append(wg.Members, &discordgo.Member{User: s.botUser(), Roles: []string{}, JoinedAt: wg.JoinedAt})
	wg.MemberCount = len(s.members[id]) + 1
	return wg
}
