package ai

import (
	"context"
	"math/rand/v2"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// easyNoise is the spread of the noise the easy level adds to its move
// values, in masters: enough to pick a worse move now and then, not enough
// to throw away a placement for nothing.
const easyNoise = 0.6

// easy plays the candidate with the best heuristic value plus noise.
type easy struct{ seed uint64 }

func (e easy) Level() Level { return Easy }

func (e easy) Move(_ context.Context, p *shangrila.Position) shangrila.Move {
	var b board
	b.read(p)
	var buf [128]cand
	cs := b.candidates(buf[:0])
	if len(cs) == 0 {
		return shangrila.PassMove(shangrila.NoColour)
	}
	return noisyBest(cs, rngFor(e.seed, &b), easyNoise)
}

// noisyBest returns the candidate whose score plus uniform noise in
// [0, spread) is the highest.
func noisyBest(cs []cand, rng *rand.Rand, spread float32) shangrila.Move {
	best, top := 0, float32(0)
	for i, c := range cs {
		s := c.score + spread*rng.Float32()
		if i == 0 || s > top {
			best, top = i, s
		}
	}
	return cs[best].m
}

// Medium's look-ahead widths.
const (
	// mediumReplies is how many of its best moves medium checks against the
	// next player's answer.
	mediumReplies = 10
	// mediumAnswers is how many of the next player's moves, by heuristic,
	// medium tries as their answer.
	mediumAnswers = 2
	// mediumNoise breaks near-ties between moves of equal worth, in win
	// chance.
	mediumNoise = 0.002
)

// medium evaluates the position after each candidate, then checks its best
// few against the next player's best answer.
type medium struct{ seed uint64 }

func (m medium) Level() Level { return Medium }

func (m medium) Move(_ context.Context, p *shangrila.Position) shangrila.Move {
	var b board
	b.read(p)
	var buf [128]cand
	cs := b.candidates(buf[:0])
	if len(cs) <= 1 {
		if len(cs) == 0 {
			return shangrila.PassMove(shangrila.NoColour)
		}
		return cs[0].m
	}
	return mediumChoice(p, &b, cs, rngFor(m.seed, &b))
}

// mediumChoice returns medium's choice among the candidates cs of b, read
// from p.
func mediumChoice(p *shangrila.Position, b *board, cs []cand, rng *rand.Rand) shangrila.Move {
	me := b.turn
	type scored struct {
		m     shangrila.Move
		after shangrila.Position
		value float32
	}
	all := make([]scored, 0, len(cs))
	for _, c := range cs {
		next, _, err := p.Apply(c.m)
		if err != nil {
			continue // cannot happen: candidates are legal
		}
		var nb board
		nb.read(&next)
		all = append(all, scored{c.m, next, nb.rewards(nb.evaluate())[me] + mediumNoise*rng.Float32()})
	}
	if len(all) == 0 {
		return cs[0].m
	}
	// Best few first; a stable sort keeps the result deterministic.
	for i := 1; i < len(all); i++ {
		for j := i; j > 0 && all[j].value > all[j-1].value; j-- {
			all[j], all[j-1] = all[j-1], all[j]
		}
	}
	best, top := 0, float32(-1)
	for i := range min(mediumReplies, len(all)) {
		s := &all[i]
		v := s.value
		after := s.after
		for range b.nseats - 1 {
			if after.Phase() != shangrila.PlayPhase || after.Turn() == me {
				break
			}
			next, r, ok := bestAnswer(&after)
			if !ok {
				break
			}
			after, v = next, r[me]
		}
		if v > top {
			best, top = i, v
		}
	}
	return all[best].m
}

// bestAnswer returns the position after the move of the player to move in
// p that is best for them by the evaluation, among their mediumAnswers best
// by heuristic, and everyone's win chances there.
func bestAnswer(p *shangrila.Position) (shangrila.Position, values, bool) {
	var b board
	b.read(p)
	var answers [mediumAnswers]cand
	var buf [128]cand
	k := topInto(answers[:], b.candidates(buf[:0]))
	them := b.turn
	var best shangrila.Position
	var bestR values
	found := false
	for _, a := range answers[:k] {
		next, _, err := p.Apply(a.m)
		if err != nil {
			continue
		}
		var nb board
		nb.read(&next)
		r := nb.rewards(nb.evaluate())
		if !found || r[them] > bestR[them] {
			best, bestR, found = next, r, true
		}
	}
	return best, bestR, found
}
