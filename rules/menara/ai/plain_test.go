package ai

import (
	"slices"
	"testing"

	"github.com/tablebot/tablebot/rules/menara"
)

// TestPlain plays whole games by Plain's suggestions: every one is legal,
// its reason is one of the Tip keys, a suggested floor's place is one of
// those Placements lists, and the game ends.
func TestPlain(t *testing.T) {
	tips := []string{TipDone, TipSteadiest, TipGiveUpCollapse, TipGiveUpCannot, TipExtend, TipFloor, TipReveal}
	for seed := uint64(1); seed <= 3; seed++ {
		p := mustPosition(t, testOptions(2, menara.Easy), seed)
		steps := 0
		for ; p.Phase() != menara.Over && steps < 2000; steps++ {
			step, why := Plain(&p)
			if !slices.Contains(tips, why.Key) {
				t.Fatalf("seed %d, step %d: reason %q", seed, steps, why.Key)
			}
			if step.Kind == menara.PlaceFloor || step.Kind == menara.Extend {
				listed := slices.ContainsFunc(Placements(p.Placements(nil), PlaceNew, menara.NoFloor), func(pl menara.Placement) bool {
					s := pl.Step
					s.Seat = step.Seat
					return s == step
				})
				if !listed {
					t.Fatalf("seed %d, step %d: %v is no listed place", seed, steps, step)
				}
			}
			next, _, err := p.Apply(step)
			if err != nil {
				t.Fatalf("seed %d, step %d: %v: %v", seed, steps, step, err)
			}
			p = next
		}
		if p.Phase() != menara.Over {
			t.Errorf("seed %d: not over after %d steps", seed, steps)
		}
	}
}
