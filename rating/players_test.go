package rating

import (
	"errors"
	"math"
	"testing"
)

func TestRateFreeForAll(t *testing.T) {
	m := Default()
	m.Tau = 0
	ratings := map[string]Rating{"ana": m.New()}
	// Two newcomers and Ana, a newcomer too, finish in order: the 3p FFA of
	// openskill.js's plackett-luce.test.ts (see model_test.go).
	changes, err := m.RateFreeForAll(ratings, []string{"bob", "ana", "computer:hard"}, []int{2, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Rating{
		"ana":           r(27.868876552746237, 8.204837030780652),
		"bob":           r(25.717219138186557, 8.057829747583874),
		"computer:hard": r(21.413904309067206, 8.057829747583874),
	}
	for p, w := range want {
		if g := ratings[p]; math.Abs(g.Mu-w.Mu) > tolerance || math.Abs(g.Sigma-w.Sigma) > tolerance {
			t.Errorf("%s: got %v, want %v", p, g, w)
		}
	}
	if changes[0].Player != "bob" || changes[0].Before != m.New() || changes[0].After != ratings["bob"] {
		t.Errorf("bob's change: %+v", changes[0])
	}
	if got, want := changes[1].Delta(), ratings["ana"].Ordinal(); math.Abs(got-want) > tolerance {
		t.Errorf("ana's delta = %v, want %v", got, want)
	}
}

func TestRateFreeForAllRefusesTwoSeats(t *testing.T) {
	ratings := map[string]Rating{}
	_, err := Default().RateFreeForAll(ratings, []string{"ana", "ana"}, places(2))
	if !errors.Is(err, ErrBadGame) {
		t.Errorf("got %v, want ErrBadGame", err)
	}
	if len(ratings) != 0 {
		t.Errorf("ratings changed: %v", ratings)
	}
}
