package discordfake

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

func TestGatewayReadyAndHeartbeat(t *testing.T) {
	t.Parallel()
	s := New(t, Options{HeartbeatInterval: 100 * time.Millisecond, BotUsername: "tablebot"})
	w := s.NewWorld("alice")

	dg := newSession(t, s, s.Token())
	// discordgo's State rewrites the READY guild objects when GUILD_CREATE
	// arrives; synchronous handlers may read them without racing it.
	dg.SyncEvents = true
	dg.ShouldReconnectOnError = false
	type ready struct {
		user                 discordgo.User
		appID, sessionID     string
		guilds               int
		unavailable          bool
		guildID, guildLocale string
		guildChannels        int
	}
	readyCh := make(chan ready, 1)
	dg.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		readyCh <- ready{user: *r.User, appID: r.Application.ID, sessionID: r.SessionID, guilds: len(r.Guilds), unavailable: r.Guilds[0].Unavailable}
	})
	guildCh := make(chan ready, 1)
	dg.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) {
		guildCh <- ready{guildID: g.ID, unavailable: g.Unavailable, guildLocale: g.PreferredLocale, guildChannels: len(g.Channels)}
	})
	if err := dg.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { go dg.Close() })

	r := <-readyCh
	if r.user.ID != s.BotUserID() || r.user.Username != "tablebot" || !r.user.Bot {
		t.Errorf("READY user = %+v", r.user)
	}
	if r.appID != s.ApplicationID() || r.sessionID == "" || r.guilds != 1 || !r.unavailable {
		t.Errorf("READY = %+v", r)
	}
	g := <-guildCh
	if g.guildID != w.Guild.ID || g.unavailable || g.guildChannels != 1 || g.guildLocale != "en-US" {
		t.Errorf("GUILD_CREATE = %+v", g)
	}

	// discordgo heartbeats at once and then every interval; the fake acks
	// each one (discordgo reconnects after five intervals without an ack).
	v := s.WaitUntil(ctx(t), func(v *View) bool {
		ss := v.Sessions()
		return len(ss) == 1 && ss[0].Heartbeats >= 3 && ss[0].Connected
	})
	ss := v.Sessions()
	sess := ss[0]
	if sess.Shard != [2]int{0, 1} || !sess.Compress || sess.Intents != discordgo.IntentsAllWithoutPrivileged || !sess.Connected {
		t.Errorf("session = %+v", sess)
	}
}

func TestGatewayWrongTokenFailsOpen(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true})
	dg := newSession(t, s, "not-the-token")
	dg.ShouldReconnectOnError = false
	if err := dg.Open(); err == nil {
		dg.Close()
		t.Fatal("Open with a wrong token succeeded")
	}
	// GET /gateway already fails with 401; the gateway would close 4004.
	wantBreach(t, s, RuleUnauthorized)
}

func TestGatewayShards(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	// Guild ids chosen so that each shard of two owns one guild.
	g0 := s.AddGuild(Guild{ID: "1099511627776"}) // (id>>22)%2 == 0
	g1 := s.AddGuild(Guild{ID: "1099515822080"}) // (id>>22)%2 == 1
	c0 := s.AddChannel(Channel{GuildID: g0.ID})
	c1 := s.AddChannel(Channel{GuildID: g1.ID})
	u := s.AddUser(User{Username: "alice"})

	var got [2]atomic.Int32
	for shard := range 2 {
		dg := newSession(t, s, s.Token())
		dg.ShardID, dg.ShardCount = shard, 2
		dg.ShouldReconnectOnError = false
		dg.AddHandler(func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
			got[shard].Add(1)
			respond(t, dg, i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
		})
		if err := dg.Open(); err != nil {
			t.Fatalf("Open shard %d: %v", shard, err)
		}
		t.Cleanup(func() { go dg.Close() })
	}
	if shards := s.Shards(); len(shards) != 2 || shards[0] != [2]int{0, 2} || shards[1] != [2]int{1, 2} {
		t.Fatalf("Shards() = %v", shards)
	}
	if _, err := newSession(t, s, s.Token()).ApplicationCommandBulkOverwrite(s.ApplicationID(), "", []*discordgo.ApplicationCommand{chatCommand("ping")}); err != nil {
		t.Fatal(err)
	}
	s.SlashCommand(u.ID, c0.ID, "ping", "").WaitAck(ctx(t))
	s.SlashCommand(u.ID, c1.ID, "ping", "").WaitAck(ctx(t))
	s.SlashCommand(u.ID, c1.ID, "ping", "").WaitAck(ctx(t))
	if got[0].Load() != 1 || got[1].Load() != 2 {
		t.Errorf("interactions per shard = %d, %d; want 1, 2", got[0].Load(), got[1].Load())
	}
}

func TestGatewayRestartAndResume(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice")
	reg := newSession(t, s, s.Token())
	if _, err := reg.ApplicationCommandBulkOverwrite(s.ApplicationID(), "", []*discordgo.ApplicationCommand{chatCommand("who")}); err != nil {
		t.Fatal(err)
	}
	answer := func(name string) func(*discordgo.Session, *discordgo.InteractionCreate) {
		return func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
			respond(t, dg, i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: name, AllowedMentions: noPings()},
			})
		}
	}

	// The first process's session does not reconnect: discordgo's first
	// heartbeat, sent while Close waits after its close frame, fails and
	// would reconnect the session just closed, which then answers in the
	// restarted process's place (seen on a quiet machine).
	first := newSession(t, s, s.Token())
	first.ShouldReconnectOnError = false
	first.AddHandler(answer("first"))
	if err := first.Open(); err != nil {
		t.Fatal(err)
	}
	if got := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "who", "").Wait(ctx(t)).Content(); got != "first" {
		t.Fatalf("first process answered %q", got)
	}
	first.Close() // the bot restarts

	second := newSession(t, s, s.Token()) // reconnects on, for the resume below
	second.AddHandler(answer("second"))
	if err := second.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { second.Close() })
	s.WaitSessions(ctx(t), 2)
	if got := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "who", "").Wait(ctx(t)).Content(); got != "second" {
		t.Fatalf("restarted process answered %q", got)
	}

	// A dropped connection is resumed; events sent meanwhile are replayed.
	s.DropConnections()
	h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "who", "")
	if got := h.Wait(ctx(t)).Content(); got != "second" {
		t.Fatalf("after resume: %q", got)
	}
	// The second session ends up connected again, resumed, and the first
	// stays closed. discordgo may resume more than once after one drop: a
	// heartbeat it sends on the dropped connection fails as well, and that
	// error closes the connection the reading side has just resumed and
	// reconnects again (seen one run in sixty under load), so the session is
	// awaited rather than read once, and its resumes counted at least one.
	var ss []Session
	if !s.await(ctx(t), func() { ss = s.sessionsLocked() }, func() bool {
		return len(ss) == 2 && !ss[0].Connected && ss[1].Connected && ss[1].Resumes >= 1
	}) {
		t.Errorf("sessions = %+v", ss)
	}
}

// TestDispatchFrame: a dispatch's payload is byte for byte what
// json.Marshal makes of the map of its fields.
func TestDispatchFrame(t *testing.T) {
	marshal := func(v any) json.RawMessage {
		t.Helper()
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name string
		ev   gwEvent
	}{
		{"an interaction", gwEvent{seq: 7, typ: "INTERACTION_CREATE", data: marshal(map[string]any{"id": "1", "data": map[string]any{"name": "who <&> \u2028"}})}},
		{"a literal", gwEvent{seq: 1 << 40, typ: "RESUMED", data: json.RawMessage(`{"_trace":["discordfake"]}`)}},
		{"no data", gwEvent{seq: 0, typ: "X"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := marshal(map[string]any{"op": opDispatch, "s": tt.ev.seq, "t": tt.ev.typ, "d": tt.ev.data})
			got, err := dispatchFrame(tt.ev)
			if err != nil || string(got) != string(want) {
				t.Errorf("got %s, %v; want %s", got, err, want)
			}
		})
	}
}

// TestGatewayPayloadCompression: a session that asked for payload
// compression gets READY and GUILD_CREATE as zlib streams in binary
// frames and every other event as text, as Discord compresses only some
// payloads; one that did not ask gets everything as text.
func TestGatewayPayloadCompression(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		compress bool
		want     []string // event and frame kind, in order
	}{
		{true, []string{"READY binary", "GUILD_CREATE binary", "CHANNEL_DELETE text"}},
		{false, []string{"READY text", "GUILD_CREATE text", "CHANNEL_DELETE text"}},
	} {
		t.Run(fmt.Sprintf("compress %v", tc.compress), func(t *testing.T) {
			t.Parallel()
			s := New(t, Options{HeartbeatInterval: time.Minute})
			w := s.NewWorld("alice")
			ws, _, err := websocket.DefaultDialer.DialContext(ctx(t), s.GatewayURL()+"?v=10&encoding=json", nil)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			ws.SetReadDeadline(time.Now().Add(20 * time.Second))
			if _, _, err := ws.ReadMessage(); err != nil { // HELLO
				t.Fatal(err)
			}
			identify := map[string]any{"op": 2, "d": map[string]any{
				"token": s.Token(), "intents": discordgo.IntentsGuilds, "compress": tc.compress,
			}}
			if err := ws.WriteJSON(identify); err != nil {
				t.Fatal(err)
			}
			var got []string
			for len(got) < len(tc.want) {
				if len(got) == 2 {
					// Once the fake counts the session ready (it does so
					// after sending GUILD_CREATE), it has guild events.
					s.WaitUntil(ctx(t), func(v *View) bool {
						ss := v.Sessions()
						return len(ss) == 1 && ss[0].Ready
					})
					s.DeleteChannel(w.Channel.ID)
				}
				got = append(got, readEvent(t, ws))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// readEvent reads a gateway frame and names its event and the frame's
// kind, inflating a binary frame as discordgo does.
func readEvent(t *testing.T, ws *websocket.Conn) string {
	t.Helper()
	mt, data, err := ws.ReadMessage()
	if err != nil {
		t.Fatal(err)
	}
	kind := "text"
	if mt == websocket.BinaryMessage {
		kind = "binary"
		z, err := zlib.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if data, err = io.ReadAll(z); err != nil {
			t.Fatal(err)
		}
	}
	var ev struct {
		T string `json:"t"`
	}
	if err := json.Unmarshal(data, &ev); err != nil {
		t.Fatal(err)
	}
	return ev.T + " " + kind
}
