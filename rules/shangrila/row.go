package shangrila

import "math/bits"

// row packs seven small numbers, one per discipline, into a word: byte d
// holds discipline d's value and byte 7 is always zero. A village's spaces
// and a player's supply are rows, so the engine can test all seven
// disciplines at once with a few arithmetic operations instead of a loop.
// Every byte stays below 0x10 (a Space, or a count of at most six), which
// the mask functions rely on: adding 0x7f to a byte never carries into the
// next.
type row uint64

const (
	rowLow   = 0x0101010101010101
	rowHigh  = 0x0080808080808080 // the high bit of the seven discipline bytes
	rowSeven = 0x7f7f7f7f7f7f7f7f
)

// at returns discipline d's byte.
func (r row) at(d Discipline) uint8 { return uint8(r >> (8 * d)) }

// set stores b as discipline d's byte.
func (r *row) set(d Discipline, b uint8) {
	*r = *r&^(0xff<<(8*d)) | row(b)<<(8*d)
}

// add adds n (which may be negative) to discipline d's byte.
func (r *row) add(d Discipline, n int) { *r += row(uint64(int64(n)) << (8 * d)) }

// nonZero returns a mask with the high bit of every non-zero byte: the
// occupied spaces of a village, or the disciplines a supply still holds.
func (r row) nonZero() uint64 { return (uint64(r) + rowSeven) & rowHigh }

// students returns a mask with the high bit of every space holding a
// student (the student flag, bit 3, shifted to bit 7).
func (r row) students() uint64 { return uint64(r) << 4 & rowHigh }

// ownedBy returns a mask with the high bit of every space whose master has
// colour c.
func (r row) ownedBy(c Colour) uint64 {
	x := uint64(r)&(rowLow*uint64(spaceColour)) ^ rowLow*uint64(c)
	return ^(x + rowSeven) & rowHigh
}

// atLeast returns a mask with the high bit of every byte of at least n (n
// from 1 to 16).
func (r row) atLeast(n int) uint64 {
	return (uint64(r) + rowLow*uint64(0x80-n)) & rowHigh
}

// firstDiscipline returns the discipline of the lowest bit set in mask.
func firstDiscipline(mask uint64) Discipline { return Discipline(bits.TrailingZeros64(mask) >> 3) }

// count returns the number of bytes flagged in mask.
func count(mask uint64) int { return bits.OnesCount64(mask) }

// disciplineBit returns the mask bit of discipline d.
func disciplineBit(d Discipline) uint64 { return 0x80 << (8 * d) }
