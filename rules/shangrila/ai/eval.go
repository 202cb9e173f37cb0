package ai

import (
	"math"
	"math/bits"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// values holds one number per colour, indexed by colour (NoColour unused).
type values [shangrila.Violet + 1]float32

// Evaluation weights, in masters, beyond those of the move heuristics.
const (
	// A village holding a master: the score's tie-break, and a foothold.
	wVillage = 0.1
	// Temperature turning evaluations into win chances: a lead of this
	// many masters makes a player e (2.7) times as likely to win.
	temperature = 3
)

// threatShare is how much of a player's best journey the evaluation
// credits, by how soon the player moves: the player to move will make it,
// the others may find it gone.
var threatShare = [4]float32{0.8, 0.4, 0.3, 0.2}

// evaluate returns each player's value in b: masters on the board, plus
// villages and students at small weights, plus a share of the best journey
// each player could lead now. (Counting the empty spaces a player may fill
// made medium weaker in arena runs, so room to grow is left out.)
func (b *board) evaluate() values {
	var out values
	for _, c := range b.seats[:b.nseats] {
		if !b.active[c] {
			continue
		}
		var v float32
		for x := range numVillages {
			own := b.owned[c][x]
			if own == 0 {
				continue
			}
			v += float32(bits.OnesCount8(own)) + wVillage
			if b.open(village(x)) {
				v += wStudent * float32(bits.OnesCount8(own&b.students[x]))
			}
		}
		out[c] = v
	}
	if b.phase != shangrila.PlayPhase {
		return out
	}
	b.addThreats(&out)
	return out
}

// addThreats credits every player with a share of the best journey they
// could lead now, by its effect on everyone's masters.
func (b *board) addThreats(out *values) {
	var best values
	var bestGain [shangrila.Violet + 1]gain
	for v := range village(numVillages) {
		if !b.open(v) || b.students[v] == 0 {
			continue
		}
		leaders := b.leaders(v)
		for _, l := range links[v] {
			if b.standing&(1<<l.bridge) == 0 {
				continue
			}
			g := b.plainJourney(v, l)
			for m := leaders; m != 0; m &= m - 1 {
				c := colour(bits.TrailingZeros8(m))
				if r := b.relative(g, c); r > best[c] && b.active[c] {
					best[c], bestGain[c] = r, g
				}
			}
		}
	}
	turn, _ := seatOf(b, b.turn)
	for k := 0; k < b.nseats; k++ {
		c := b.seats[(turn+k)%b.nseats]
		if best[c] <= 0 {
			continue
		}
		for o, g := range bestGain[c] {
			out[o] += threatShare[k] * float32(g)
		}
	}
}

// seatOf returns c's seat index in b.
func seatOf(b *board, c colour) (int, bool) {
	for i, s := range b.seats[:b.nseats] {
		if s == c {
			return i, true
		}
	}
	return 0, false
}

// rewards turns values into win chances for the active players, summing
// to 1. When the game is over they are exact: a win is 1, a shared win is
// split.
func (b *board) rewards(v values) values {
	var out values
	if b.phase == shangrila.Over {
		return b.final()
	}
	top := float32(math.Inf(-1))
	for _, c := range b.seats[:b.nseats] {
		if b.active[c] && v[c] > top {
			top = v[c]
		}
	}
	var sum float32
	for _, c := range b.seats[:b.nseats] {
		if b.active[c] {
			out[c] = float32(math.Exp(float64((v[c] - top) / temperature)))
			sum += out[c]
		}
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}

// final returns the exact result of a finished game: 1 shared among the
// winners.
func (b *board) final() values {
	var out values
	var best [2]int
	var winners [4]colour
	n := 0
	for _, c := range b.seats[:b.nseats] {
		if !b.active[c] {
			continue
		}
		m, v := b.score(c)
		switch s := [2]int{m, v}; {
		case n == 0 || s[0] > best[0] || s[0] == best[0] && s[1] > best[1]:
			best, winners[0], n = s, c, 1
		case s == best:
			winners[n] = c
			n++
		}
	}
	for _, c := range winners[:n] {
		out[c] = 1 / float32(n)
	}
	return out
}
