package storetest

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
)

// BenchAppendMove measures durable appends: each one is committed with
// fsync before AppendMove returns. One channel appends one move after
// another; 100 channels append at once and share commits. The accept
// check measures the store alone; the engine check also applies each move
// to the stored JSON snapshot, as the bot would, inside the transaction.
// A channel whose game ends starts a new one (two more writes, counted in
// the time). open opens a new, empty store of the engine measured; both
// engines' BenchmarkAppendMove run it.
func BenchAppendMove(b *testing.B, open func(b *testing.B) store.Store) {
	accept := func(*store.Game, store.Move) (store.Checked, error) { return store.Checked{}, nil }
	for _, channels := range []int{1, 100} {
		name := "one-channel"
		if channels > 1 {
			name = fmt.Sprintf("%d-channels", channels)
		}
		for _, check := range []struct {
			name string
			fn   store.Check
		}{{"accept", accept}, {"engine", shangrilaCheck}} {
			b.Run(name+"/"+check.name, func(b *testing.B) {
				benchmarkAppends(b, open(b), channels, check.fn)
			})
		}
	}
}

func benchmarkAppends(b *testing.B, db store.Store, channels int, check store.Check) {
	var err error
	ctx := context.Background()
	setup, moves := randomRecord(b, 4, 1)
	newGame := func(channel string) (*store.Game, error) {
		g := &store.Game{Channel: channel, Kind: "shangrila", Setup: setup, Status: store.Playing,
			Players: []store.Player{{UserID: "u1", Colour: "red"}, {UserID: "u2", Colour: "blue"}, {UserID: "u3", Colour: "yellow"}, {UserID: "u4", Colour: "violet"}}}
		return g, db.Create(ctx, g)
	}
	games := make([]*store.Game, channels)
	for i := range games {
		if games[i], err = newGame(fmt.Sprintf("ch%03d", i)); err != nil {
			b.Fatal(err)
		}
	}
	var left atomic.Int64
	left.Store(int64(b.N))
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for _, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 0
			for left.Add(-1) >= 0 {
				if n == len(moves) {
					if g.Status.Live() {
						if _, err := db.Finish(ctx, g.Channel, g.ID, store.Over); err != nil {
							b.Error(err)
							return
						}
					}
					next, err := newGame(g.Channel)
					if err != nil {
						b.Error(err)
						return
					}
					g = next
					n = 0
				}
				text := moves[n]
				got, err := db.AppendMove(ctx, g.Channel, g.ID, store.Move{N: n, Text: text, By: byOf(g, text)}, check)
				if err != nil {
					b.Error(err)
					return
				}
				g.Status = got.Status
				n++
			}
		}()
	}
	wg.Wait()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "appends/s")
}
