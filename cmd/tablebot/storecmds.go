package main

import (
	"context"
	"errors"
)

// runGames lists stored games. (Owned by the storage work.)
func runGames(ctx context.Context, e env, args []string) error { return errors.New("not built yet") }

// runExport prints a channel's current game as a record. (Owned by the storage work.)
func runExport(ctx context.Context, e env, args []string) error { return errors.New("not built yet") }

// runBackup writes a hot copy of the database. (Owned by the storage work.)
func runBackup(ctx context.Context, e env, args []string) error { return errors.New("not built yet") }
