package ai

import (
	"math/bits"
	"sort"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// cand is a candidate move with its heuristic value for the mover, in
// masters: a placement is worth about 1.
type cand struct {
	m     move
	score float32
}

// The heuristic weights, in masters. They were tuned by arena runs (see
// docs/notes/ai.md); what each stands for:
const (
	// A student is ammunition: not a point, but the way to new villages.
	wStudent = 0.35
	// A journey or tile that saves one of the mover's masters from a
	// threatened attack, or enables an attack of its own.
	wDefend = 0.6
	wAttack = 0.4
	// How much an extra student is worth per master its best journey gains.
	wAmmo = 0.5
	// A placement on a space an opponent's stronger neighbour can take.
	wRisk = 0.4
	// Each master more than the average opponent in a village a stone locks.
	wLock = 0.15
	// Setup: a master in a village where the mover has none yet opens new
	// spaces to place in later.
	wSpread = 0.5
)

// pairsFrom is how many of the best single recruits are paired: pairing
// them all would list hundreds of moves of which only the best few matter.
const pairsFrom = 6

// candidates appends the mover's moves worth considering in b, each with
// its heuristic value, and returns the extended slice. Every move listed is
// legal. In play it lists every placement, single recruit and journey, and
// the pairs of the best single recruits; a player without any action gets
// exactly Pass. The order is the engine's order within each kind, so the
// result is deterministic.
func (b *board) candidates(dst []cand) []cand {
	c := b.turn
	n := len(dst)
	switch b.phase {
	case shangrila.Over:
		return dst
	case shangrila.SetupPhase:
		dst = b.setupCandidates(dst)
	default:
		dst = b.placeCandidates(dst)
		singles := len(dst)
		dst = b.recruitCandidates(dst)
		dst = b.pairCandidates(dst, dst[singles:])
		dst = b.journeyCandidates(dst)
	}
	if len(dst) == n {
		dst = append(dst, cand{m: shangrila.PassMove(c)})
	}
	return dst
}

func (b *board) setupCandidates(dst []cand) []cand {
	c := b.turn
	perColour, perVillage := shangrila.SetupLimits(b.nseats)
	var placed uint8
	for v := range numVillages {
		placed |= b.owned[c][v]
	}
	for v := range village(numVillages) {
		own := bits.OnesCount8(b.owned[c][v])
		if !b.open(v) || int(b.tiles[v]) >= perVillage || own >= perColour {
			continue
		}
		for d := range discipline(numDisciplines) {
			if placed&(1<<d) != 0 || !b.sp[v][d].Empty() {
				continue
			}
			s := float32(1)
			if own == 0 {
				s += wSpread
			}
			// Crowded villages leave less room to grow.
			s -= 0.05 * float32(b.tiles[v])
			s += 0.03 * float32(len(links[v]))
			dst = append(dst, cand{shangrila.SetupMove(c, v, d), s})
		}
	}
	return dst
}

func (b *board) placeCandidates(dst []cand) []cand {
	c := b.turn
	for v := range village(numVillages) {
		if !b.open(v) || b.owned[c][v] == 0 {
			continue
		}
		def := b.defence(v, 1)
		for d := range discipline(numDisciplines) {
			if !b.sp[v][d].Empty() || b.supply[c][d] == 0 {
				continue
			}
			s := 1 + def - b.risk(v, d)
			dst = append(dst, cand{shangrila.PlaceMove(c, v, d), s})
		}
	}
	return dst
}

func (b *board) recruitCandidates(dst []cand) []cand {
	c := b.turn
	for v := range village(numVillages) {
		if !b.open(v) {
			continue
		}
		eligible := b.owned[c][v] &^ b.students[v]
		if eligible == 0 {
			continue
		}
		def := b.defence(v, 1)
		for m := eligible; m != 0; m &= m - 1 {
			d := discipline(bits.TrailingZeros8(m))
			if b.supply[c][d] == 0 {
				continue
			}
			s := wStudent + def + wAmmo*b.ammo(v, d)
			dst = append(dst, cand{shangrila.RecruitMove(c, shangrila.Site{Village: v, Discipline: d}), s})
		}
	}
	return dst
}

// pairCandidates appends the pairs of the best single recruits among
// singles. A pair is worth about its two singles: two students for one
// turn.
func (b *board) pairCandidates(dst []cand, singles []cand) []cand {
	if len(singles) < 2 {
		return dst
	}
	var best [pairsFrom]cand
	k := topInto(best[:], singles)
	c := b.turn
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			s, t := best[i].m.Sites[0], best[j].m.Sites[0]
			if s.Discipline == t.Discipline && b.supply[c][s.Discipline] < 2 {
				continue
			}
			dst = append(dst, cand{shangrila.RecruitMove(c, s, t), best[i].score + best[j].score})
		}
	}
	return dst
}

// topInto copies the best len(dst) of src into dst, best first, and
// returns how many it copied; equal scores keep src's order.
func topInto(dst, src []cand) int {
	k := 0
	for _, x := range src {
		i := k
		for i > 0 && dst[i-1].score < x.score {
			i--
		}
		if i >= len(dst) {
			continue
		}
		if k < len(dst) {
			k++
		}
		copy(dst[i+1:k], dst[i:k-1])
		dst[i] = x
	}
	return k
}

func (b *board) journeyCandidates(dst []cand) []cand {
	c := b.turn
	for v := range village(numVillages) {
		if !b.open(v) || b.owned[c][v]&b.students[v] == 0 {
			continue
		}
		for _, l := range links[v] {
			if b.standing&(1<<l.bridge) == 0 {
				continue
			}
			dst = append(dst, cand{shangrila.JourneyMove(c, v, l.to), b.journeyValue(v, l)})
		}
	}
	return dst
}

// relative returns what gain g is worth to colour c: its own masters, less
// the average of its active opponents'.
func (b *board) relative(g gain, c colour) float32 {
	var others float32
	n := 0
	for _, o := range b.seats[:b.nseats] {
		if o != c && b.active[o] {
			others += float32(g[o])
			n++
		}
	}
	if n == 0 {
		return float32(g[c])
	}
	return float32(g[c]) - others/float32(n)
}

// journeyValue returns the heuristic value to the mover of the journey
// from v across l.
func (b *board) journeyValue(v village, l link) float32 {
	c := b.turn
	w := l.to
	s := b.relative(b.plainJourney(v, l), c)
	// The journey spends the mover's students: those that become masters
	// count in the gain, those sent home are wasted.
	stronger := b.beats(v, w, 0, 0)
	for m := b.owned[c][v] & b.students[v]; m != 0; m &= m - 1 {
		d := discipline(bits.TrailingZeros8(m))
		// Only a student joining a master of its own colour stays a
		// student; the others go home or become masters.
		if t := b.sp[w][d]; !(stronger && t.Master() == c && !t.Student()) {
			s -= wStudent
		}
	}
	// The broken bridge ends the threat it carried the other way.
	if b.open(w) && b.students[w] != 0 && b.leaders(w)&^(1<<c) != 0 {
		if g := b.plainJourney(w, link{v, l.bridge}); g[c] < 0 && b.beats(w, v, 0, 0) {
			s += wDefend * float32(-g[c])
		}
	}
	// A village whose last bridge breaks gets a stone: its masters are safe.
	for _, x := range [2]village{v, w} {
		if bits.OnesCount32(b.standing&villageBridges(x)) == 1 {
			s += wLock * b.lead(x, c)
		}
	}
	return s
}

// villageBridges returns the mask of the bridges touching v.
func villageBridges(v village) uint32 {
	var m uint32
	for _, l := range links[v] {
		m |= 1 << l.bridge
	}
	return m
}

// lead returns c's masters in v less the average of the other active
// players'.
func (b *board) lead(v village, c colour) float32 {
	var masters gain
	for _, o := range b.seats[:b.nseats] {
		masters[o] = int8(bits.OnesCount8(b.owned[o][v]))
	}
	return b.relative(masters, c)
}

// defence returns the value to the mover of extra tiles in v: attacks on v
// that they stop and attacks from v by the mover they enable.
func (b *board) defence(v village, extra int8) float32 {
	c := b.turn
	var s float32
	for _, l := range links[v] {
		w := l.to
		if b.standing&(1<<l.bridge) == 0 || !b.open(w) {
			continue
		}
		if b.students[w] != 0 && b.leaders(w)&^(1<<c) != 0 &&
			b.beats(w, v, 0, 0) && !b.beats(w, v, 0, extra) {
			if g := b.plainJourney(w, link{v, l.bridge}); g[c] < 0 {
				s += wDefend * float32(-g[c])
			}
		}
		if b.owned[c][v]&b.students[v] != 0 && !b.beats(v, w, 0, 0) && b.beats(v, w, extra, 0) {
			before := b.relative(b.plainJourney(v, l), c)
			after := b.relative(b.journey(v, w, extra, numDisciplines, 0), c)
			if after > before {
				s += wAttack * (after - before)
			}
		}
	}
	return s
}

// ammo returns how much a new student of the mover on space d of v adds to
// the best journey the mover could lead from v.
func (b *board) ammo(v village, d discipline) float32 {
	c := b.turn
	best := float32(0)
	leads := b.owned[c][v]&b.students[v] != 0
	for _, l := range links[v] {
		if b.standing&(1<<l.bridge) == 0 {
			continue
		}
		after := b.relative(b.journey(v, l.to, 1, d, c), c)
		before := float32(0)
		if leads {
			before = b.relative(b.plainJourney(v, l), c)
		}
		if after-before > best {
			best = after - before
		}
	}
	return best
}

// risk returns the danger of a new master of the mover on space d of v:
// an opponent's student of that discipline next door, in a village that
// would still be the stronger.
func (b *board) risk(v village, d discipline) float32 {
	c := b.turn
	for _, l := range links[v] {
		w := l.to
		if b.standing&(1<<l.bridge) == 0 || !b.open(w) {
			continue
		}
		if t := b.sp[w][d]; t.Student() && t.Master() != c && b.beats(w, v, 0, 1) {
			return wRisk
		}
	}
	return 0
}

// sortCands sorts candidates best first; equal scores keep their order,
// so the result is deterministic.
func sortCands(cs []cand) {
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
}
