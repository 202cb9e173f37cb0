package discordfake

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestOpenDM(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice", "bob")
	dg := newSession(t, s, s.Token())
	alice := w.Users[0]

	t.Run("opens a DM channel with the user as recipient", func(t *testing.T) {
		ch, err := dg.UserChannelCreate(alice.ID)
		if err != nil {
			t.Fatalf("UserChannelCreate: %v", err)
		}
		if ch.Type != discordgo.ChannelTypeDM || ch.GuildID != "" || len(ch.Recipients) != 1 || ch.Recipients[0].ID != alice.ID {
			t.Errorf("got %+v, want a DM channel without guild whose recipient is alice", ch)
		}
		if got, ok := s.DMChannel(alice.ID); !ok || got.ID != ch.ID {
			t.Errorf("DMChannel(alice) = %+v, %v; want %s", got, ok, ch.ID)
		}
	})
	t.Run("opening again returns the same channel", func(t *testing.T) {
		a, err := dg.UserChannelCreate(alice.ID)
		if err != nil {
			t.Fatal(err)
		}
		b, err := dg.UserChannelCreate(alice.ID)
		if err != nil {
			t.Fatal(err)
		}
		if a.ID != b.ID || s.OpenDM(alice.ID).ID != a.ID {
			t.Errorf("got channels %s, %s; want one", a.ID, b.ID)
		}
		if bob, _ := dg.UserChannelCreate(w.Users[1].ID); bob.ID == a.ID {
			t.Errorf("bob's DM is alice's: %s", bob.ID)
		}
	})
	t.Run("an unknown user is an invalid recipient", func(t *testing.T) {
		_, err := dg.UserChannelCreate("4242")
		if status, code := restErr(t, err); status != 400 || code != CodeInvalidRecipient {
			t.Errorf("got %d/%d, want 400/%d", status, code, CodeInvalidRecipient)
		}
	})
	t.Run("posting in a DM reaches the user", func(t *testing.T) {
		ch := s.OpenDM(alice.ID)
		if _, err := dg.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: "your turn", AllowedMentions: noPings()}); err != nil {
			t.Fatalf("send: %v", err)
		}
		if m := s.LastMessage(ch.ID); m == nil || m.Content != "your turn" || m.GuildID != "" {
			t.Errorf("last DM message: %+v", m)
		}
	})
}

func TestDMRefused(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("carol")
	carol := s.AddUser(User{ID: w.Users[0].ID, Username: "carol", RefusesDMs: true})
	dg := newSession(t, s, s.Token())

	ch, err := dg.UserChannelCreate(carol.ID)
	if err != nil {
		t.Fatalf("opening the DM succeeds even for a user refusing DMs: %v", err)
	}
	_, err = dg.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: "your turn", AllowedMentions: noPings()})
	if status, code := restErr(t, err); status != 403 || code != CodeCannotSendToUser {
		t.Errorf("got %d/%d, want 403/%d", status, code, CodeCannotSendToUser)
	}
	if n := len(s.Messages(ch.ID)); n != 0 {
		t.Errorf("%d messages in the refused DM, want 0", n)
	}
	if r := s.Refused(); len(r) != 1 || r[0].Code != CodeCannotSendToUser || r[0].ChannelID != ch.ID {
		t.Errorf("refusals: %+v", r)
	}
	wantBreach(t, s) // a refusal is Discord's answer, not the bot's fault
}

func TestDMInteractions(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice")
	alice := w.Users[0]
	got := make(chan *discordgo.InteractionCreate, 2)
	dg := openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
		got <- i
		respond(t, dg, i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: "moved", AllowedMentions: noPings(), Components: []discordgo.MessageComponent{}},
		})
	})
	dm := s.OpenDM(alice.ID)
	msg, err := dg.ChannelMessageSendComplex(dm.ID, &discordgo.MessageSend{
		Content: "your turn", AllowedMentions: noPings(),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Take 1", CustomID: "take1", Style: discordgo.PrimaryButton},
		}}},
	})
	if err != nil {
		t.Fatalf("send: %v", err)
	}

	r := s.Click(alice.ID, s.Message(msg.ID), "take1").Wait(ctx(t))
	i := <-got
	t.Run("a DM interaction has a user, no member and no guild", func(t *testing.T) {
		if i.GuildID != "" || i.Member != nil || i.User == nil || i.User.ID != alice.ID {
			t.Errorf("guild %q member %v user %v; want no guild, no member, user alice", i.GuildID, i.Member, i.User)
		}
		if i.Context != discordgo.InteractionContextBotDM || i.ChannelID != dm.ID {
			t.Errorf("context %d channel %s; want %d %s", i.Context, i.ChannelID, discordgo.InteractionContextBotDM, dm.ID)
		}
		if i.Message == nil || i.Message.ID != msg.ID || i.MessageComponentData().CustomID != "take1" {
			t.Errorf("component data: message %v", i.Message)
		}
	})
	t.Run("the button's answer updates the DM message", func(t *testing.T) {
		if r.Message == nil || r.Message.ID != msg.ID || r.Message.Content != "moved" {
			t.Errorf("response: %s", r)
		}
	})
}

// TestDMNotifiesAndNonce: a bot's DM notifies its reader without any
// mention (a silent one does not), and a nonce sent with enforce_nonce
// makes no second message there, as in a channel; the same nonce in
// another user's DM is another message.
func TestDMNotifiesAndNonce(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice", "bob")
	dg := newSession(t, s, s.Token())
	alice, bob := s.OpenDM(w.Users[0].ID), s.OpenDM(w.Users[1].ID)

	first, err := postRaw(t, dg, alice.ID, map[string]any{"content": "your turn", "nonce": "tb1d1", "enforce_nonce": true})
	if err != nil {
		t.Fatal(err)
	}
	again, err := postRaw(t, dg, alice.ID, map[string]any{"content": "your turn", "nonce": "tb1d1", "enforce_nonce": true})
	if err != nil {
		t.Fatal(err)
	}
	if again.ID != first.ID || len(s.Messages(alice.ID)) != 1 {
		t.Errorf("a retry with the same nonce: %s then %s, %d messages; want one", first.ID, again.ID, len(s.Messages(alice.ID)))
	}
	other, err := postRaw(t, dg, bob.ID, map[string]any{"content": "your turn", "nonce": "tb1d1", "enforce_nonce": true})
	if err != nil {
		t.Fatal(err)
	}
	if other.ID == first.ID || len(s.Messages(bob.ID)) != 1 {
		t.Errorf("the same nonce in bob's DM answered alice's message")
	}
	if _, err := postRaw(t, dg, alice.ID, map[string]any{"content": "quietly", "flags": int(discordgo.MessageFlagsSuppressNotifications)}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		channel string
		want    []string
	}{
		{"alice's DM notifies alice once, not the silent post", alice.ID, []string{w.Users[0].ID}},
		{"bob's DM notifies bob", bob.ID, []string{w.Users[1].ID}},
		{"the server's channel notifies nobody", w.Channel.ID, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, n := range s.Notifications(tt.channel) {
				got = append(got, n.UserID)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("notified %v, want %v", got, tt.want)
			}
		})
	}
}
