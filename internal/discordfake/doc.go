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
// server to only collect breaches so that a test can assert on them. A body
// over a limit (content over 2,000 characters, more than 10 embeds or
// attachments, a file over Options.MaxFileSize) is answered 400 with code
// 50035 Invalid Form Body (CodeInvalidFormBody) and Discord's "errors"
// object naming the field, such as files.1 for the second file.
//
// Every file uploaded with any request (channel posts and edits,
// interaction callbacks, followups, webhook edits) whose name or content
// type says it is a PNG, GIF, JPEG or WebP image is decoded: an empty or
// undecodable one breaks RuleImage and is answered like a limit (400,
// 50035, under files.N). Discord would store it and show a broken image;
// the fake refuses it because it is always a bug of the bot. A decoded
// image's size is in Attachment.Width and Height, as in Discord's
// attachment object.
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
// # Who is notified
//
// Discord notifies a user only when a message that pings them is created:
// a channel message, an immediate interaction response (type 4) or a
// followup. No edit notifies anybody, even one that adds a mention; that
// includes filling a deferred response (type 5), whether by editing
// @original or by the first followup, which Discord turns into that edit
// (discord-api-docs issues 1419, 4034 and 5497; discord.js issue 9482).
// Ephemeral messages and messages flagged SUPPRESS_NOTIFICATIONS (1<<12)
// notify nobody, and mentions in embeds never ping. Message.Pinged follows
// the content as Discord's mentions array does; Message.Notified is fixed
// when the message is created, and Server.Notifications (or
// View.Notifications) lists every notification in order, so a test can
// assert that a turn reached exactly the player to move:
//
//	v := s.WaitUntil(ctx, func(v *discordfake.View) bool { return len(v.Notifications(ch)) == n+1 })
//	if got := v.Notifications(ch)[n]; got.UserID != bob.ID { ... }
//
// # The interaction callback's answer
//
// POST /interactions/{id}/{token}/callback is answered 204 No Content, as
// discordgo expects. With ?with_response=true it is answered 200 with
// Discord's interaction callback response object ("Receiving and
// Responding", Create Interaction Response):
//
//	{"interaction": {"id", "type" (the interaction's), "response_message_id",
//	  "response_message_loading", "response_message_ephemeral"},
//	 "resource": {"type" (the callback's), "message"}}
//
// The response_message_* fields come for the types that create or update
// a message (4, 5 and 7), resource.message (the message as the REST API
// shows it) for types 4 and 7 only, as Discord documents.
//
// # Interactions over HTTP
//
// Discord delivers interactions either as gateway INTERACTION_CREATE
// events or, once the application has an Interactions Endpoint URL, as
// HTTP POSTs to it, never both ("Receiving and Responding", Receiving an
// Interaction). New generates the application's Ed25519 key pair;
// PublicKey gives the public key in hex, as the Developer Portal shows
// it. SetInteractionsEndpoint saves the URL as the portal does, after
// validating it: a signed PING must be answered 200 with a JSON PONG
// ({"type": 1}) and a badly signed PING 401. From then on Dispatch (and
// SlashCommand, Click and the others) POSTs each interaction's payload
// there, with X-Signature-Ed25519 (Ed25519 over X-Signature-Timestamp
// followed by the body, in hex) and X-Signature-Timestamp (Unix seconds
// on the fake's clock, Options.Now), and needs no gateway session. The
// answer is taken as Discord takes it: 200 with an interaction response
// in the body is the initial response (checked like a callback, without
// the callback route's faults and holds); 202 Accepted says the initial
// response was made through POST /interactions/{id}/{token}/callback,
// and breaks RuleEndpoint if none was; any other status breaks
// RuleEndpoint. The 3-second deadline (Options.AckDeadline) runs from the
// POST, on real time, as for the gateway: the fake stops waiting for the
// HTTP answer then, and an interaction answered neither way breaks
// RuleAckDeadline. Sign signs a body as Discord would, for tests that
// forge requests (a stale timestamp).
//
// # Idempotent posts
//
// POST /channels/{channel}/messages takes a nonce (a string or an integer,
// at most 25 characters) and enforce_nonce. With enforce_nonce, a second
// request with the nonce of a message the bot created in the channel
// within Options.NonceWindow (five minutes) creates nothing and is
// answered with the existing message, so a bot may retry a post whose
// outcome it does not know.
//
// # Failures and requests in flight
//
// Every REST endpoint is a Route. Fail queues Faults for a route: a 429
// answered with Discord's rate-limit body and headers, of Scope "user",
// "global" or "shared" (discordgo waits and retries by itself), or a 5xx,
// optionally Applied (the request took effect, but the client is told it
// failed). Queued faults are for one request at a time; FailIf sets a
// rule for a route instead, asked for every request no queued fault takes,
// with a FaultRequest telling the channel, guild, interaction, whether the
// request uploads files and the fake's time: an outage of some channels
// among thousands, or of uploads only, is one rule. Hold holds the next
// request to a route before it is processed, until the test Releases it,
// applied or dropped: the way to kill a bot while its post is in flight.
// Requests counts the requests that reached a route.
//
// # The invalid-request limit
//
// Discord counts the responses 401, 403 and 429 (but not a 429 whose
// X-RateLimit-Scope is "shared") and blocks a bot that gets 10,000 of them
// within 10 minutes for an hour. The fake counts them on every route,
// interaction endpoints included, whatever caused them (a wrong token, a
// permission the bot lacks, a place it lost, a queued or ruled 429), in a
// sliding window of InvalidRequestWindow on the fake's clock:
// InvalidRequests (and View.InvalidRequests) gives the count in the window
// now, the peak and the total. Reaching Options.InvalidRequestLimit
// (default 10,000; tests set a small one) breaks RuleInvalidRequests, once
// until the window slides below the limit again.
//
// # Threads and the bot's permissions
//
// A Channel may be a thread (World.NewThread) under a text channel; its
// GET /channels answer and the channel object in interactions carry its
// type, parent_id and thread_metadata. Each channel has the bot's
// permissions (Channel.BotPermissions, else its parent's for a thread,
// else Options.AppPermissions; SetBotPermissions changes them at any
// time), sent as app_permissions in interactions and enforced on every
// channel route: VIEW_CHANNEL for all of them; SEND_MESSAGES in a channel
// or SEND_MESSAGES_IN_THREADS in a thread to post, ATTACH_FILES for
// uploads, READ_MESSAGE_HISTORY for replies and to get a message (a list
// without it is empty); editing or deleting the bot's own message needs
// VIEW_CHANNEL only. A refusal is answered 403 (CodeMissingAccess, 50001,
// without VIEW_CHANNEL, else CodeMissingPermissions, 50013) and recorded
// in Denied; it is not a breach, since the bot is not at fault for what
// admins allow. Interaction responses and followups need no channel
// permissions, as in Discord.
//
// # Places the bot loses
//
// Moderators change the world under the bot, and the fake lets a test do
// it. None of it is the bot's fault, so none of the refusals that follow
// is a breach: each is recorded in Refused (and View.Refused) with its
// route, place, status and code, and has no effect (nothing stored, nobody
// notified). What the bot must handle:
//
//   - DeleteChannel: the sessions of the guild's shard get CHANNEL_DELETE
//     with the channel object, or THREAD_DELETE with id, guild_id,
//     parent_id and type (a text channel's threads go with it, without
//     events of their own). Every later request addressing it, and the
//     interaction endpoints of interactions made in it, get 404 with
//     CodeUnknownChannel (10003).
//   - SetBotPermissions: see above; 403 with 50001 or 50013.
//   - ArchiveThread: the thread shows thread_metadata.archived (and
//     locked) and the sessions get THREAD_UPDATE. Editing its messages gets
//     400 with CodeArchivedThread (50083); posting in it unarchives it
//     (another THREAD_UPDATE), as Discord does, unless it is locked and the
//     bot lacks MANAGE_THREADS, when posting and deleting get 50083 too.
//   - RemoveBot: the sessions get GUILD_DELETE without "unavailable" (the
//     bot was removed, not an outage); every later request about the guild
//     or its channels gets 403 with CodeMissingAccess (50001). AddGuild
//     invites it back.
//
// Users cannot act where the bot cannot see, so the dispatch helpers fail
// the test for an interaction in a deleted channel or a guild the bot was
// removed from, and for a slash command in an archived thread. These
// events go to ready sessions with the GUILDS intent, connected or
// waiting to resume.
//
// # Two clocks
//
// Options.Now is the fake's clock, default time.Now. It measures Discord's
// own windows of minutes (the nonce window, the invalid-request window)
// and stamps what the fake shows (message timestamps and snowflake ids,
// Breach.At, Denial.At, Refusal.At, FaultRequest.Now), so a test can move
// it ten minutes on instead of waiting. The interaction deadlines are not
// on it: the 3 seconds for the initial response (Options.AckDeadline) and
// the 15-minute token lifetime (Options.TokenLifetime) run on real time,
// because the bot's own requests take real time.
//
// Every change to this state (a message, a notification, a denial, a
// refusal, a request, a fault taken, a request held) wakes WaitUntil.
//
// The server listens on 127.0.0.1 only and keeps all state per Server, so
// tests may run in parallel.
package discordfake
