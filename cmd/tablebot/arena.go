package main

import (
	"context"
	"errors"

	"github.com/tablebot/tablebot/bot/cli"
)

// runArena plays computer players of the game of --game against each
// other and prints their results: the game's own flags and report.
func runArena(ctx context.Context, e cli.Env, args []string) error {
	g, err := pickGame(e.Games, gameFlag(args))
	if err != nil {
		return err
	}
	err = g.Arena(ctx, e, args)
	if errors.Is(err, cli.ErrUnsupported) {
		return cli.Usagef("%s has no computer players yet", g.Name())
	}
	return err
}
