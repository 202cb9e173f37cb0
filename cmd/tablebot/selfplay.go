package main

import (
	"context"

	"github.com/tablebot/tablebot/bot/cli"
)

// runSelfplay plays games of uniformly random legal moves of the game of
// --game and writes their records: game i of seed S always plays the same.
func runSelfplay(ctx context.Context, e cli.Env, args []string) error {
	g, err := pickGame(e.Games, gameFlag(args))
	if err != nil {
		return err
	}
	return g.Selfplay(ctx, e, args)
}
