package main

import (
	"context"
	"log/slog"

	"github.com/tablebot/tablebot/store"
)

// serveCopies serves hot copies of the database file on its socket
// (store.SocketPath) for tablebot games, export and backup, while this
// process (serve, or local) holds the file. stop ends the serving once
// the copies in progress are finished: call it before the file closes.
func serveCopies(file *store.DB, log *slog.Logger) (stop func(), err error) {
	ln, err := file.ListenBackups(store.SocketPath(file.Path()))
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := file.ServeBackups(ctx, ln); err != nil {
			log.Error("serving hot copies", "err", err)
		}
	}()
	return func() {
		cancel()
		<-done
	}, nil
}
