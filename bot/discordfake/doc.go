// Package discordfake is a loopback fake of Discord's REST API and gateway
// for tests that drive the real github.com/bwmarrin/discordgo client.
//
// A test starts a Server with New, points the bot's api_url at Server.URL
// and lets the bot open its session as in production: discordgo asks
// GET /api/v9/gateway (its API version; v10 is served too) for the
// websocket address, and the fake answers with its own ws://127.0.0.1 URL.
// The test then plays users: it dispatches slash commands, autocomplete
// requests, button clicks and select choices as INTERACTION_CREATE events,
// and waits, without sleeping, for what the bot did in answer.
//
// Every request the bot makes is checked against Discord's documented
// limits (message, embed and component sizes, interaction timing, command
// registration rules, allowed_mentions). A breach gets the HTTP error Discord
// would send and fails the test, unless Options.ExpectBreaches asks the
// server to only collect breaches so that a test can assert on them.
//
// A typical test:
//
//	s := discordfake.New(t, discordfake.Options{})
//	w := s.NewWorld("alice", "bob")
//	startBot(t, s.URL(), s.Token()) // the bot registers commands and opens its session
//	r := s.SlashCommand(w.Users[0].ID, w.Channel.ID, "game", "start", discordfake.Opt("players", 2)).Wait(ctx)
//	lobby := r.Message
//	s.Click(w.Users[1].ID, lobby, "join").Wait(ctx)
//	v := s.WaitUntil(ctx, func(v *discordfake.View) bool {
//		m := v.LastMessage(w.Channel.ID)
//		return m != nil && strings.Contains(m.Content, "bob joined")
//	})
//
// The server listens on 127.0.0.1 only and keeps all state per Server, so
// tests may run in parallel.
package discordfake
