package shangrila

// Village is one of the thirteen villages of the board, lettered A to M as
// on the board notes. Village C, with red walls, is out of play in a
// 3-player game.
type Village uint8

// The villages by letter.
const (
	VillageA Village = iota
	VillageB
	VillageC
	VillageD
	VillageE
	VillageF
	VillageG
	VillageH
	VillageI
	VillageJ
	VillageK
	VillageL
	VillageM
)

// NumVillages is the number of villages on the board.
const NumVillages = 13

// OutOfPlayWithThree is the village not used in a 3-player game.
const OutOfPlayWithThree = VillageC

// String returns the village's letter ("A").
func (v Village) String() string {
	if v < NumVillages {
		return string(rune('A' + v))
	}
	return "?"
}

// Valid reports whether v is one of the thirteen villages.
func (v Village) Valid() bool { return v < NumVillages }

// ParseVillage reads a village letter in any case.
func ParseVillage(s string) (Village, bool) {
	if len(s) != 1 {
		return 0, false
	}
	b := upper(s[0])
	if b < 'A' || b >= 'A'+NumVillages {
		return 0, false
	}
	return Village(b - 'A'), true
}

// Neighbours returns the villages joined to v by a path on the board,
// whether or not its bridge still stands, in letter order.
func (v Village) Neighbours() []Village {
	var out []Village
	for b := Bridge(0); b < NumBridges; b++ {
		if w, ok := b.Other(v); ok {
			out = append(out, w)
		}
	}
	return out
}
