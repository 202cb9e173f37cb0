package cli

import (
	"context"
	"sync"
)

// PlayGames plays games 0 to n-1 with play on workers goroutines and
// returns their results in game order. done is called after each game,
// from one goroutine at a time (a progress report). The first error stops
// the games not yet begun and is returned; so is ctx's when it ends first.
// Arenas play their games with it.
func PlayGames[T any](ctx context.Context, workers, n int, play func(context.Context, int) (T, error), done func(T)) ([]T, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]T, n)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = play(ctx, i)
				if errs[i] != nil {
					cancel()
					continue
				}
				mu.Lock()
				done(results[i])
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return results, nil
}
