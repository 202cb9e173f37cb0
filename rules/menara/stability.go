package menara

import (
	"math"
	"math/bits"
	"sort"
)

// Stability summarises the temple after a placement: whether it would
// collapse, the least slack (margin − δ(L), in µm) over the floors on
// columns, and the placed floor's own margin.
type Stability struct {
	Collapse  bool
	Worst     int
	Margin    int
	HasMargin bool
}

// better reports whether a is more stable than b: no collapse first, then
// the larger least slack, then the larger own margin.
func (a Stability) better(b Stability) bool {
	if a.Collapse != b.Collapse {
		return !a.Collapse
	}
	if a.Worst != b.Worst {
		return a.Worst > b.Worst
	}
	return a.HasMargin && (!b.HasMargin || a.Margin > b.Margin)
}

// stability returns the temple's stability, with floor f as the placed one.
func (p *Position) stability(f FloorID) Stability {
	s := Stability{Worst: math.MaxInt32}
	// Fallen floors count too: a collapse marks the failing floor fallen.
	for _, g := range p.quarry[:p.drawn] {
		level := int(p.floors[g].level)
		if level == 0 {
			continue
		}
		if p.holds&(1<<g) == 0 {
			s.Collapse = true
		}
		slack := math.MinInt32
		if p.hasMargin&(1<<g) != 0 {
			slack = int(int64(p.margins[g]) - deltaUM(level))
		}
		s.Worst = min(s.Worst, slack)
	}
	if f != NoFloor && p.hasMargin&(1<<f) != 0 {
		s.Margin, s.HasMargin = int(p.margins[f]), true
	}
	return s
}

// tryPlace returns the stability of the temple with floor c.pl.floor
// placed at c (lifted from where it was when except is that floor).
func (p *Position) tryPlace(c *candidate, except FloorID) Stability {
	q := p.landing(c, except)
	return q.stability(c.pl.floor)
}

// landing returns the temple with floor c.pl.floor placed at c (lifted
// from where it was when except is that floor).
func (p *Position) landing(c *candidate, except FloorID) Position {
	q := *p
	var dirty uint32
	if except != NoFloor {
		q.freeSupports(except, &dirty)
	}
	q.setFloor(&c.pl, c.level, c.support, &dirty)
	if q.NextFloor() == c.pl.floor {
		q.drawn++ // a new floor joins the temple
	}
	q.settle(dirty)
	return q
}

// mostStableOver returns, among the positions of floor f (side, turn) on
// the free columns of level level that rest on exactly the columns on, the
// most stable one (the first in reading order on a tie). except is a
// lifted floor, out of the temple.
func (p *Position) mostStableOver(f FloorID, side Side, turn, level int, on BaseSet, except FloorID) (placement, bool) {
	var g grid
	free := p.freeColumns(level, except)
	var buf [NumBaseSlots]target
	targets := p.columnTargets(on, buf[:0])
	g.blockFloors(p, level+1, except)
	o := orient(f, side, turn)
	var best placement
	var bestS Stability
	found := false
	g.anchors(&o, targets, on.Len(), func(a Hex, _ int) bool {
		c := candidate{pl: placement{f, side, uint8(turn), a}, level: level + 1}
		c.support = p.columnsUnder(&c.pl, free)
		if c.support != on || except != NoFloor && !p.liftClear(&c) {
			return true
		}
		// For a lift, p is already the position without the floor.
		var s Stability
		if except != NoFloor {
			s = p.tryLanding(&c)
		} else {
			s = p.tryPlace(&c, NoFloor)
		}
		if !found || s.better(bestS) {
			best, bestS, found = c.pl, s, true
		}
		return true
	})
	return best, found
}

// tryLanding is tryPlace for a floor lifted out of p (see without): it
// lands at c.
func (p *Position) tryLanding(c *candidate) Stability {
	q := *p
	var dirty uint32
	for m := p.standingMask(); m != 0; m &= m - 1 {
		dirty |= 1 << bits.TrailingZeros32(m) // its old supports' floors changed
	}
	q.setFloor(&c.pl, c.level, c.support, &dirty)
	q.settle(dirty)
	return q.stability(c.pl.floor)
}

// Placement is one legal position of a floor (the new floor, or a floor
// the move-a-floor card lifts) with the temple's stability after it.
type Placement struct {
	Step      Step
	Level     int
	Extension bool
	Contact   int // a base extension's edges shared with the base
	Stability
	// LiftFalls is set for a lift under which the lifted floor alone would
	// fall (Collapse is set too): it would not be made, and the card would
	// go to the level row (Effects.LiftFell).
	LiftFalls bool
}

// Placements appends to dst every legal position of the floor the player
// must place now (the new floor) or may move (a move-a-floor card), ranked
// for a player to choose from: first the positions on columns that keep
// every floor standing, most stable first (the least slack over the temple,
// then the floor's own margin); then the base extensions, which leave the
// temple's margins as they are but add a level to the row, sharing most
// edges first; last the positions under which the temple would collapse.
// Ties keep the order of LegalSteps. It appends nothing when no floor is to
// be placed.
func (p *Position) Placements(dst []Placement) []Placement {
	if p.phase == Over {
		return dst
	}
	start := len(dst)
	var g grid
	switch {
	case p.stage == NewFloor:
		f := p.NextFloor()
		p.onColumns(&g, f, p.sides(), NoFloor, 0, true, func(c *candidate) bool {
			dst = append(dst, Placement{
				Step:      FloorStep(int(p.turn), f, c.support, int(c.pl.turn), c.pl.side, c.pl.at),
				Level:     c.level,
				Stability: p.tryPlace(c, NoFloor),
			})
			return true
		})
		here := p.stability(NoFloor)
		p.extensions(&g, f, p.sides(), func(c *candidate) bool {
			dst = append(dst, Placement{
				Step:      ExtendStep(int(p.turn), f, c.pl.at, int(c.pl.turn), c.pl.side),
				Extension: true,
				Contact:   c.votes,
				Stability: here,
			})
			return true
		})
	case p.stage == Building && deck[p.card].Type == LiftCard && p.progress == 0:
		for _, f := range p.quarry[:p.drawn] {
			if p.liftable(f) != nil {
				continue
			}
			q := p.without(f)
			side := p.floors[f].side
			q.onColumns(&g, f, []Side{side}, f, int(p.floors[f].level), true, func(c *candidate) bool {
				after := p.landing(c, f)
				dst = append(dst, Placement{
					Step:      LiftStep(int(p.turn), f, c.support, int(c.pl.turn), c.pl.at),
					Level:     c.level,
					Stability: after.stability(f),
					LiftFalls: after.fallen == 1<<f,
				})
				return true
			})
		}
	}
	ranked := dst[start:]
	group := func(pl *Placement) int {
		switch {
		case pl.Extension:
			return 1
		case pl.Collapse:
			return 2
		}
		return 0
	}
	sort.SliceStable(ranked, func(i, j int) bool {
		a, b := &ranked[i], &ranked[j]
		if ga, gb := group(a), group(b); ga != gb {
			return ga < gb
		}
		if a.Extension {
			return a.Contact > b.Contact
		}
		return a.Stability.better(b.Stability)
	})
	return dst
}
