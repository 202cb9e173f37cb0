package discordfake

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestCommandRegistration(t *testing.T) {
	t.Parallel()
	s := New(t, Options{ExpectBreaches: true})
	g := s.AddGuild(Guild{})
	dg := newSession(t, s, s.Token())

	str := func(name string, required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: "d", Required: required}
	}
	sub := func(name string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: "d", Options: opts}
	}
	group := func(name string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: name, Description: "d", Options: opts}
	}
	locs := func(kv ...string) *map[discordgo.Locale]string {
		m := map[discordgo.Locale]string{}
		for i := 0; i < len(kv); i += 2 {
			m[discordgo.Locale(kv[i])] = kv[i+1]
		}
		return &m
	}
	many := func(n int, mk func(i int) *discordgo.ApplicationCommandOption) []*discordgo.ApplicationCommandOption {
		var out []*discordgo.ApplicationCommandOption
		for i := range n {
			out = append(out, mk(i))
		}
		return out
	}
	name := func(i int) string { return "o" + strings.Repeat("x", i) }
	choices := func(n int) []*discordgo.ApplicationCommandOptionChoice {
		var out []*discordgo.ApplicationCommandOptionChoice
		for i := range n {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: name(i), Value: name(i)})
		}
		return out
	}

	for _, tc := range []struct {
		name     string
		cmds     []*discordgo.ApplicationCommand
		wantRule Rule // "" when accepted
	}{
		{"simple", []*discordgo.ApplicationCommand{chatCommand("play", str("game", true), str("note", false))}, ""},
		{"localized", []*discordgo.ApplicationCommand{{Name: "play", Description: "Play",
			NameLocalizations: locs("de", "spielen", "id", "main", "es-419", "jugar"), DescriptionLocalizations: locs("de", "Spielen")}}, ""},
		{"groups", []*discordgo.ApplicationCommand{chatCommand("admin", group("game", sub("stop"), sub("kick", str("who", true))), sub("status"))}, ""},
		{"user command", []*discordgo.ApplicationCommand{{Type: discordgo.UserApplicationCommand, Name: "Invite to game"}}, ""},
		{"uppercase name", []*discordgo.ApplicationCommand{chatCommand("Play")}, RuleCommandName},
		{"space in name", []*discordgo.ApplicationCommand{chatCommand("new game")}, RuleCommandName},
		{"name too long", []*discordgo.ApplicationCommand{chatCommand(strings.Repeat("a", 33))}, RuleCommandName},
		{"no description", []*discordgo.ApplicationCommand{{Name: "play"}}, RuleCommandDescription},
		{"description too long", []*discordgo.ApplicationCommand{{Name: "play", Description: strings.Repeat("d", 101)}}, RuleCommandDescription},
		{"26 options", []*discordgo.ApplicationCommand{chatCommand("play", many(26, func(i int) *discordgo.ApplicationCommandOption { return str(name(i), false) })...)}, RuleCommandOptions},
		{"required after optional", []*discordgo.ApplicationCommand{chatCommand("play", str("a", false), str("b", true))}, RuleCommandOptions},
		{"subcommand mixed with options", []*discordgo.ApplicationCommand{chatCommand("play", sub("start"), str("a", false))}, RuleCommandOptions},
		{"group inside subcommand", []*discordgo.ApplicationCommand{chatCommand("play", sub("start", group("g", sub("x"))))}, RuleCommandOptions},
		{"option in group", []*discordgo.ApplicationCommand{chatCommand("play", group("g", str("a", false)))}, RuleCommandOptions},
		{"duplicate option", []*discordgo.ApplicationCommand{chatCommand("play", str("a", false), str("a", false))}, RuleCommandOptions},
		{"25 choices", []*discordgo.ApplicationCommand{chatCommand("play", &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "c", Description: "d", Choices: choices(25)})}, ""},
		{"26 choices", []*discordgo.ApplicationCommand{chatCommand("play", &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "c", Description: "d", Choices: choices(26)})}, RuleCommandChoices},
		{"autocomplete with choices", []*discordgo.ApplicationCommand{chatCommand("play", &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "c", Description: "d", Autocomplete: true, Choices: choices(2)})}, RuleCommandChoices},
		{"unknown locale", []*discordgo.ApplicationCommand{{Name: "play", Description: "Play", NameLocalizations: locs("en", "play")}}, RuleCommandLocale},
		{"bad localized name", []*discordgo.ApplicationCommand{{Name: "play", Description: "Play", NameLocalizations: locs("de", "Spielen")}}, RuleCommandName},
		{"bad localized description", []*discordgo.ApplicationCommand{{Name: "play", Description: "Play", DescriptionLocalizations: locs("fr", "")}}, RuleCommandDescription},
		{"bad option localization", []*discordgo.ApplicationCommand{chatCommand("play", &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "c", Description: "d",
			NameLocalizations: map[discordgo.Locale]string{"xx": "c"}})}, RuleCommandLocale},
		{"duplicate command", []*discordgo.ApplicationCommand{chatCommand("play"), chatCommand("play")}, RuleCommandName},
		{"101 commands", func() []*discordgo.ApplicationCommand {
			var cs []*discordgo.ApplicationCommand
			for i := range 101 {
				cs = append(cs, chatCommand("c"+strings.Repeat("x", i%30)+string(rune('a'+i/30))))
			}
			return cs
		}(), RuleCommandCount},
		{"over 4000 characters", []*discordgo.ApplicationCommand{chatCommand("play", many(25, func(i int) *discordgo.ApplicationCommandOption {
			return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name(i), Description: strings.Repeat("d", 100), Choices: choices(25)}
		})...)}, RuleCommandLength},
		{"description on user command", []*discordgo.ApplicationCommand{{Type: discordgo.UserApplicationCommand, Name: "Invite", Description: "x"}}, RuleCommandDescription},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := s.GuildCommands(g.ID)
			got, err := dg.ApplicationCommandBulkOverwrite(s.ApplicationID(), g.ID, tc.cmds)
			if tc.wantRule == "" {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				stored := s.GuildCommands(g.ID)
				if len(got) != len(tc.cmds) || len(stored) != len(tc.cmds) || got[0].ID == "" || stored[0].Name != tc.cmds[0].Name {
					t.Errorf("answer %d, stored %d commands", len(got), len(stored))
				}
				wantBreach(t, s)
				return
			}
			if err == nil {
				t.Fatalf("accepted, want a breach of %s", tc.wantRule)
			}
			if status, code := restErr(t, err); status != 400 || code != 50035 {
				t.Errorf("HTTP %d code %d", status, code)
			}
			wantBreach(t, s, tc.wantRule)
			if after := s.GuildCommands(g.ID); len(after) != len(before) {
				t.Errorf("a rejected overwrite changed the commands: %d → %d", len(before), len(after))
			}
		})
	}

	t.Run("ids survive overwrite and localizations are kept", func(t *testing.T) {
		cmd := &discordgo.ApplicationCommand{Name: "stats", Description: "Stats", NameLocalizations: locs("de", "statistik")}
		first, err := dg.ApplicationCommandBulkOverwrite(s.ApplicationID(), "", []*discordgo.ApplicationCommand{cmd})
		if err != nil {
			t.Fatal(err)
		}
		second, err := dg.ApplicationCommandBulkOverwrite(s.ApplicationID(), "", []*discordgo.ApplicationCommand{cmd, chatCommand("help")})
		if err != nil {
			t.Fatal(err)
		}
		if first[0].ID != second[0].ID || second[1].ID == first[0].ID {
			t.Errorf("ids: %s then %s, %s", first[0].ID, second[0].ID, second[1].ID)
		}
		global := s.GlobalCommands()
		if len(global) != 2 || (*global[0].NameLocalizations)["de"] != "statistik" {
			t.Errorf("global commands: %+v", global)
		}
		listed, err := dg.ApplicationCommands(s.ApplicationID(), "")
		if err != nil || len(listed) != 2 {
			t.Errorf("ApplicationCommands: %d, %v", len(listed), err)
		}
		if err := dg.ApplicationCommandDelete(s.ApplicationID(), "", second[1].ID); err != nil {
			t.Fatal(err)
		}
		if c := s.Command("", "help"); c != nil {
			t.Errorf("deleted command still there: %+v", c)
		}
		wantBreach(t, s)
	})
}
