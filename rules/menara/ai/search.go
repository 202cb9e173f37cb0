package ai

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"github.com/tablebot/tablebot/rules/menara"
)

// params sets how widely a level looks when it plans a turn.
type params struct {
	// beam is how many column (or move) steps the build search tries at
	// each point of a full plan, best by evaluation first; fastBeam is the
	// same when a pile is weighed before the reveal.
	beam, fastBeam int
	// floors is how many positions of a new floor (or a lifted one) the
	// search tries on each level, most stable first; fastFloors likewise
	// before the reveal.
	floors, fastFloors int
	// exchanges is how many exchanges with the camp are weighed besides
	// none; 0 never exchanges.
	exchanges int
	w         weights
}

// mode says which width a search value was computed with.
type mode uint8

const (
	fullMode mode = iota // planning the card in play
	fastMode             // weighing a pile before the reveal
)

// memoKey names one value of the search: a position (of a redealt world,
// so the hidden order in it is a sample, never the real one) and the mode.
type memoKey struct {
	pos  menara.Position
	mode mode
}

// memoEntry is a finished value: the best value of the turn from a
// position, the step that reaches it, and the nodes it took to compute,
// which a later use counts again so that the node cap cuts a search at the
// same place whether or not the value was remembered.
type memoEntry struct {
	v    float64
	step menara.Step
	cost int
}

// search is one computer step's look-ahead.
type search struct {
	ctx      context.Context
	deadline time.Time
	prm      *params
	memo     map[memoKey]memoEntry
	eval     *evaluator
	// nodes counts the positions looked at (a remembered value counts its
	// own nodes again), cap bounds them; cut is set once the cap or the
	// clock stops the search: from then on nothing is remembered, since
	// values are no longer those of the full search.
	nodes, cap int
	cut        bool
	clock      int
}

// stopped reports whether the search must stop growing: the node cap is
// reached, or the clock (looked at every few nodes) or ctx says so.
func (s *search) stopped() bool {
	if s.cut {
		return true
	}
	if s.nodes >= s.cap {
		s.cut = true
		return true
	}
	s.clock++
	if s.clock%64 == 0 && (time.Now().After(s.deadline) || s.ctx.Err() != nil) {
		s.cut = true
	}
	return s.cut
}

// child is one step of the search with the position after it.
type child struct {
	step  menara.Step
	pos   menara.Position
	quick float64 // the evaluation of pos
	// risk is the chance the step fails with shaky hands (then the card
	// goes to the level row as if given up).
	risk float64
}

// value returns the best value the player to act can reach by the end of
// the turn from p (a position of a redealt world), with the step that
// starts it. At the end of the turn, or of the game, it is the evaluation.
func (s *search) value(p *menara.Position, m mode) (float64, menara.Step) {
	if p.Phase() == menara.Over || p.Stage() == menara.Exchanging {
		s.nodes++
		return s.eval.value(p), menara.Step{}
	}
	key := memoKey{*p, m}
	if e, ok := s.memo[key]; ok && s.nodes+e.cost <= s.cap {
		s.nodes += e.cost
		return e.v, e.step
	}
	start := s.nodes
	kids := s.children(p, m)
	best, bestStep := math.Inf(-1), menara.Step{}
	giveUp := math.Inf(-1) // the value of failing: the best give-up
	for i := range kids {
		if kids[i].step.Kind == menara.GiveUp || kids[i].step.Kind == menara.Done {
			giveUp = max(giveUp, kids[i].quick)
		}
	}
	for i := range kids {
		k := &kids[i]
		var v float64
		switch {
		case k.step.Kind == menara.GiveUp || k.step.Kind == menara.Done:
			v = k.quick
		case s.stopped():
			v = k.quick
		default:
			v, _ = s.value(&k.pos, m)
		}
		if k.risk > 0 && !math.IsInf(giveUp, -1) {
			v = (1-k.risk)*v + k.risk*giveUp
		}
		if v > best {
			best, bestStep = v, k.step
		}
	}
	if !s.cut {
		s.memo[key] = memoEntry{best, bestStep, s.nodes - start}
	}
	return best, bestStep
}

// children returns the steps the search tries from p, each with the
// position after it, in the order of preference on a tie.
func (s *search) children(p *menara.Position, m mode) []child {
	beam, floors := s.prm.beam, s.prm.floors
	if m == fastMode {
		beam, floors = s.prm.fastBeam, s.prm.fastFloors
	}
	var kids, ends []child
	add := func(dst []child, st menara.Step) []child {
		closing := st.Kind == menara.GiveUp || st.Kind == menara.Done
		if !closing && s.stopped() {
			return dst
		}
		next, e, err := p.Preview(st)
		s.nodes++
		if err != nil || e.Collapse {
			return dst
		}
		c := child{step: e.Step, pos: next, quick: s.eval.value(&next)}
		if e.Risk.Den > 0 {
			c.risk = float64(e.Risk.Num) / float64(e.Risk.Den)
		}
		return append(dst, c)
	}
	switch p.Stage() {
	case menara.Building:
		card, _ := p.Card()
		if card.Type == menara.LiftCard {
			kids = s.floorChildren(p, floors, add)
			break
		}
		for _, st := range p.LegalSteps(nil) {
			if st.Kind == menara.PlaceColumn || st.Kind == menara.MoveColumn {
				kids = add(kids, st)
			}
		}
		kids = bestOf(kids, beam)
	case menara.NewFloor:
		kids = s.floorChildren(p, floors, add)
	}
	seat := p.Turn()
	if p.Stage() == menara.Closing {
		ends = add(ends, menara.DoneStep(seat, false))
		ends = add(ends, menara.DoneStep(seat, true))
	} else {
		ends = add(ends, menara.GiveUpStep(seat, false))
		ends = add(ends, menara.GiveUpStep(seat, true))
	}
	return append(kids, ends...)
}

// floorChildren returns the positions of the floor to place (or lift) that
// the search tries: on each level the most stable few that keep the temple
// standing, and the base extension that shares most edges.
func (s *search) floorChildren(p *menara.Position, perLevel int, add func([]child, menara.Step) []child) []child {
	if s.stopped() {
		return nil
	}
	places := p.Placements(nil)
	s.nodes += len(places)/16 + 1
	var kids []child
	var taken [menara.NumFloors + 2]int
	extended := false
	for i := range places {
		pl := &places[i]
		switch {
		case pl.Collapse:
			continue
		case pl.Extension:
			if extended {
				continue
			}
			extended = true
		default:
			if taken[pl.Level] >= perLevel {
				continue
			}
			taken[pl.Level]++
		}
		kids = add(kids, pl.Step)
	}
	return kids
}

// bestOf keeps the n children with the best evaluation, in that order (the
// earlier first on a tie).
func bestOf(kids []child, n int) []child {
	if len(kids) <= 1 {
		return kids
	}
	order := make([]int, len(kids))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(kids[b].quick, kids[a].quick) })
	out := make([]child, 0, min(n, len(kids)))
	for _, i := range order[:min(n, len(kids))] {
		out = append(out, kids[i])
	}
	return out
}
