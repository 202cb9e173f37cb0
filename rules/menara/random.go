package menara

import "math/bits"

// The game's random stream: a PCG generator seeded from the game's seed,
// stored in the Position so that a copy carries it. Every draw happens at a
// fixed point of the game (setup, a refill, a renewal, a shaky roll), so a
// game is its options, its seed and its steps.

// streamMenara is the PCG stream selector of every game: "menara" in ASCII.
const streamMenara = 0x6d656e617261

// draw returns a number in [0, n) (n > 0), uniformly, by Lemire's
// multiply-and-reject method.
func (p *Position) draw(n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(p.rng.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(p.rng.Uint64(), un)
		}
	}
	return int(hi)
}

// drawColumn takes one column from the bag, each column equally likely, and
// returns its colour. The bag is not empty.
func (p *Position) drawColumn() Colour {
	r := p.draw(p.bag.Total())
	for c := range p.bag {
		if r < int(p.bag[c]) {
			p.bag[c]--
			return Colour(c)
		}
		r -= int(p.bag[c])
	}
	panic("menara: draw from an empty bag")
}

// drawColumns takes n columns from the bag, or all it has when it has
// fewer, and returns them.
func (p *Position) drawColumns(n int) Columns {
	var got Columns
	for ; n > 0 && p.bag.Total() > 0; n-- {
		got[p.drawColumn()]++
	}
	return got
}
