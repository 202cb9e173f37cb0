package cli

import (
	"context"
	"errors"
	"slices"
	"testing"
)

func TestPlayGames(t *testing.T) {
	square := func(_ context.Context, i int) (int, error) { return i * i, nil }
	for _, workers := range []int{1, 2, 7, 30} {
		var seen []int
		got, err := PlayGames(context.Background(), workers, 20, square, func(v int) { seen = append(seen, v) })
		if err != nil {
			t.Fatal(err)
		}
		want := make([]int, 20)
		for i := range want {
			want[i] = i * i
		}
		if !slices.Equal(got, want) {
			t.Errorf("%d workers: got %v, want %v", workers, got, want)
		}
		slices.Sort(seen)
		if !slices.Equal(seen, want) {
			t.Errorf("%d workers: done saw %v", workers, seen)
		}
	}
}

func TestPlayGamesError(t *testing.T) {
	boom := errors.New("boom")
	got, err := PlayGames(context.Background(), 2, 1000, func(ctx context.Context, i int) (int, error) {
		if i == 3 {
			return 0, boom
		}
		return i, ctx.Err()
	}, func(int) {})
	if !errors.Is(err, boom) && !errors.Is(err, context.Canceled) || got != nil {
		t.Errorf("got %v, %v; want boom (or the cancel it caused)", got, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := PlayGames(ctx, 2, 10, func(context.Context, int) (int, error) { return 0, nil }, func(int) {}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
}
