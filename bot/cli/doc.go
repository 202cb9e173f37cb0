// Package cli is the binary's face for games, beside bot/discord and
// bot/local: what a game gives the command line (cmd/tablebot) and the
// helpers its subcommands share. A game implements Game in its own
// bot/<game>/tools package, and the binary lists it once, in its main.go:
// hosting it (serve, local, import), its records (replay, render, games),
// its random games (selfplay), its computer players (arena) and its own
// flags of tablebot local all come through that one value.
//
// The helpers are those of every subcommand that a game may write: the
// standard streams (Env), usage errors (Usagef, ErrUsage), flags anywhere
// among the arguments (ParseFlags), progress on standard error (Progress),
// games played on many goroutines (PlayGames), computers' thinking times
// (Thinking), win rates' intervals (Wilson) and selfplay's records
// (WriteRecords).
package cli
