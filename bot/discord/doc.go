// Package discord connects the command layer (package bot) to Discord
// through github.com/bwmarrin/discordgo: it opens the gateway, registers
// the slash command with its localisations, turns interactions into
// requests and delivers the replies within Discord's limits.
//
// Every REST call and the gateway discovery go through the configured API
// base URL, so the bot can sit behind a Discord REST proxy and tests can
// point it at a loopback fake.
package discord
