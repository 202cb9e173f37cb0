package discordfake

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// registerCommands overwrites the bot's global commands and fails the test
// if the fake refuses them.
func registerCommands(t *testing.T, s *Server, cmds ...*discordgo.ApplicationCommand) {
	t.Helper()
	dg := newSession(t, s, s.Token())
	if _, err := dg.ApplicationCommandBulkOverwrite(s.ApplicationID(), "", cmds); err != nil {
		t.Fatalf("ApplicationCommandBulkOverwrite: %v", err)
	}
}

func TestSlashDeferredEditWithImageAndFollowup(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice")
	w.Users[0] = s.AddUser(User{ID: w.Users[0].ID, Username: "alice", Locale: "de"})
	registerCommands(t, s, chatCommand("game", &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: "start", Description: "Start a game",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "variant", Description: "Variant", Required: true},
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "players", Description: "Players"},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: "ranked", Description: "Ranked"},
		},
	}))
	board := pngBytes(t, 8, 4)

	type seen struct {
		locale, guildLocale, variant string
		players                      int64
		ranked                       bool
		perms                        int64
	}
	got := make(chan seen, 1)
	release := make(chan struct{})
	openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
		data := i.ApplicationCommandData()
		sub := data.Options[0]
		got <- seen{
			locale: string(i.Locale), guildLocale: string(*i.GuildLocale),
			variant: sub.GetOption("variant").StringValue(), players: sub.GetOption("players").IntValue(),
			ranked: sub.GetOption("ranked").BoolValue(), perms: i.Member.Permissions,
		}
		respond(t, dg, i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
		<-release // the test looks at the loading state first
		content := "Game started by <@" + i.Member.User.ID + ">"
		_, err := dg.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{
			Content: &content,
			Embeds: &[]*discordgo.MessageEmbed{{
				Title: "Board", Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"},
			}},
			Files:           []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(board)}},
			AllowedMentions: noPings(i.Member.User.ID),
		})
		if err != nil {
			t.Errorf("InteractionResponseEdit: %v", err)
		}
		_, err = dg.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{
			Content: "Only you see this", Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noPings(),
		})
		if err != nil {
			t.Errorf("FollowupMessageCreate: %v", err)
		}
	})

	h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "game", "start",
		Opt("variant", "classic"), Opt("players", 3), Opt("ranked", true))
	if g := <-got; g != (seen{"de", "en-US", "classic", 3, true, DefaultMemberPermissions}) {
		t.Errorf("bot saw %+v", g)
	}
	r := h.WaitAck(ctx(t))
	if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || r.Final || !r.Message.Loading() {
		t.Errorf("after defer: %s, loading=%v", r, r.Message.Loading())
	}
	close(release)

	r = h.Wait(ctx(t))
	m := r.Message
	if m.Loading() || m.Content != "Game started by <@"+w.Users[0].ID+">" || m.InteractionID != h.ID {
		t.Errorf("@original = %+v", m)
	}
	if len(m.Pinged) != 1 || m.Pinged[0] != w.Users[0].ID {
		t.Errorf("pinged %v", m.Pinged)
	}
	a := m.ResolveURL(m.Embeds[0].Image.URL)
	if a == nil || a.ContentType != "image/png" || a.Size != len(board) {
		t.Fatalf("embed image does not resolve to the upload: %+v", a)
	}
	img, err := png.Decode(bytes.NewReader(a.Data))
	if err != nil || img.Bounds().Dx() != 8 {
		t.Errorf("attachment is not the PNG: %v", err)
	}

	r = h.WaitUntil(ctx(t), func(r *Response) bool { return len(r.Followups) == 1 })
	f := r.Followups[0]
	if !f.Ephemeral() || f.VisibleTo != w.Users[0].ID || f.VisibleToUser("someone else") {
		t.Errorf("followup = %+v", f)
	}
	if ms := s.Messages(w.Channel.ID); len(ms) != 2 || ms[0].ID != m.ID || ms[1].ID != f.ID {
		t.Errorf("channel holds %d messages", len(ms))
	}
	wantBreach(t, s)
}

func TestComponentsClickAndSelect(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice", "bob")
	alice, bob := w.Users[0], w.Users[1]
	registerCommands(t, s, chatCommand("menu"))
	one := 1
	openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			respond(t, dg, i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{
					Content:         "Pick",
					AllowedMentions: noPings(),
					Components: []discordgo.MessageComponent{
						discordgo.ActionsRow{Components: []discordgo.MessageComponent{
							discordgo.Button{Label: "Join", CustomID: "join"},
							discordgo.Button{Label: "Off", CustomID: "off", Disabled: true},
						}},
						discordgo.ActionsRow{Components: []discordgo.MessageComponent{
							discordgo.SelectMenu{CustomID: "color", MinValues: &one, MaxValues: 2, Options: []discordgo.SelectMenuOption{
								{Label: "Red", Value: "red"}, {Label: "Blue", Value: "blue"}, {Label: "Green", Value: "green"},
							}},
						}},
					},
				},
			})
		case discordgo.InteractionMessageComponent:
			data := i.MessageComponentData()
			if i.Message == nil || len(i.Message.Components) != 2 {
				t.Errorf("component interaction without its message: %+v", i.Message)
			}
			switch data.CustomID {
			case "join":
				respond(t, dg, i.Interaction, &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseUpdateMessage,
					Data: &discordgo.InteractionResponseData{Content: "Joined: " + i.Member.User.Username, AllowedMentions: noPings(),
						Components: i.Message.Components},
				})
			case "color":
				respond(t, dg, i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
				content := "Colors: " + strings.Join(data.Values, ",")
				if _, err := dg.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content, AllowedMentions: noPings()}); err != nil {
					t.Errorf("edit: %v", err)
				}
			}
		}
	})

	menu := s.SlashCommand(alice.ID, w.Channel.ID, "menu", "").Wait(ctx(t)).Message
	if b := menu.Button("join"); b == nil || b.Label != "Join" || len(menu.SelectMenus()) != 1 {
		t.Fatalf("menu components: %+v", menu.Components)
	}

	r := s.Click(bob.ID, menu, "join").Wait(ctx(t))
	if r.Type != discordgo.InteractionResponseUpdateMessage || r.Message.ID != menu.ID || r.Message.Content != "Joined: bob" || r.Message.Edits != 1 {
		t.Errorf("after click: %s %+v", r, r.Message)
	}
	r = s.Select(alice.ID, menu, "color", "red", "blue").Wait(ctx(t))
	if r.Message.ID != menu.ID || r.Message.Content != "Colors: red,blue" {
		t.Errorf("after select: %s", r)
	}
	if last := s.LastMessage(w.Channel.ID); last.Content != "Colors: red,blue" || last.Button("join") == nil {
		t.Errorf("stored message: %+v", last)
	}
}

func TestClickFailsTestWhenComponentUnusable(t *testing.T) {
	t.Parallel()
	rec := &recordingTB{TB: t}
	s := New(rec, Options{})
	w := s.NewWorld("alice", "bob")
	dg := newSession(t, s, s.Token())
	msg, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{
		Content: "Lobby", AllowedMentions: noPings(),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Off", CustomID: "off", Disabled: true},
			discordgo.Button{Label: "Docs", Style: discordgo.LinkButton, URL: "https://example.com/"},
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := s.Message(msg.ID)
	for _, tc := range []struct {
		name, customID, want string
	}{
		{"missing", "nope", `no component with custom_id "nope"`},
		{"disabled", "off", "is disabled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := rec.fatalOf(func() { s.Click(w.Users[0].ID, m, tc.customID) }); !strings.Contains(got, tc.want) {
				t.Errorf("Click fatal = %q, want it to mention %q", got, tc.want)
			}
		})
	}
	t.Run("unregistered command", func(t *testing.T) {
		if got := rec.fatalOf(func() { s.SlashCommand(w.Users[0].ID, w.Channel.ID, "nope", "") }); !strings.Contains(got, "not registered") {
			t.Errorf("SlashCommand fatal = %q", got)
		}
	})
	t.Run("breach calls Errorf", func(t *testing.T) {
		if _, err := dg.ChannelMessageSend(w.Channel.ID, strings.Repeat("x", 2001)); err == nil {
			t.Error("2001 characters accepted")
		}
		rec.mu.Lock()
		defer rec.mu.Unlock()
		if len(rec.errors) != 1 || !strings.Contains(rec.errors[0], string(RuleContentLength)) {
			t.Errorf("Errorf calls = %q", rec.errors)
		}
		rec.errors = nil
	})
}

func TestConcurrentClicks(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice", "bob")
	dgREST := newSession(t, s, s.Token())
	sent, err := dgREST.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{
		Content: "Your move", AllowedMentions: noPings(),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Rock", CustomID: "rock"}, discordgo.Button{Label: "Paper", CustomID: "paper"},
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}

	// The bot answers no click before it has received both: proof that the
	// two interactions are in flight at the same moment.
	var arrived sync.WaitGroup
	arrived.Add(2)
	both := make(chan struct{})
	go func() { arrived.Wait(); close(both) }()
	deadline := ctx(t)
	openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
		arrived.Done()
		select {
		case <-both:
		case <-deadline.Done():
			return
		}
		respond(t, dg, i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content: "You chose " + i.MessageComponentData().CustomID, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noPings(),
			},
		})
	})

	m := s.Message(sent.ID)
	a, b := s.NewClick(w.Users[0].ID, m, "rock"), s.NewClick(w.Users[1].ID, m, "paper")
	s.Dispatch(a, b)
	for _, tc := range []struct {
		h    *Interaction
		user string
		want string
	}{{a, w.Users[0].ID, "You chose rock"}, {b, w.Users[1].ID, "You chose paper"}} {
		r := tc.h.Wait(ctx(t))
		if r.Content() != tc.want || !r.Ephemeral() || r.Message.VisibleTo != tc.user {
			t.Errorf("%s: %s visible to %s", tc.user, r, r.Message.VisibleTo)
		}
	}
}

func TestAutocomplete(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true})
	w := s.NewWorld("alice")
	registerCommands(t, s, chatCommand("play",
		&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "game", Description: "Game", Required: true, Autocomplete: true},
		&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "seats", Description: "Seats"},
	))
	games := []string{"chess", "checkers", "go", "gomoku"}
	openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
		var typed string
		for _, o := range i.ApplicationCommandData().Options {
			if o.Focused {
				typed = o.StringValue()
			}
		}
		var choices []*discordgo.ApplicationCommandOptionChoice
		if typed == "many" {
			for n := range 26 {
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: "g" + string(rune('a'+n)), Value: "g"})
			}
		}
		for _, g := range games {
			if typed != "" && strings.HasPrefix(g, typed) {
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: g, Value: g})
			}
		}
		err := dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices},
		})
		if (err != nil) != (typed == "many") {
			t.Errorf("autocomplete %q: %v", typed, err)
		}
	})

	r := s.Autocomplete(w.Users[0].ID, w.Channel.ID, "play", "", "game", "ch", Opt("seats", 2)).Wait(ctx(t))
	if r.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(r.Choices) != 2 || r.Choices[0].Name != "chess" {
		t.Errorf("choices = %+v", r.Choices)
	}
	wantBreach(t, s)

	h := s.Autocomplete(w.Users[0].ID, w.Channel.ID, "play", "", "game", "many")
	s.WaitUntil(ctx(t), func(v *View) bool { return len(v.Breaches()) > 0 })
	wantBreach(t, s, RuleAutocomplete)
	if h.Response().Acked {
		t.Error("a rejected autocomplete result counted as an answer")
	}
}

func TestModal(t *testing.T) {
	t.Parallel()
	s := New(t, Options{})
	w := s.NewWorld("alice")
	registerCommands(t, s, chatCommand("rename"))
	openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			respond(t, dg, i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseModal,
				Data: &discordgo.InteractionResponseData{CustomID: "rename-modal", Title: "Rename", Components: []discordgo.MessageComponent{
					discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.TextInput{CustomID: "name", Label: "New name", Style: discordgo.TextInputShort, Required: true, MaxLength: 32},
					}},
				}},
			})
		case discordgo.InteractionModalSubmit:
			v := i.ModalSubmitData().Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value
			respond(t, dg, i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "Renamed to " + v, AllowedMentions: noPings()},
			})
		}
	})
	h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "rename", "")
	r := h.Wait(ctx(t))
	if r.Modal == nil || r.Modal.Title != "Rename" || len(r.Modal.TextInputs()) != 1 {
		t.Fatalf("modal = %+v", r.Modal)
	}
	if got := s.SubmitModal(h, map[string]string{"name": "Zed"}).Wait(context.Background()).Content(); got != "Renamed to Zed" {
		t.Errorf("after submit: %q", got)
	}
}
