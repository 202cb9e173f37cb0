package menara

import (
	"math/rand/v2"
	"testing"
)

// FuzzApply plays steps built from bytes: the engine must never panic,
// must reject what is illegal without changing the position, and must keep
// its invariants after what it accepts. Half the steps are the legal step
// the bytes point at, so the fuzzer reaches deep positions.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 0x80, 3, 0x80, 7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
	f.Add([]byte{3, 9, 0x81, 0, 0x82, 1, 0x83, 2, 0x84, 0, 0x85, 5, 2, 200, 17, 3, 4, 9, 9, 9})
	f.Add([]byte{2, 2, 4, 1, 6, 1, 10, 3, 2, 5, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{5, 1, 0xff, 0xff, 0xfe, 0xfe, 0x80, 0x80, 0x81, 0x81, 0x82, 0x82, 0x83, 0x83})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		o := testOptions(1+int(data[0]%4), Difficulty(data[0]/4%3))
		if data[0]&0x40 != 0 {
			o.Hands = Shaky
		}
		p := mustPosition(t, o, uint64(data[1]))
		data = data[2:]
		rng := rand.New(rand.NewPCG(uint64(len(data)), 3))
		for len(data) >= 2 && p.Phase() != Over {
			b, c := data[0], data[1]
			data = data[2:]
			var s Step
			if b&0x80 != 0 {
				s = p.RandomStep(rng)
			} else {
				s = Step{
					Seat:   c % 5,
					Kind:   Kind(b % 10),
					Give:   Columns{c & 3, c >> 2 & 3},
					Take:   Columns{0, 0, c >> 4 & 3, c >> 6},
					Pile:   Pile(c % 4),
					Colour: Colour(c % 6),
					From:   Base{FloorID(b % 19), c % 8},
					To:     Base{FloorID(c % 19), b % 8},
					Floor:  FloorID(b % 19),
					On:     BaseSet{lo: uint64(c) * 0x0101010101, hi: uint64(b)},
					Turn:   c % 7,
					Side:   Side(b % 3),
					At:     Hex{int16(int8(b)), int16(int8(c))},
					HasAt:  b&1 == 0,
					Renew:  c&1 == 0,
				}
				if b&0x40 != 0 {
					s.Seat = uint8(p.Turn())
				}
			}
			next, _, err := p.Apply(s)
			if err != nil {
				if next != p {
					t.Fatalf("an illegal step %s changed the position", s)
				}
				continue
			}
			p = next
			checkInvariants(t, &p)
		}
	})
}
