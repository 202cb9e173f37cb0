package shangrila

import "math/bits"

// Position is the whole state of a game at one moment: the tiles in every
// village, the bridges still standing, the stones, every player's supply,
// the seats, whose turn it is and the phase.
//
// Position is a plain value of a few hundred bytes with no pointers:
// assigning it copies the state, and Apply never changes its receiver.
//
// Invariants, kept by every method that returns a Position:
//   - each player's 42 tiles (6 per discipline) are on the board or in supply;
//   - a village has a stone exactly when none of its bridges stands (with 3
//     players village C starts with a stone and no bridges);
//   - during setup the board holds masters only;
//   - turn names an active (not resigned) seat unless the game is over.
type Position struct {
	villages [NumVillages]row // village v's spaces: byte d is Space(v, d)
	supply   [Violet + 1]row  // indexed by colour: byte d counts discipline d
	bridges  uint32           // unbroken bridges
	stones   uint16           // villages with a stone
	seats    [4]Colour
	nseats   uint8
	turn     uint8 // seat index of the player to move
	phase    Phase
	resigned uint8 // seat bit mask
}

// Strength is a village's strength for a journey: its tiles (masters and
// students of every player), then its masters as the first tie-break.
type Strength struct {
	Tiles   int
	Masters int
}

// Beats reports whether s is stronger than t as a journey's source against
// its destination: more tiles, or as many tiles and more masters. On a full
// tie the destination counts as stronger, so Beats is false.
func (s Strength) Beats(t Strength) bool {
	return s.Tiles > t.Tiles || s.Tiles == t.Tiles && s.Masters > t.Masters
}

// Players returns the players' colours in seat order; the first moves first.
func (p Position) Players() []Colour {
	return append([]Colour(nil), p.seats[:p.nseats]...)
}

// NumPlayers returns the number of seats, 3 or 4.
func (p Position) NumPlayers() int { return int(p.nseats) }

// Phase returns the phase the game is in.
func (p Position) Phase() Phase { return p.phase }

// Turn returns the colour of the player to move, or NoColour when the game
// is over.
func (p Position) Turn() Colour {
	if p.phase == Over {
		return NoColour
	}
	return p.seats[p.turn]
}

// Space returns what lies on discipline d's space in village v.
func (p Position) Space(v Village, d Discipline) Space { return Space(p.villages[v].at(d)) }

// Stone reports whether village v has a Stone of the Wise Men.
func (p Position) Stone(v Village) bool { return p.stones&(1<<v) != 0 }

// InPlay reports whether village v is part of this game: every village
// except C in a 3-player game.
func (p Position) InPlay(v Village) bool {
	return v.Valid() && !(p.nseats == 3 && v == OutOfPlayWithThree)
}

// Standing reports whether bridge b is still unbroken.
func (p Position) Standing(b Bridge) bool { return p.bridges&(1<<b) != 0 }

// Bridges returns the unbroken bridges in order.
func (p Position) Bridges() []Bridge {
	var out []Bridge
	for m := p.bridges; m != 0; m &= m - 1 {
		out = append(out, Bridge(bits.TrailingZeros32(m)))
	}
	return out
}

// NumBridges returns the number of unbroken bridges.
func (p Position) NumBridges() int { return bits.OnesCount32(p.bridges) }

// NumStones returns the number of villages with a stone.
func (p Position) NumStones() int { return bits.OnesCount16(p.stones) }

// Supply returns how many tiles of discipline d player c has off the board.
func (p Position) Supply(c Colour, d Discipline) int {
	if !c.Valid() || !d.Valid() {
		return 0
	}
	return int(p.supply[c].at(d))
}

// Strength returns village v's strength.
func (p Position) Strength(v Village) Strength {
	r := p.villages[v]
	m := count(r.nonZero())
	return Strength{Tiles: m + count(r.students()), Masters: m}
}

// Seat returns c's seat index and whether c plays in this game.
func (p Position) Seat(c Colour) (int, bool) {
	for i := 0; i < int(p.nseats); i++ {
		if p.seats[i] == c {
			return i, true
		}
	}
	return -1, false
}

// Resigned reports whether player c has resigned.
func (p Position) Resigned(c Colour) bool {
	i, ok := p.Seat(c)
	return ok && p.resigned&(1<<i) != 0
}

// Active reports whether c plays in this game and has not resigned.
func (p Position) Active(c Colour) bool {
	i, ok := p.Seat(c)
	return ok && p.resigned&(1<<i) == 0
}

// hasMaster reports whether c has a master in village v.
func (p *Position) hasMaster(c Colour, v Village) bool {
	return p.villages[v].ownedBy(c) != 0
}

// activeCount returns the number of seats that have not resigned.
func (p *Position) activeCount() int {
	return int(p.nseats) - bits.OnesCount8(p.resigned)
}

// nextActive returns the first active seat after seat i, cyclically; it
// returns i itself only when no other seat is active.
func (p *Position) nextActive(i int) int {
	for k := 1; k <= int(p.nseats); k++ {
		j := (i + k) % int(p.nseats)
		if p.resigned&(1<<j) == 0 {
			return j
		}
	}
	return i
}
