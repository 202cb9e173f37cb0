package discordfake

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestMentions(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true})
	w := s.NewWorld("alice", "bob")
	a, b := w.Users[0].ID, w.Users[1].ID
	dg := newSession(t, s, s.Token())
	parse := func(ts ...discordgo.AllowedMentionType) *discordgo.MessageAllowedMentions {
		return &discordgo.MessageAllowedMentions{Parse: ts}
	}

	for _, tc := range []struct {
		name         string
		content      string
		am           *discordgo.MessageAllowedMentions
		wantUsers    []string
		wantRoles    []string
		wantEveryone bool
		wantPolicy   bool // the strict policy records a breach
	}{
		{"no allowed_mentions pings all", "<@" + a + "> <@!" + b + "> <@&42> @here", nil, []string{a, b}, []string{"42"}, true, true},
		{"no allowed_mentions, no mentions", "hello", nil, nil, nil, false, true},
		{"explicit user list", "<@" + a + "> and <@" + b + ">", noPings(a), []string{a}, nil, false, false},
		{"empty parse pings nobody", "<@" + a + "> @everyone <@&42>", noPings(), nil, nil, false, false},
		{"parse null is empty", "<@" + a + ">", &discordgo.MessageAllowedMentions{Users: []string{a}}, []string{a}, nil, false, false},
		{"parse users", "<@" + a + ">", parse(discordgo.AllowedMentionTypeUsers), []string{a}, nil, false, true},
		{"parse everyone", "@everyone", parse(discordgo.AllowedMentionTypeEveryone), nil, nil, true, true},
		{"listed roles", "<@&42>", &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Roles: []string{"42"}}, nil, []string{"42"}, false, true},
		{"player name with @everyone stays silent", "Winner: @everyone", noPings(), nil, nil, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sent, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Content: tc.content, AllowedMentions: tc.am})
			if err != nil {
				t.Fatal(err)
			}
			m := s.Message(sent.ID)
			if !slices.Equal(m.Pinged, tc.wantUsers) || !slices.Equal(m.PingedRoles, tc.wantRoles) || m.PingedEveryone != tc.wantEveryone {
				t.Errorf("pinged users %v roles %v everyone %v; want %v %v %v", m.Pinged, m.PingedRoles, m.PingedEveryone, tc.wantUsers, tc.wantRoles, tc.wantEveryone)
			}
			if len(sent.Mentions) != len(tc.wantUsers) || sent.MentionEveryone != tc.wantEveryone {
				t.Errorf("REST answer mentions %d everyone %v", len(sent.Mentions), sent.MentionEveryone)
			}
			if tc.wantPolicy {
				wantBreach(t, s, RuleMentionPolicy)
			} else {
				wantBreach(t, s)
			}
		})
	}

	t.Run("edit without allowed_mentions reparses", func(t *testing.T) {
		sent, err := dg.ChannelMessageSendComplex(w.Channel.ID, &discordgo.MessageSend{Content: "quiet", AllowedMentions: noPings()})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := dg.ChannelMessageEdit(w.Channel.ID, sent.ID, "now <@"+a+">"); err != nil {
			t.Fatal(err)
		}
		if m := s.Message(sent.ID); !slices.Equal(m.Pinged, []string{a}) {
			t.Errorf("pinged %v", m.Pinged)
		}
		wantBreach(t, s, RuleMentionPolicy)
	})

	t.Run("permissive server records no policy breach", func(t *testing.T) {
		p := New(t, Options{PermissiveMentions: true})
		pw := p.NewWorld()
		if _, err := newSession(t, p, p.Token()).ChannelMessageSend(pw.Channel.ID, "hi <@1>"); err != nil {
			t.Fatal(err)
		}
		if bs := p.Breaches(); len(bs) != 0 {
			t.Errorf("breaches: %v", bs)
		}
	})
}
