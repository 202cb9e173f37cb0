package discordfake

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// textPerms are DefaultAppPermissions as an int64, for arithmetic.
const textPerms int64 = DefaultAppPermissions

func TestThreads(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice")
	th := w.NewThread("game 1")
	dg := newSession(t, s, s.Token())

	if th.Type != discordgo.ChannelTypeGuildPublicThread || th.ParentID != w.Channel.ID || th.GuildID != w.Guild.ID || th.Name != "game 1" || !th.IsThread() {
		t.Errorf("thread = %+v", th)
	}
	if w.Channel.IsThread() {
		t.Error("the world's channel is a thread")
	}

	t.Run("GET /channels/{thread}", func(t *testing.T) {
		ch, err := dg.Channel(th.ID)
		if err != nil {
			t.Fatal(err)
		}
		if ch.Type != discordgo.ChannelTypeGuildPublicThread || ch.ParentID != w.Channel.ID || ch.GuildID != w.Guild.ID || ch.ThreadMetadata == nil {
			t.Errorf("channel = %+v", ch)
		}
		parent, err := dg.Channel(w.Channel.ID)
		if err != nil || parent.Type != discordgo.ChannelTypeGuildText || parent.ParentID != "" {
			t.Errorf("parent = %+v, %v", parent, err)
		}
	})

	t.Run("threads are not guild channels", func(t *testing.T) {
		chs, err := dg.GuildChannels(w.Guild.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range chs {
			if c.ID == th.ID {
				t.Error("GET /guilds/{guild}/channels lists the thread")
			}
		}
		s.mu.Lock()
		g := s.wireGuildLocked(w.Guild.ID)
		s.mu.Unlock()
		if len(g.Threads) != 1 || g.Threads[0].ID != th.ID {
			t.Errorf("GUILD_CREATE threads = %v", g.Threads)
		}
	})

	t.Run("interactions carry the thread and the bot's permissions there", func(t *testing.T) {
		registerCommands(t, s, chatCommand("where"))
		perms := make(chan int64, 1)
		threads := make(chan *discordgo.ThreadCreate, 1)
		dg := openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
			perms <- i.AppPermissions
			respond(t, dg, i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "here", AllowedMentions: noPings()},
			})
		})
		dg.AddHandler(func(_ *discordgo.Session, tc *discordgo.ThreadCreate) { threads <- tc })
		s.WaitSessions(ctx(t), 1) // THREAD_CREATE goes to ready sessions only
		threadPerms := textPerms | discordgo.PermissionSendMessagesInThreads
		busy := s.AddChannel(Channel{Name: "game 2", Type: discordgo.ChannelTypeGuildPublicThread, ParentID: w.Channel.ID, BotPermissions: threadPerms})
		if tc := <-threads; tc.ID != busy.ID || tc.ParentID != w.Channel.ID || !tc.NewlyCreated {
			t.Errorf("THREAD_CREATE %+v", tc)
		}
		type seen struct {
			channelID, parentID string
			typ                 discordgo.ChannelType
			perms               int64
		}
		for _, tc := range []struct {
			ch   Channel
			want seen
		}{
			{w.Channel, seen{w.Channel.ID, "", discordgo.ChannelTypeGuildText, textPerms}},
			{th, seen{th.ID, w.Channel.ID, discordgo.ChannelTypeGuildPublicThread, textPerms}},
			{busy, seen{busy.ID, w.Channel.ID, discordgo.ChannelTypeGuildPublicThread, threadPerms}},
		} {
			h := s.SlashCommand(w.Users[0].ID, tc.ch.ID, "where", "")
			r := h.Wait(ctx(t))
			// discordgo v0.29 does not decode the interaction's channel
			// object; the payload has it.
			var p struct {
				ChannelID      string `json:"channel_id"`
				AppPermissions string `json:"app_permissions"`
				Channel        struct {
					ID       string                `json:"id"`
					Type     discordgo.ChannelType `json:"type"`
					ParentID string                `json:"parent_id"`
				} `json:"channel"`
			}
			if err := json.Unmarshal(h.Payload(), &p); err != nil {
				t.Fatal(err)
			}
			got := seen{p.Channel.ID, p.Channel.ParentID, p.Channel.Type, <-perms}
			if got != tc.want || p.ChannelID != tc.ch.ID || p.AppPermissions != strconv.FormatInt(tc.want.perms, 10) {
				t.Errorf("in %s the interaction carried %+v, want %+v", tc.ch.Name, got, tc.want)
			}
			if r.Message.ChannelID != tc.ch.ID {
				t.Errorf("response posted in %s", r.Message.ChannelID)
			}
		}
	})
}

func TestBotPermissions(t *testing.T) {
	t.Parallel()
	s := New(t, Options{}) // a breach would fail the test: denials are not breaches
	w := s.NewWorld()
	dg := newSession(t, s, s.Token())
	g := w.Guild.ID
	view := int64(discordgo.PermissionViewChannel)
	send := int64(discordgo.PermissionSendMessages)
	inThreads := int64(discordgo.PermissionSendMessagesInThreads)
	attach := int64(discordgo.PermissionAttachFiles)
	history := int64(discordgo.PermissionReadMessageHistory)

	text := &discordgo.MessageSend{Content: "board", AllowedMentions: noPings()}
	withFile := &discordgo.MessageSend{Content: "board", AllowedMentions: noPings(), Files: []*discordgo.File{pngFile(t, "board.png")}}
	for _, tc := range []struct {
		name     string
		channel  Channel
		parent   int64 // BotPermissions of the thread's parent, if a thread
		msg      *discordgo.MessageSend
		wantCode int   // 0: posted
		missing  int64 // the denial's Missing
	}{
		{"text channel, default permissions", Channel{}, 0, withFile, 0, 0},
		{"no SEND_MESSAGES", Channel{BotPermissions: textPerms &^ send}, 0, text, CodeMissingPermissions, send},
		{"no VIEW_CHANNEL", Channel{BotPermissions: textPerms &^ view}, 0, text, CodeMissingAccess, view},
		{"no ATTACH_FILES, with a file", Channel{BotPermissions: textPerms &^ attach}, 0, withFile, CodeMissingPermissions, attach},
		{"no ATTACH_FILES, text only", Channel{BotPermissions: textPerms &^ attach}, 0, text, 0, 0},
		{"administrator", Channel{BotPermissions: discordgo.PermissionAdministrator}, 0, withFile, 0, 0},
		{"thread, default permissions", Channel{Type: discordgo.ChannelTypeGuildPublicThread}, 0, text, CodeMissingPermissions, inThreads},
		{"thread, SEND_MESSAGES_IN_THREADS without SEND_MESSAGES", Channel{Type: discordgo.ChannelTypeGuildPublicThread, BotPermissions: textPerms&^send | inThreads}, 0, withFile, 0, 0},
		{"thread inherits its parent's", Channel{Type: discordgo.ChannelTypeGuildPublicThread}, textPerms | inThreads, text, 0, 0},
		{"thread whose parent forbids", Channel{Type: discordgo.ChannelTypeGuildPublicThread}, textPerms &^ view, text, CodeMissingAccess, view | inThreads},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.channel
			c.GuildID = g
			if c.IsThread() {
				c.ParentID = s.AddChannel(Channel{GuildID: g, Name: "parent", BotPermissions: tc.parent}).ID
			}
			c = s.AddChannel(c)
			denials := len(s.Denied())
			for _, f := range tc.msg.Files {
				f.Reader = pngFile(t, f.Name).Reader
			}
			m, err := dg.ChannelMessageSendComplex(c.ID, tc.msg)
			if tc.wantCode == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if s.Message(m.ID) == nil || len(s.Denied()) != denials {
					t.Error("not posted, or a denial recorded")
				}
				return
			}
			if status, code := restErr(t, err); status != 403 || code != tc.wantCode {
				t.Errorf("HTTP %d code %d, want 403 code %d", status, code, tc.wantCode)
			}
			if len(s.Messages(c.ID)) != 0 {
				t.Error("a message was posted")
			}
			d := s.Denied()[denials:]
			if len(d) != 1 || d[0].Route != RouteCreateMessage || d[0].ChannelID != c.ID || d[0].Missing != tc.missing || d[0].Code != tc.wantCode {
				t.Errorf("denials %v, want missing %s", d, permissionNames(tc.missing))
			}
		})
	}

	t.Run("interaction responses need no channel permission", func(t *testing.T) {
		mute := s.AddChannel(Channel{GuildID: g, Name: "mute", BotPermissions: discordgo.PermissionUseApplicationCommands})
		u := s.AddUser(User{Username: "alice"})
		registerCommands(t, s, chatCommand("ping"))
		openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
			if i.AppPermissions != discordgo.PermissionUseApplicationCommands {
				t.Errorf("app_permissions %d", i.AppPermissions)
			}
			respond(t, dg, i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "pong", AllowedMentions: noPings()},
			})
		})
		if r := s.SlashCommand(u.ID, mute.ID, "ping", "").Wait(ctx(t)); r.Content() != "pong" {
			t.Errorf("response %s", r)
		}
	})

	t.Run("reading history", func(t *testing.T) {
		c := s.AddChannel(Channel{GuildID: g, Name: "history"})
		m, err := dg.ChannelMessageSendComplex(c.ID, text)
		if err != nil {
			t.Fatal(err)
		}
		if ms, err := dg.ChannelMessages(c.ID, 10, "", "", ""); err != nil || len(ms) != 1 {
			t.Errorf("with READ_MESSAGE_HISTORY: %d messages, %v", len(ms), err)
		}
		c.BotPermissions = textPerms &^ history
		s.AddChannel(c)
		if ms, err := dg.ChannelMessages(c.ID, 10, "", "", ""); err != nil || len(ms) != 0 {
			t.Errorf("without READ_MESSAGE_HISTORY: %d messages, %v; Discord returns none", len(ms), err)
		}
		if _, err := dg.ChannelMessage(c.ID, m.ID); err == nil {
			t.Error("GET message without READ_MESSAGE_HISTORY succeeded")
		} else if status, code := restErr(t, err); status != 403 || code != CodeMissingPermissions {
			t.Errorf("GET message: HTTP %d code %d", status, code)
		}
		c.BotPermissions = textPerms &^ view
		s.AddChannel(c)
		if _, err := dg.ChannelMessages(c.ID, 10, "", "", ""); err == nil {
			t.Error("list without VIEW_CHANNEL succeeded")
		} else if status, code := restErr(t, err); status != 403 || code != CodeMissingAccess {
			t.Errorf("list: HTTP %d code %d", status, code)
		}
		if _, err := dg.Channel(c.ID); err == nil {
			t.Error("GET channel without VIEW_CHANNEL succeeded")
		}
	})

	t.Run("View sees denials", func(t *testing.T) {
		n := len(s.Denied())
		c := s.AddChannel(Channel{GuildID: g, Name: "closed", BotPermissions: textPerms &^ send})
		go dg.ChannelMessageSendComplex(c.ID, text)
		v := s.WaitUntil(ctx(t), func(v *View) bool { return len(v.Denied()) > n })
		if d := v.Denied()[n]; d.ChannelID != c.ID || d.String() == "" {
			t.Errorf("denial %+v", d)
		}
	})
}

func TestAddChannelChecksThreads(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	s := New(rec, Options{})
	w := s.NewWorld()
	th := w.NewThread("t")
	other := s.AddGuild(Guild{})
	thread := discordgo.ChannelTypeGuildPublicThread
	for _, tc := range []struct {
		name string
		c    Channel
	}{
		{"no parent", Channel{Type: thread}},
		{"unknown parent", Channel{Type: thread, ParentID: "123"}},
		{"parent is a thread", Channel{Type: thread, ParentID: th.ID}},
		{"parent in another guild", Channel{Type: thread, ParentID: w.Channel.ID, GuildID: other.ID}},
		{"parent but not a thread", Channel{GuildID: w.Guild.ID, ParentID: w.Channel.ID}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if msg := rec.fatalOf(func() { s.AddChannel(tc.c) }); msg == "" {
				t.Error("AddChannel accepted it")
			}
		})
	}
}

func TestListMessagesBeforeAfter(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld()
	dg := newSession(t, s, s.Token())
	var ids []string
	for i := range 5 {
		m, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Content: strconv.Itoa(i), AllowedMentions: noPings()})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	for _, tc := range []struct {
		name          string
		limit         int
		before, after string
		want          []string // contents, newest first
	}{
		{"newest", 2, "", "", []string{"4", "3"}},
		{"before", 2, ids[3], "", []string{"2", "1"}},
		{"after takes the oldest past the id", 2, "", ids[1], []string{"3", "2"}},
		{"between", 10, ids[4], ids[0], []string{"3", "2", "1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ms, err := dg.ChannelMessages(w.Channel.ID, tc.limit, tc.before, tc.after, "")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range ms {
				got = append(got, m.Content)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("got %v, want %v", got, tc.want)
				}
			}
		})
	}
}
