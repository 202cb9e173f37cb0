package discordfake

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// notifyBot answers the slash commands of TestNotifications, each one a way
// of creating a message that mentions target.
func notifyBot(t *testing.T, target string) func(*discordgo.Session, *discordgo.InteractionCreate) {
	mention := "your turn, <@" + target + ">"
	msg := func(flags discordgo.MessageFlags) *discordgo.InteractionResponse {
		return &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: mention, AllowedMentions: noPings(target), Flags: flags},
		}
	}
	deferred := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	followup := func(dg *discordgo.Session, i *discordgo.Interaction) {
		if _, err := dg.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: mention, AllowedMentions: noPings(target)}); err != nil {
			t.Errorf("FollowupMessageCreate: %v", err)
		}
	}
	return func(dg *discordgo.Session, ic *discordgo.InteractionCreate) {
		i := ic.Interaction
		if i.Type == discordgo.InteractionMessageComponent {
			// A button whose answer edits its message to add the mention.
			respond(t, dg, i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: mention, AllowedMentions: noPings(target)},
			})
			return
		}
		switch i.ApplicationCommandData().Name {
		case "reply":
			respond(t, dg, i, msg(0))
		case "replyfollowup":
			respond(t, dg, i, msg(0))
			followup(dg, i)
		case "ephemeral":
			respond(t, dg, i, msg(discordgo.MessageFlagsEphemeral))
		case "silent":
			respond(t, dg, i, msg(discordgo.MessageFlagsSuppressNotifications))
		case "embed":
			respond(t, dg, i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{
					Embeds:          []*discordgo.MessageEmbed{{Description: mention}},
					AllowedMentions: noPings(target),
				},
			})
		case "deferedit":
			respond(t, dg, i, deferred)
			if _, err := dg.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &mention, AllowedMentions: noPings(target)}); err != nil {
				t.Errorf("InteractionResponseEdit: %v", err)
			}
		case "deferfollowups":
			respond(t, dg, i, deferred)
			followup(dg, i) // completes the deferred response
			followup(dg, i) // a new message
		case "menu":
			respond(t, dg, i, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{
					Content: "waiting", AllowedMentions: noPings(),
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.Button{Label: "Pass", CustomID: "pass"},
					}}},
				},
			})
		}
	}
}

func TestNotifications(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice", "bob")
	alice, bob := w.Users[0].ID, w.Users[1].ID
	ch := w.Channel.ID
	names := []string{"reply", "replyfollowup", "ephemeral", "silent", "embed", "deferedit", "deferfollowups", "menu"}
	var cmds []*discordgo.ApplicationCommand
	for _, n := range names {
		cmds = append(cmds, chatCommand(n))
	}
	registerCommands(t, s, cmds...)
	openBot(t, s, notifyBot(t, bob))
	dg := newSession(t, s, s.Token())

	// wantLog checks that the notification log grew by exactly want since
	// it held before entries.
	wantLog := func(t *testing.T, before int, want ...Notification) {
		t.Helper()
		got := s.Notifications(ch)[before:]
		if len(got) != len(want) {
			t.Fatalf("%d new notifications %+v, want %d", len(got), got, len(want))
		}
		for i := range want {
			if got[i].UserID != want[i].UserID || got[i].MessageID != want[i].MessageID || got[i].ChannelID != ch || got[i].At.IsZero() {
				t.Errorf("notification %d = %+v, want %+v", i, got[i], want[i])
			}
		}
	}

	for _, tc := range []struct {
		name string
		cmd  string
		// notified is what each message of the response (@original, then
		// the followups) notified; pinged whether each shows the mention.
		notified [][]string
		pinged   []bool
	}{
		{"type 4 response with a mention notifies", "reply", [][]string{{bob}}, []bool{true}},
		{"followup after a type 4 response notifies", "replyfollowup", [][]string{{bob}, {bob}}, []bool{true, true}},
		{"deferred response filled by editing @original notifies nobody", "deferedit", [][]string{nil}, []bool{true}},
		{"deferred response filled by the first followup notifies nobody, the second followup does", "deferfollowups", [][]string{nil, {bob}}, []bool{true, true}},
		{"ephemeral response notifies nobody", "ephemeral", [][]string{nil}, []bool{true}},
		{"SUPPRESS_NOTIFICATIONS notifies nobody", "silent", [][]string{nil}, []bool{true}},
		{"mention in an embed notifies nobody", "embed", [][]string{nil}, []bool{false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(s.Notifications(ch))
			h := s.SlashCommand(alice, ch, tc.cmd, "")
			r := h.WaitUntil(ctx(t), func(r *Response) bool { return r.Final && len(r.Messages()) == len(tc.notified) })
			var want []Notification
			for i, m := range r.Messages() {
				if !slices.Equal(m.Notified, tc.notified[i]) {
					t.Errorf("message %d (%q) notified %v, want %v", i, m.Content, m.Notified, tc.notified[i])
				}
				if got := slices.Contains(m.Pinged, bob); got != tc.pinged[i] {
					t.Errorf("message %d pinged %v, want bob pinged=%v", i, m.Pinged, tc.pinged[i])
				}
				for _, u := range tc.notified[i] {
					want = append(want, Notification{UserID: u, MessageID: m.ID})
				}
			}
			wantLog(t, before, want...)
		})
	}

	t.Run("channel message with a mention notifies", func(t *testing.T) {
		before := len(s.Notifications(ch))
		sent, err := dg.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "<@" + bob + "> <@" + alice + ">", AllowedMentions: noPings(bob)})
		if err != nil {
			t.Fatal(err)
		}
		if m := s.Message(sent.ID); !slices.Equal(m.Notified, []string{bob}) {
			t.Errorf("notified %v, want only bob (alice is not in allowed_mentions)", m.Notified)
		}
		wantLog(t, before, Notification{UserID: bob, MessageID: sent.ID})
	})

	t.Run("edit adding a mention notifies nobody", func(t *testing.T) {
		before := len(s.Notifications(ch))
		sent, err := dg.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "board", AllowedMentions: noPings()})
		if err != nil {
			t.Fatal(err)
		}
		edit := discordgo.NewMessageEdit(ch, sent.ID).SetContent("board, <@" + bob + "> to move")
		edit.AllowedMentions = noPings(bob)
		got, err := dg.ChannelMessageEditComplex(edit)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Mentions) != 1 || got.Mentions[0].ID != bob {
			t.Errorf("the edit's mentions array = %v; Discord still lists the mention", got.Mentions)
		}
		if m := s.Message(sent.ID); len(m.Notified) != 0 || !slices.Equal(m.Pinged, []string{bob}) {
			t.Errorf("after the edit: notified %v pinged %v", m.Notified, m.Pinged)
		}
		wantLog(t, before)
	})

	t.Run("UpdateMessage callback adding a mention notifies nobody", func(t *testing.T) {
		menu := s.SlashCommand(alice, ch, "menu", "").Wait(ctx(t)).Message
		before := len(s.Notifications(ch))
		r := s.Click(alice, menu, "pass").Wait(ctx(t))
		if r.Message.ID != menu.ID || !slices.Contains(r.Message.Pinged, bob) || len(r.Message.Notified) != 0 {
			t.Errorf("after the update: %+v", r.Message)
		}
		wantLog(t, before)
	})

	t.Run("View and WaitUntil see notifications", func(t *testing.T) {
		n := len(s.Notifications(ch))
		s.SlashCommand(alice, ch, "reply", "")
		v := s.WaitUntil(ctx(t), func(v *View) bool { return len(v.Notifications(ch)) > n })
		if got := v.Notifications(ch)[n]; got.UserID != bob {
			t.Errorf("notification %+v", got)
		}
		if all := v.Notifications(""); len(all) != n+1 {
			t.Errorf("all channels: %d notifications, want %d", len(all), n+1)
		}
		if other := v.Notifications("123"); len(other) != 0 {
			t.Errorf("another channel: %v", other)
		}
	})
}
