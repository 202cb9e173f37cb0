package discordfake

import (
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// TestInteractionTiming checks the rules on when a bot may answer. Real
// time is used; deadlines are configured tiny instead of faking a clock.
func TestInteractionTiming(t *testing.T) {
	t.Parallel()
	msg := &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "ok", AllowedMentions: noPings()},
	}
	edit := "edited"
	for _, tc := range []struct {
		name string
		opts Options
		// bot answers the interaction; it returns the error the test
		// expects discordgo to report (status, code), or 0, 0.
		bot        func(dg *discordgo.Session, i *discordgo.Interaction) error
		wantStatus int
		wantCode   int
		wantRules  []Rule
		wantAcked  bool
	}{
		{
			name:       "late initial response",
			opts:       Options{AckDeadline: time.Nanosecond},
			bot:        func(dg *discordgo.Session, i *discordgo.Interaction) error { return dg.InteractionRespond(i, msg) },
			wantStatus: 404, wantCode: 10062,
			wantRules: []Rule{RuleAckDeadline},
		},
		{
			name: "second initial response",
			bot: func(dg *discordgo.Session, i *discordgo.Interaction) error {
				if err := dg.InteractionRespond(i, msg); err != nil {
					return nil
				}
				return dg.InteractionRespond(i, msg)
			},
			wantStatus: 400, wantCode: 40060,
			wantRules: []Rule{RuleAlreadyAcked},
			wantAcked: true,
		},
		{
			name: "edit before any response",
			bot: func(dg *discordgo.Session, i *discordgo.Interaction) error {
				_, err := dg.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &edit})
				return err
			},
			wantStatus: 404, wantCode: 10015,
			wantRules: []Rule{RuleNotAcked},
		},
		{
			name: "followup after the token expired",
			opts: Options{TokenLifetime: time.Nanosecond},
			bot: func(dg *discordgo.Session, i *discordgo.Interaction) error {
				if err := dg.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
					return nil
				}
				_, err := dg.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: "late", AllowedMentions: noPings()})
				return err
			},
			wantStatus: 401, wantCode: 50027,
			wantRules: []Rule{RuleTokenExpired},
			wantAcked: true,
		},
		{
			name: "update message for a slash command",
			bot: func(dg *discordgo.Session, i *discordgo.Interaction) error {
				return dg.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: msg.Data})
			},
			wantStatus: 400, wantCode: 50035,
			wantRules: []Rule{RuleCallbackType},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.opts.ExpectBreaches = true
			s := New(t, tc.opts)
			w := s.NewWorld("alice")
			registerCommands(t, s, chatCommand("go"))
			errs := make(chan error, 1)
			openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) { errs <- tc.bot(dg, i.Interaction) })

			h := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "go", "")
			err := <-errs
			if err == nil {
				t.Fatal("the fake accepted the request")
			}
			if status, code := restErr(t, err); status != tc.wantStatus || code != tc.wantCode {
				t.Errorf("got HTTP %d code %d, want %d code %d", status, code, tc.wantStatus, tc.wantCode)
			}
			s.WaitUntil(ctx(t), func(v *View) bool { return len(v.Breaches()) >= len(tc.wantRules) })
			wantBreach(t, s, tc.wantRules...)
			if r := h.Response(); r.Acked != tc.wantAcked {
				t.Errorf("response %s, want acked=%v", r, tc.wantAcked)
			}
		})
	}
}

// TestWaitReportsExpiry checks that Wait returns (rather than hanging) when
// the bot never answers and breaches are expected.
func TestWaitReportsExpiry(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true, AckDeadline: 10 * time.Millisecond})
	w := s.NewWorld("alice")
	registerCommands(t, s, chatCommand("silent"))
	openBot(t, s, nil) // a bot that ignores interactions
	r := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "silent", "").Wait(ctx(t))
	if !r.Expired || r.Acked {
		t.Errorf("response = %s", r)
	}
	wantBreach(t, s, RuleAckDeadline)
}
