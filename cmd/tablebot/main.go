// Command tablebot hosts board games in Discord channels, and offers the
// tools around them: playing in a terminal, replaying and checking game
// records, drawing boards, inspecting the database.
//
// Run "tablebot help" for the list of subcommands.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
