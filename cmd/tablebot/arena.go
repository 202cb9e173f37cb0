package main

import (
	"context"
	"errors"
)

// runArena plays computer players against each other. (Owned by the computer players work.)
func runArena(ctx context.Context, e env, args []string) error { return errors.New("not built yet") }
