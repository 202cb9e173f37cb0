package bot

import (
	"context"
	"testing"

	"github.com/tablebot/tablebot/rules"
)

// TestComputerLevels checks the plug of a game's computer players: the
// offered levels' keys, an unoffered or unknown level refused, and a
// seat's move played in the state's position with the seat's seed.
func TestComputerLevels(t *testing.T) {
	var gotSeed uint64
	c := ComputerLevels[int, int, int]{
		Offered: []rules.Level{rules.Easy, rules.Hard},
		Play: func(_ context.Context, lv rules.Level, seed uint64, pos int) (int, error) {
			gotSeed = seed
			return pos + int(lv), nil
		},
	}
	if got, want := c.Levels(), []string{"easy", "hard"}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Levels = %q, want %q", got, want)
	}
	for _, level := range []string{"medium", "random", "clever"} {
		if _, ok := c.Computer(level, 1, 0); ok {
			t.Errorf("Computer(%q) was given", level)
		}
	}
	r := NewReplay[int, int, int](sums{}, 2)
	player, ok := c.Computer("Hard", 1, 1)
	if !ok {
		t.Fatal("Computer(Hard) refused")
	}
	line, err := player.Move(t.Context(), r)
	if err != nil {
		t.Fatal(err)
	}
	if want := "5"; line != want { // position 2 + rules.Hard (3)
		t.Errorf("Move = %q, want %q", line, want)
	}
	if want := SeatSeed(1, 1); gotSeed != want || want == 1 {
		t.Errorf("seed = %#x, want the seat's %#x", gotSeed, want)
	}
}
