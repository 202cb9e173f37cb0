package ai

import (
	"math/bits"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// Short names for the engine's types: the heuristics use them on every
// line.
type (
	colour     = shangrila.Colour
	village    = shangrila.Village
	discipline = shangrila.Discipline
	move       = shangrila.Move
	position   = shangrila.Position
)

const (
	numVillages    = shangrila.NumVillages
	numDisciplines = shangrila.NumDisciplines
)

// link is one path out of a village: the village across and its bridge.
type link struct {
	to     village
	bridge shangrila.Bridge
}

// links[v] lists the paths out of village v. It is computed once from the
// engine's board and never written afterwards.
var links = func() (out [numVillages][]link) {
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		x, y := b.Ends()
		out[x] = append(out[x], link{y, b})
		out[y] = append(out[y], link{x, b})
	}
	return out
}()

// board is a position spelt out in arrays for the heuristics, which read
// the same spaces many times. It is filled from a position by read and
// never changed afterwards except by the helpers that say so.
//
// Invariants: tiles[v] and masters[v] are village v's strength;
// students[v] has bit d set exactly when space d of v holds a student;
// owned[c][v] has bit d set exactly when c's master is on space d of v.
type board struct {
	sp       [numVillages][numDisciplines]shangrila.Space
	tiles    [numVillages]int8
	masters  [numVillages]int8
	students [numVillages]uint8
	owned    [shangrila.Violet + 1][numVillages]uint8
	supply   [shangrila.Violet + 1][numDisciplines]int8
	closed   uint16 // villages with a stone or out of play: nothing happens there
	standing uint32
	seats    [4]colour
	nseats   int
	active   [shangrila.Violet + 1]bool
	turn     colour
	phase    shangrila.Phase
	// plain caches journey(v, w) without extras by directed path (see
	// pathIndex); known flags the entries computed so far.
	plain [2 * shangrila.NumBridges]gain
	known uint64
}

// pathIndex returns the index of the path from v across l among the
// directed paths.
func pathIndex(v village, l link) int {
	i := 2 * int(l.bridge)
	if v > l.to {
		i++
	}
	return i
}

// plainJourney returns journey(v, l.to) without extras, computing it once
// per board.
func (b *board) plainJourney(v village, l link) gain {
	i := pathIndex(v, l)
	if b.known&(1<<i) == 0 {
		b.plain[i] = b.journey(v, l.to, 0, numDisciplines, 0)
		b.known |= 1 << i
	}
	return b.plain[i]
}

// read fills b from p.
func (b *board) read(p *position) {
	*b = board{turn: p.Turn(), phase: p.Phase(), nseats: p.NumPlayers()}
	// Seat asks no allocation, unlike Players: read runs at every step of
	// every playout.
	for _, c := range shangrila.Colours {
		i, ok := p.Seat(c)
		if !ok {
			continue
		}
		b.seats[i] = c
		b.active[c] = p.Active(c)
		for d := range numDisciplines {
			b.supply[c][d] = int8(p.Supply(c, discipline(d)))
		}
	}
	for v := range village(numVillages) {
		if !p.InPlay(v) || p.Stone(v) {
			b.closed |= 1 << v
		}
		for d := range discipline(numDisciplines) {
			s := p.Space(v, d)
			b.sp[v][d] = s
			if s.Empty() {
				continue
			}
			b.tiles[v] += int8(s.Tiles())
			b.masters[v]++
			b.owned[s.Master()][v] |= 1 << d
			if s.Student() {
				b.students[v] |= 1 << d
			}
		}
	}
	for br := shangrila.Bridge(0); br < shangrila.NumBridges; br++ {
		if p.Standing(br) {
			b.standing |= 1 << br
		}
	}
}

// open reports whether anything can still happen in village v.
func (b *board) open(v village) bool { return b.closed&(1<<v) == 0 }

// beats reports whether village v, with extra tiles added, is stronger than
// w as a journey's source (see shangrila.Strength.Beats).
func (b *board) beats(v, w village, extraV, extraW int8) bool {
	tv, tw := b.tiles[v]+extraV, b.tiles[w]+extraW
	return tv > tw || tv == tw && b.masters[v] > b.masters[w]
}

// gain is how many masters each colour wins (positive) or loses (negative)
// by one move, indexed by colour.
type gain [shangrila.Violet + 1]int8

// journey returns what a journey from v to w would do to the masters on
// the board, with extra tiles counted in v, and an extra student (when
// extraD is a discipline) of colour extraC in v. Students sent home or
// joining a master of their colour change no master, so they count nothing.
func (b *board) journey(v, w village, extraV int8, extraD discipline, extraC colour) (g gain) {
	stronger := b.beats(v, w, extraV, 0)
	studs := b.students[v]
	if extraD < numDisciplines {
		studs |= 1 << extraD
	}
	for m := studs; m != 0; m &= m - 1 {
		d := discipline(bits.TrailingZeros8(m))
		c := b.sp[v][d].Master()
		if c == shangrila.NoColour {
			c = extraC
		}
		t := b.sp[w][d]
		switch {
		case t.Empty():
			g[c]++
		case !stronger || t.Master() == c:
		default:
			g[c]++
			g[t.Master()]--
		}
	}
	return g
}

// leaders returns the colours that may lead a journey from v: those with a
// student there, as a bit mask indexed by colour.
func (b *board) leaders(v village) uint8 {
	var mask uint8
	for m := b.students[v]; m != 0; m &= m - 1 {
		mask |= 1 << b.sp[v][bits.TrailingZeros8(m)].Master()
	}
	return mask
}

// score returns c's masters and villages on the board.
func (b *board) score(c colour) (masters, villages int) {
	for v := range numVillages {
		if n := bits.OnesCount8(b.owned[c][v]); n > 0 {
			masters += n
			villages++
		}
	}
	return masters, villages
}

// key returns a hash of the whole position, to seed the choices made in it.
func (b *board) key() uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	mix := func(x uint64) {
		h ^= x
		h *= 0xff51afd7ed558ccd
		h ^= h >> 32
	}
	for v := range numVillages {
		var w uint64
		for d := range numDisciplines {
			w = w<<8 | uint64(b.sp[v][d])
		}
		mix(w)
	}
	for _, c := range b.seats[:b.nseats] {
		var w uint64
		for d := range numDisciplines {
			w = w<<8 | uint64(b.supply[c][d])
		}
		mix(w<<8 | uint64(c))
		if !b.active[c] {
			mix(uint64(c) << 60)
		}
	}
	mix(uint64(b.standing)<<32 | uint64(b.closed)<<8 | uint64(b.turn)<<4 | uint64(b.phase))
	return h
}
