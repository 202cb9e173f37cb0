package discordfake

import (
	"encoding/json"
	"net/http"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// threadPerms lets the bot talk in threads.
const threadPerms = textPerms | discordgo.PermissionSendMessagesInThreads

// channelCall is one REST request about a channel, made with discordgo.
type channelCall struct {
	name  string
	route Route
	do    func(dg *discordgo.Session) error
}

// channelCalls are the requests a bot makes about a channel and a message
// of it. The post pings alice, so that a notification would show.
func channelCalls(channelID, msgID, alice string) []channelCall {
	ping := &discordgo.MessageSend{Content: "<@" + alice + ">, your turn", AllowedMentions: noPings(alice)}
	return []channelCall{
		{"get channel", RouteGetChannel, func(dg *discordgo.Session) error { _, err := dg.Channel(channelID); return err }},
		{"post", RouteCreateMessage, func(dg *discordgo.Session) error { _, err := dg.ChannelMessageSendComplex(channelID, ping); return err }},
		{"list", RouteListMessages, func(dg *discordgo.Session) error { _, err := dg.ChannelMessages(channelID, 10, "", "", ""); return err }},
		{"get message", RouteGetMessage, func(dg *discordgo.Session) error { _, err := dg.ChannelMessage(channelID, msgID); return err }},
		{"edit message", RouteEditMessage, func(dg *discordgo.Session) error {
			e := discordgo.NewMessageEdit(channelID, msgID).SetContent("edited")
			e.AllowedMentions = noPings()
			_, err := dg.ChannelMessageEditComplex(e)
			return err
		}},
		{"delete message", RouteDeleteMessage, func(dg *discordgo.Session) error { return dg.ChannelMessageDelete(channelID, msgID) }},
	}
}

// unchanged fails unless the channel's messages, the message and the
// notifications are as before: a refused request has no effect.
type unchanged struct {
	s       *Server
	channel string
	msgs    int
	msg     *Message
	notes   int
}

func snapshot(s *Server, channelID, msgID string) unchanged {
	return unchanged{s, channelID, len(s.Messages(channelID)), s.Message(msgID), len(s.Notifications(""))}
}

func (u unchanged) check(t testing.TB) {
	t.Helper()
	if got := len(u.s.Messages(u.channel)); got != u.msgs {
		t.Errorf("%d messages in the channel, want %d", got, u.msgs)
	}
	if got := u.s.Message(u.msg.ID); got != u.msg {
		t.Errorf("message %s changed: %+v", u.msg.ID, got)
	}
	if got := len(u.s.Notifications("")); got != u.notes {
		t.Errorf("%d notifications, want %d", got, u.notes)
	}
}

// wantRefused checks the answer and the one refusal a request left.
func wantRefused(t testing.TB, s *Server, before int, err error, route Route, status, code int) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted, want %d with code %d", status, code)
	}
	if gs, gc := restErr(t, err); gs != status || gc != code {
		t.Errorf("HTTP %d code %d, want %d code %d", gs, gc, status, code)
	}
	if r := s.Refused()[before:]; len(r) != 1 || r[0].Route != route || r[0].Status != status || r[0].Code != code || r[0].String() == "" {
		t.Errorf("refusals %v, want one of %s", r, route)
	}
}

// post sends a plain message and fails the test if it is refused.
func post(t testing.TB, dg *discordgo.Session, channelID, content string) *discordgo.Message {
	t.Helper()
	m, err := dg.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{Content: content, AllowedMentions: noPings()})
	if err != nil {
		t.Fatalf("post in %s: %v", channelID, err)
	}
	return m
}

func TestDeleteChannel(t *testing.T) {
	t.Parallel()
	s := New(t, Options{}) // a breach fails the test: a deleted channel is not the bot's fault
	w := s.NewWorld("alice")
	alice := w.Users[0].ID
	th := w.NewThread("game 1")
	doomed := s.AddChannel(Channel{GuildID: w.Guild.ID, Name: "doomed"})
	inside := s.AddChannel(Channel{Name: "inside", Type: discordgo.ChannelTypeGuildPublicThread, ParentID: doomed.ID, BotPermissions: threadPerms})
	registerCommands(t, s, chatCommand("deferred"))

	channelDeletes := make(chan *discordgo.ChannelDelete, 4)
	threadDeletes := make(chan *discordgo.ThreadDelete, 4)
	got := make(chan *discordgo.Interaction, 1)
	release := make(chan struct{})
	answers := make(chan error, 1)
	dg := openBot(t, s, func(dg *discordgo.Session, ic *discordgo.InteractionCreate) {
		respond(t, dg, ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
		got <- ic.Interaction
		<-release
		content := "board"
		_, err := dg.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &content, AllowedMentions: noPings()})
		answers <- err
	})
	dg.AddHandler(func(_ *discordgo.Session, e *discordgo.ChannelDelete) { channelDeletes <- e })
	dg.AddHandler(func(_ *discordgo.Session, e *discordgo.ThreadDelete) { threadDeletes <- e })
	s.WaitSessions(ctx(t), 1)
	m := post(t, dg, doomed.ID, "board")
	post(t, dg, inside.ID, "board")

	t.Run("CHANNEL_DELETE", func(t *testing.T) {
		s.DeleteChannel(doomed.ID)
		e := <-channelDeletes
		if e.ID != doomed.ID || e.GuildID != w.Guild.ID || e.Type != discordgo.ChannelTypeGuildText || e.Name != "doomed" {
			t.Errorf("CHANNEL_DELETE %+v", e.Channel)
		}
		if _, err := dg.State.Channel(doomed.ID); err == nil {
			t.Error("discordgo's state still has the channel")
		}
	})

	for _, c := range channelCalls(doomed.ID, m.ID, alice) {
		t.Run(c.name, func(t *testing.T) {
			before, u := len(s.Refused()), snapshot(s, doomed.ID, m.ID)
			wantRefused(t, s, before, c.do(dg), c.route, http.StatusNotFound, CodeUnknownChannel)
			u.check(t)
		})
	}

	t.Run("its threads went with it", func(t *testing.T) {
		before := len(s.Refused())
		_, err := dg.ChannelMessageSendComplex(inside.ID, &discordgo.MessageSend{Content: "x", AllowedMentions: noPings()})
		wantRefused(t, s, before, err, RouteCreateMessage, http.StatusNotFound, CodeUnknownChannel)
		if len(s.Messages(inside.ID)) != 1 {
			t.Error("a message was posted")
		}
	})

	t.Run("THREAD_DELETE", func(t *testing.T) {
		s.DeleteChannel(th.ID)
		e := <-threadDeletes
		if e.ID != th.ID || e.GuildID != w.Guild.ID || e.ParentID != w.Channel.ID || e.Type != discordgo.ChannelTypeGuildPublicThread {
			t.Errorf("THREAD_DELETE %+v", e.Channel)
		}
		before := len(s.Refused())
		_, err := dg.ChannelMessageSendComplex(th.ID, &discordgo.MessageSend{Content: "x", AllowedMentions: noPings()})
		wantRefused(t, s, before, err, RouteCreateMessage, http.StatusNotFound, CodeUnknownChannel)
	})

	t.Run("an interaction whose channel goes before its edit", func(t *testing.T) {
		c := s.AddChannel(Channel{GuildID: w.Guild.ID, Name: "short-lived"})
		h := s.SlashCommand(alice, c.ID, "deferred", "")
		<-got
		s.DeleteChannel(c.ID)
		before := len(s.Refused())
		close(release)
		wantRefused(t, s, before, <-answers, RouteWebhookEdit, http.StatusNotFound, CodeUnknownChannel)
		if r := h.Response(); !r.Message.Loading() {
			t.Errorf("@original %+v was edited", r.Message)
		}
	})

	t.Run("the rest of the guild lives on", func(t *testing.T) {
		post(t, dg, w.Channel.ID, "still here")
		chs, err := dg.GuildChannels(w.Guild.ID)
		if err != nil || len(chs) != 1 || chs[0].ID != w.Channel.ID {
			t.Errorf("guild channels %v, %v", chs, err)
		}
	})
}

// TestDeletedChannelInteractionExpires deletes a channel while the bot
// thinks about an interaction made there: its answer is refused, and the
// deadline passes without a breach, since the user saw the channel go.
func TestDeletedChannelInteractionExpires(t *testing.T) {
	t.Parallel()
	// Discord's 3 seconds: the channel must be deleted before the deadline
	// (else the bot did fail to answer), and a shorter one would make that
	// a matter of speed. The test waits for the deadline, in parallel.
	s := New(t, Options{})
	w := s.NewWorld("alice")
	registerCommands(t, s, chatCommand("slow"))
	got := make(chan *discordgo.Interaction, 1)
	release := make(chan struct{})
	answers := make(chan error, 1)
	openBot(t, s, func(dg *discordgo.Session, ic *discordgo.InteractionCreate) {
		got <- ic.Interaction
		<-release
		answers <- dg.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	})
	h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "slow", "")
	<-got
	s.DeleteChannel(w.Channel.ID)
	before := len(s.Refused())
	close(release)
	wantRefused(t, s, before, <-answers, RouteCallback, http.StatusNotFound, CodeUnknownChannel)
	if r := h.WaitUntil(ctx(t), func(r *Response) bool { return r.Expired }); r.Acked {
		t.Errorf("response %s", r)
	}
	if b := s.Breaches(); len(b) != 0 {
		t.Errorf("breaches %v", b)
	}
}

func TestSetBotPermissions(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice")
	alice := w.Users[0].ID
	th := w.NewThread("game 1")
	registerCommands(t, s, chatCommand("where"))
	dg := newSession(t, s, s.Token())
	m := post(t, dg, w.Channel.ID, "board")
	view := int64(discordgo.PermissionViewChannel)
	send := int64(discordgo.PermissionSendMessages)

	appPermissions := func(t *testing.T, channelID string) string {
		t.Helper()
		var p struct {
			AppPermissions string `json:"app_permissions"`
		}
		if err := json.Unmarshal(s.NewSlashCommand(alice, channelID, "where", "").Payload(), &p); err != nil {
			t.Fatal(err)
		}
		return p.AppPermissions
	}

	t.Run("without VIEW_CHANNEL every channel route is refused", func(t *testing.T) {
		s.SetBotPermissions(w.Channel.ID, textPerms&^view)
		invalid := s.InvalidRequests().Total
		for _, c := range channelCalls(w.Channel.ID, m.ID, alice) {
			t.Run(c.name, func(t *testing.T) {
				denials, u := len(s.Denied()), snapshot(s, w.Channel.ID, m.ID)
				err := c.do(dg)
				if status, code := restErr(t, err); status != http.StatusForbidden || code != CodeMissingAccess {
					t.Errorf("HTTP %d code %d, want 403 code %d", status, code, CodeMissingAccess)
				}
				if d := s.Denied()[denials:]; len(d) != 1 || d[0].Route != c.route || d[0].Missing&view == 0 {
					t.Errorf("denials %v", d)
				}
				u.check(t)
			})
		}
		if got := s.InvalidRequests().Total - invalid; got != 6 {
			t.Errorf("%d invalid requests counted, want 6", got)
		}
		if got := appPermissions(t, w.Channel.ID); got != strconv.FormatInt(textPerms&^view, 10) {
			t.Errorf("app_permissions %s", got)
		}
	})

	t.Run("a thread inherits the change", func(t *testing.T) {
		_, err := dg.ChannelMessageSendComplex(th.ID, &discordgo.MessageSend{Content: "x", AllowedMentions: noPings()})
		if status, code := restErr(t, err); status != 403 || code != CodeMissingAccess {
			t.Errorf("HTTP %d code %d", status, code)
		}
	})

	t.Run("without SEND_MESSAGES", func(t *testing.T) {
		s.SetBotPermissions(w.Channel.ID, textPerms&^send)
		_, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Content: "x", AllowedMentions: noPings()})
		if status, code := restErr(t, err); status != 403 || code != CodeMissingPermissions {
			t.Errorf("post: HTTP %d code %d", status, code)
		}
		e := discordgo.NewMessageEdit(w.Channel.ID, m.ID).SetContent("edited")
		e.AllowedMentions = noPings()
		if _, err := dg.ChannelMessageEditComplex(e); err != nil {
			t.Errorf("editing its own message needs no SEND_MESSAGES: %v", err)
		}
		if got := appPermissions(t, w.Channel.ID); got != strconv.FormatInt(textPerms&^send, 10) {
			t.Errorf("app_permissions %s, want %d", got, textPerms&^send)
		}
	})

	t.Run("0 is nothing at all", func(t *testing.T) {
		s.SetBotPermissions(w.Channel.ID, 0)
		if _, err := dg.Channel(w.Channel.ID); err == nil {
			t.Fatal("GET channel with no permissions succeeded")
		} else if status, code := restErr(t, err); status != 403 || code != CodeMissingAccess {
			t.Errorf("HTTP %d code %d", status, code)
		}
		if got := appPermissions(t, w.Channel.ID); got != "0" {
			t.Errorf("app_permissions %s, want 0", got)
		}
	})

	t.Run("access given back", func(t *testing.T) {
		s.SetBotPermissions(w.Channel.ID, textPerms)
		post(t, dg, w.Channel.ID, "back")
		if err := dg.ChannelMessageDelete(w.Channel.ID, m.ID); err != nil {
			t.Errorf("delete: %v", err)
		}
	})

	t.Run("unknown channel", func(t *testing.T) {
		rec := &recordingTB{TB: t}
		s2 := New(rec, Options{})
		if msg := rec.fatalOf(func() { s2.SetBotPermissions("123", textPerms) }); msg == "" {
			t.Error("SetBotPermissions accepted an unknown channel")
		}
	})
}

func TestArchiveThread(t *testing.T) {
	t.Parallel()
	s := New(t, Options{}) // refusals are no breaches
	w := s.NewWorld("alice")
	alice := w.Users[0].ID
	th := s.AddChannel(Channel{Name: "game 1", Type: discordgo.ChannelTypeGuildPublicThread, ParentID: w.Channel.ID, BotPermissions: threadPerms})
	updates := make(chan *discordgo.ThreadUpdate, 8)
	dg := openBot(t, s, nil)
	dg.AddHandler(func(_ *discordgo.Session, e *discordgo.ThreadUpdate) { updates <- e })
	s.WaitSessions(ctx(t), 1)
	m := post(t, dg, th.ID, "board")

	type meta struct{ archived, locked bool }
	wantState := func(t *testing.T, want meta) {
		t.Helper()
		e := <-updates
		if e.ID != th.ID || e.ThreadMetadata == nil || (meta{e.ThreadMetadata.Archived, e.ThreadMetadata.Locked}) != want {
			t.Errorf("THREAD_UPDATE %+v, metadata %+v; want %+v", e.Channel, e.ThreadMetadata, want)
		}
		ch, err := dg.Channel(th.ID)
		if err != nil || (meta{ch.ThreadMetadata.Archived, ch.ThreadMetadata.Locked}) != want {
			t.Errorf("GET channel: %+v, %v; want %+v", ch.ThreadMetadata, err, want)
		}
	}
	calls := map[string]channelCall{}
	for _, c := range channelCalls(th.ID, m.ID, alice) {
		calls[c.name] = c
	}
	refused := func(t *testing.T, names ...string) {
		t.Helper()
		for _, name := range names {
			t.Run(name, func(t *testing.T) {
				before, u := len(s.Refused()), snapshot(s, th.ID, m.ID)
				wantRefused(t, s, before, calls[name].do(dg), calls[name].route, http.StatusBadRequest, CodeArchivedThread)
				u.check(t)
			})
		}
	}

	t.Run("archived", func(t *testing.T) {
		s.ArchiveThread(th.ID, false)
		wantState(t, meta{archived: true})
		refused(t, "edit message")
		for _, name := range []string{"get channel", "list", "get message"} {
			if err := calls[name].do(dg); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	})

	t.Run("posting unarchives it", func(t *testing.T) {
		post(t, dg, th.ID, "still playing")
		wantState(t, meta{})
	})

	t.Run("archived and locked", func(t *testing.T) {
		s.ArchiveThread(th.ID, true)
		wantState(t, meta{archived: true, locked: true})
		refused(t, "post", "edit message", "delete message")
		if s.Message(m.ID).Deleted {
			t.Error("the message was deleted")
		}
	})

	t.Run("MANAGE_THREADS may post in a locked thread", func(t *testing.T) {
		s.SetBotPermissions(th.ID, threadPerms|discordgo.PermissionManageThreads)
		post(t, dg, th.ID, "moderator's word")
		wantState(t, meta{locked: true})
	})

	t.Run("archived threads leave GUILD_CREATE", func(t *testing.T) {
		s.ArchiveThread(th.ID, false)
		<-updates
		s.mu.Lock()
		g := s.wireGuildLocked(w.Guild.ID)
		s.mu.Unlock()
		if len(g.Threads) != 0 {
			t.Errorf("GUILD_CREATE threads %v", g.Threads)
		}
	})
}

func TestRemoveBot(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice")
	alice := w.Users[0].ID
	stays := s.NewWorld("bob")
	registerCommands(t, s, chatCommand("ping"))

	deletes := make(chan *discordgo.GuildDelete, 2)
	creates := make(chan *discordgo.GuildCreate, 8)
	got := make(chan *discordgo.Interaction, 1)
	release := make(chan struct{})
	dg := openBot(t, s, func(dg *discordgo.Session, ic *discordgo.InteractionCreate) {
		respond(t, dg, ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
		got <- ic.Interaction
		<-release // the bot is removed meanwhile
		content := "pong"
		if _, err := dg.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &content, AllowedMentions: noPings()}); err != nil {
			t.Errorf("edit after the removal: %v", err)
		}
	})
	dg.AddHandler(func(_ *discordgo.Session, e *discordgo.GuildDelete) { deletes <- e })
	dg.AddHandler(func(_ *discordgo.Session, e *discordgo.GuildCreate) { creates <- e })
	s.WaitSessions(ctx(t), 1)
	for range 2 {
		<-creates // the GUILD_CREATEs of READY, processed in order before what follows
	}
	m := post(t, dg, w.Channel.ID, "board")
	h := s.SlashCommand(alice, w.Channel.ID, "ping", "")
	<-got

	t.Run("GUILD_DELETE without unavailable", func(t *testing.T) {
		s.RemoveBot(w.Guild.ID)
		e := <-deletes
		if e.ID != w.Guild.ID || e.Unavailable || e.BeforeDelete == nil {
			t.Errorf("GUILD_DELETE %+v (before: %v)", e.Guild, e.BeforeDelete)
		}
		if _, err := dg.State.Guild(w.Guild.ID); err == nil {
			t.Error("discordgo's state still has the guild")
		}
	})

	calls := channelCalls(w.Channel.ID, m.ID, alice)
	calls = append(calls,
		channelCall{"get guild", "GET /guilds/{guild}", func(dg *discordgo.Session) error { _, err := dg.Guild(w.Guild.ID); return err }},
		channelCall{"guild channels", "GET /guilds/{guild}/channels", func(dg *discordgo.Session) error { _, err := dg.GuildChannels(w.Guild.ID); return err }},
		channelCall{"member", "GET /guilds/{guild}/members/{user}", func(dg *discordgo.Session) error { _, err := dg.GuildMember(w.Guild.ID, alice); return err }},
		channelCall{"guild commands", "PUT /applications/{app}/guilds/{guild}/commands", func(dg *discordgo.Session) error {
			_, err := dg.ApplicationCommandBulkOverwrite(s.ApplicationID(), w.Guild.ID, []*discordgo.ApplicationCommand{chatCommand("x")})
			return err
		}},
	)
	invalid := s.InvalidRequests().Total
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			before, u := len(s.Refused()), snapshot(s, w.Channel.ID, m.ID)
			wantRefused(t, s, before, c.do(dg), c.route, http.StatusForbidden, CodeMissingAccess)
			if r := s.Refused()[before:]; len(r) == 1 && r[0].GuildID != w.Guild.ID {
				t.Errorf("refusal %v names no guild", r[0])
			}
			u.check(t)
		})
	}
	if got := s.InvalidRequests().Total - invalid; got != len(calls) {
		t.Errorf("%d invalid requests counted, want %d", got, len(calls))
	}

	t.Run("an interaction made before stays answerable", func(t *testing.T) {
		close(release)
		if r := h.Wait(ctx(t)); r.Content() != "pong" {
			t.Errorf("response %s", r)
		}
	})

	t.Run("the other guild lives on", func(t *testing.T) {
		post(t, dg, stays.Channel.ID, "still here")
	})

	t.Run("a new session is not told of the guild", func(t *testing.T) {
		ready := make(chan int, 1)
		dg2 := newSession(t, s, s.Token())
		dg2.ShouldReconnectOnError = false
		dg2.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { ready <- len(r.Guilds) })
		if err := dg2.Open(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { go dg2.Close() })
		if n := <-ready; n != 1 {
			t.Errorf("READY lists %d guilds, want 1", n)
		}
	})

	t.Run("invited back", func(t *testing.T) {
		s.AddGuild(w.Guild)
		if e := <-creates; e.ID != w.Guild.ID {
			t.Errorf("GUILD_CREATE for %s", e.ID)
		}
		post(t, dg, w.Channel.ID, "hello again")
	})
}

// TestNoInteractionsFromLostPlaces checks that the dispatch helpers refuse
// interactions no user could make: in a deleted channel, a slash command
// in an archived thread, anything in a guild the bot was removed from.
func TestNoInteractionsFromLostPlaces(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	s := New(rec, Options{})
	w := s.NewWorld("alice")
	alice := w.Users[0].ID
	registerCommands(t, s, chatCommand("ping"))
	dg := newSession(t, s, s.Token())
	lobby, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{
		Content: "lobby", AllowedMentions: noPings(), Components: []discordgo.MessageComponent{row(buttons(1, "join")...)},
	})
	if err != nil {
		t.Fatal(err)
	}
	gone := s.AddChannel(Channel{GuildID: w.Guild.ID, Name: "gone"})
	s.DeleteChannel(gone.ID)
	th := w.NewThread("old game")
	s.ArchiveThread(th.ID, false)
	prepared := s.NewSlashCommand(alice, w.Channel.ID, "ping", "")

	for _, tc := range []struct {
		name   string
		act    func()
		remove bool // after RemoveBot
	}{
		{"slash command in a deleted channel", func() { s.NewSlashCommand(alice, gone.ID, "ping", "") }, false},
		{"slash command in an archived thread", func() { s.NewSlashCommand(alice, th.ID, "ping", "") }, false},
		{"slash command in a guild the bot left", func() { s.NewSlashCommand(alice, w.Channel.ID, "ping", "") }, true},
		{"click in a guild the bot left", func() { s.NewClick(alice, s.Message(lobby.ID), "joina") }, true},
		{"dispatching what was prepared before", func() { s.Dispatch(prepared) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.remove && !removed(s, w.Guild.ID) {
				s.RemoveBot(w.Guild.ID)
			}
			if msg := rec.fatalOf(tc.act); msg == "" {
				t.Error("the fake made the interaction")
			}
		})
	}
}

// removed reports whether the bot was removed from a guild.
func removed(s *Server, guildID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.removedFrom[guildID]
}
