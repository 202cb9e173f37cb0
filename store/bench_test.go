package store

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkAppendMove measures durable appends: each one is committed with
// fsync before AppendMove returns. One channel appends one move after
// another; 100 channels append at once and share commits. The accept
// check measures the store alone; the engine check also applies each move
// to the stored JSON snapshot, as the bot would, inside the transaction.
// A channel whose game ends starts a new one (two more writes, counted in
// the time).
func BenchmarkAppendMove(b *testing.B) {
	accept := func(*Game, Move) (Checked, error) { return Checked{}, nil }
	for _, channels := range []int{1, 100} {
		name := "one-channel"
		if channels > 1 {
			name = fmt.Sprintf("%d-channels", channels)
		}
		for _, check := range []struct {
			name string
			fn   Check
		}{{"accept", accept}, {"engine", shangrilaCheck}} {
			b.Run(name+"/"+check.name, func(b *testing.B) {
				benchmarkAppends(b, channels, check.fn)
			})
		}
	}
}

func benchmarkAppends(b *testing.B, channels int, check Check) {
	path := filepath.Join(b.TempDir(), "bench.db")
	db, err := Open(path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	setup, moves := randomRecord(b, 4, 1)
	newGame := func(channel string) (*Game, error) {
		g := &Game{Channel: channel, Kind: "shangrila", Setup: setup, Status: Playing,
			Players: []Player{{UserID: "u1", Colour: "red"}, {UserID: "u2", Colour: "blue"}, {UserID: "u3", Colour: "yellow"}, {UserID: "u4", Colour: "violet"}}}
		return g, db.Create(ctx, g)
	}
	games := make([]*Game, channels)
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
						if _, err := db.Finish(ctx, g.Channel, g.ID, Over); err != nil {
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
				got, err := db.AppendMove(ctx, g.Channel, g.ID, Move{N: n, Text: text, By: byOf(g, text)}, check)
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
