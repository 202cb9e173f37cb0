package shangrila_test

import (
	"testing"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// FuzzApply applies arbitrary moves built from bytes: the engine must never
// panic, must reject what is illegal without changing the position, and
// must keep its invariants after what it accepts.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{3, 1, 0, 3, 4, 5, 6, 7, 8, 1, 2, 0, 1})
	f.Add([]byte{2, 3, 1, 5, 5, 2, 9, 9, 9, 4, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		players := four
		if len(data) > 0 && data[0]&1 == 1 {
			players = three
		}
		start := shangrila.StartSetup
		if len(data) > 0 && data[0]&2 == 2 {
			start = shangrila.StartSuggested
		}
		p, err := shangrila.NewPosition(players, start)
		if err != nil {
			t.Fatal(err)
		}
		for len(data) >= 8 {
			b := data[:8]
			data = data[8:]
			m := shangrila.Move{
				Kind:     shangrila.Kind(b[0] % 8),
				Player:   shangrila.Colour(b[1] % 6),
				Sites:    [2]shangrila.Site{{Village: shangrila.Village(b[2] % 15), Discipline: shangrila.Discipline(b[3] % 9)}, {Village: shangrila.Village(b[4] % 15), Discipline: shangrila.Discipline(b[5] % 9)}},
				Students: b[6] % 4,
				From:     shangrila.Village(b[2] % 15),
				To:       shangrila.Village(b[7] % 15),
			}
			if b[0]&0x80 != 0 {
				// Half the time, play the legal move the bytes point at, so
				// the fuzzer reaches deep positions.
				legal := p.LegalMoves(nil)
				if len(legal) == 0 {
					return
				}
				m = legal[int(b[1])%len(legal)]
			}
			next, _, err := p.Apply(m)
			if err != nil {
				if next != p {
					t.Fatalf("an illegal move changed the position")
				}
				continue
			}
			p = next
			checkInvariants(t, &p)
		}
	})
}
