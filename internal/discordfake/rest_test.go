package discordfake

import (
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestRESTBasics(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true, BotUsername: "tablebot"})
	w := s.NewWorld("alice")
	dg := newSession(t, s, s.Token())

	t.Run("users/@me", func(t *testing.T) {
		u, err := dg.User("@me")
		if err != nil || u.ID != s.BotUserID() || u.Username != "tablebot" || !u.Bot {
			t.Errorf("User(@me) = %+v, %v", u, err)
		}
	})
	t.Run("application", func(t *testing.T) {
		app, err := dg.Application("@me")
		if err != nil || app.ID != s.ApplicationID() {
			t.Errorf("Application(@me) = %+v, %v", app, err)
		}
	})
	t.Run("gateway/bot", func(t *testing.T) {
		gb, err := dg.GatewayBot()
		if err != nil || gb.URL != s.GatewayURL() || gb.Shards != 1 {
			t.Errorf("GatewayBot = %+v, %v", gb, err)
		}
	})
	t.Run("channel and guild", func(t *testing.T) {
		ch, err := dg.Channel(w.Channel.ID)
		if err != nil || ch.GuildID != w.Guild.ID {
			t.Errorf("Channel = %+v, %v", ch, err)
		}
		g, err := dg.Guild(w.Guild.ID)
		if err != nil || g.Name != w.Guild.Name {
			t.Errorf("Guild = %+v, %v", g, err)
		}
	})
	t.Run("message lifecycle", func(t *testing.T) {
		m, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Content: "one", AllowedMentions: noPings()})
		if err != nil {
			t.Fatal(err)
		}
		if m.Author.ID != s.BotUserID() || m.ChannelID != w.Channel.ID || m.GuildID != w.Guild.ID {
			t.Errorf("created = %+v", m)
		}
		edit := discordgo.NewMessageEdit(w.Channel.ID, m.ID).SetContent("two")
		edit.AllowedMentions = noPings()
		if _, err := dg.ChannelMessageEditComplex(edit); err != nil {
			t.Fatal(err)
		}
		got, err := dg.ChannelMessage(w.Channel.ID, m.ID)
		if err != nil || got.Content != "two" || got.EditedTimestamp == nil {
			t.Errorf("ChannelMessage = %+v, %v", got, err)
		}
		if err := dg.ChannelMessageDelete(w.Channel.ID, m.ID); err != nil {
			t.Fatal(err)
		}
		if !s.Message(m.ID).Deleted || len(s.Messages(w.Channel.ID)) != 0 {
			t.Error("deleted message still live")
		}
		wantBreach(t, s)
	})
	t.Run("unknown channel", func(t *testing.T) {
		_, err := dg.ChannelMessageSend("123", "x")
		if status, code := restErr(t, err); status != http.StatusNotFound || code != 10003 {
			t.Errorf("HTTP %d code %d", status, code)
		}
		wantBreach(t, s, RuleUnknownResource)
	})
	t.Run("unknown route", func(t *testing.T) {
		_, err := dg.RequestWithBucketID("GET", discordgo.EndpointAPI+"no/such/route", nil, "x")
		if status, _ := restErr(t, err); status != http.StatusNotFound {
			t.Errorf("HTTP %d", status)
		}
		wantBreach(t, s, RuleUnknownRoute)
	})
	t.Run("wrong token", func(t *testing.T) {
		_, err := newSession(t, s, "wrong").User("@me")
		if status, _ := restErr(t, err); status != http.StatusUnauthorized {
			t.Errorf("HTTP %d", status)
		}
		wantBreach(t, s, RuleUnauthorized)
	})
	t.Run("attachment bytes served", func(t *testing.T) {
		m, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Files: []*discordgo.File{file("f.bin", 9)}})
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.Get(m.Attachments[0].URL)
		if err != nil || resp.StatusCode != 200 || resp.ContentLength != 9 {
			t.Errorf("GET attachment: %v %v", resp, err)
		}
		if resp != nil {
			resp.Body.Close()
		}
	})
}

func TestSnowflakesIncrease(t *testing.T) {
	var g snowflakes
	prev := g.next()
	for range 10000 {
		id := g.next()
		if len(id) < len(prev) || (len(id) == len(prev) && id <= prev) {
			t.Fatalf("%s after %s", id, prev)
		}
		prev = id
	}
	if snowflakeTime(prev).IsZero() {
		t.Error("no time in snowflake")
	}
}
