package discordfake

import (
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// testClock is a clock for Options.Now that moves only when told.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newTestClock() *testClock {
	return &testClock{t: time.Date(2031, 3, 14, 15, 9, 26, 0, time.UTC)}
}

// Now returns the clock's time.
func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock forward by d.
func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestClock(t *testing.T) {
	t.Parallel()
	clock := newTestClock()
	s := New(t, Options{Now: clock.Now})
	w := s.NewWorld("alice")
	dg := newSession(t, s, s.Token())

	t.Run("timestamps and ids follow the clock", func(t *testing.T) {
		m, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Content: "x", AllowedMentions: noPings()})
		if err != nil {
			t.Fatal(err)
		}
		want := clock.Now()
		if !m.Timestamp.Equal(want) || !s.Message(m.ID).CreatedAt.Equal(want) {
			t.Errorf("timestamp %v, stored %v; want %v", m.Timestamp, s.Message(m.ID).CreatedAt, want)
		}
		if got := snowflakeTime(m.ID); !got.Equal(want) {
			t.Errorf("id %s holds %v, want %v", m.ID, got, want)
		}
	})

	t.Run("the nonce window follows the clock", func(t *testing.T) {
		post := func() string {
			t.Helper()
			m, err := postRaw(t, dg, w.Channel.ID, map[string]any{"content": "x", "nonce": "clocked", "enforce_nonce": true})
			if err != nil {
				t.Fatal(err)
			}
			return m.ID
		}
		first := post()
		for _, step := range []struct {
			advance time.Duration
			same    bool
		}{
			{4 * time.Minute, true},
			{time.Minute, true}, // exactly DefaultNonceWindow later
			{time.Second, false},
		} {
			clock.Advance(step.advance)
			if got := post(); (got == first) != step.same {
				t.Errorf("after %v more: same message %v, want %v", step.advance, got == first, step.same)
			}
		}
	})

	t.Run("denials are stamped with the clock", func(t *testing.T) {
		c := s.AddChannel(Channel{GuildID: w.Guild.ID, Name: "mute", BotPermissions: textPerms &^ discordgo.PermissionSendMessages})
		if _, err := dg.ChannelMessageSend(c.ID, "x"); err == nil {
			t.Fatal("posted without SEND_MESSAGES")
		}
		d := s.Denied()
		if got := d[len(d)-1].At; !got.Equal(clock.Now()) {
			t.Errorf("Denial.At %v, want %v", got, clock.Now())
		}
	})

	t.Run("interaction deadlines run on real time", func(t *testing.T) {
		registerCommands(t, s, chatCommand("slow"))
		openBot(t, s, func(dg *discordgo.Session, i *discordgo.InteractionCreate) {
			respond(t, dg, i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
			// An hour of the fake's clock passes before the answer: the
			// 3-second and 15-minute limits do not see it.
			clock.Advance(time.Hour)
			content := "done"
			if _, err := dg.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content, AllowedMentions: noPings()}); err != nil {
				t.Errorf("edit: %v", err)
			}
		})
		if r := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "slow", "").Wait(ctx(t)); r.Content() != "done" || r.Expired {
			t.Errorf("response %s", r)
		}
		if b := s.Breaches(); len(b) != 0 {
			t.Errorf("breaches %v", b)
		}
	})
}
