package menara

import "math/rand/v2"

// LegalSteps appends to dst every legal step of the player to act and
// returns the extended slice; a finished game has none. Floor steps carry
// their position (At) and side, so each is one exact placement.
//
// Order: exchanges (colour by colour: none, then giving 1, 2, ..., then
// taking 1, 2, ...), reveals (blue, yellow, red); column placements by base
// name; moves by the column's base, then the target's; floor placements
// (new or lifted) by floor, level, side, turn and reference cell in reading
// order; base extensions by side, turn and reference cell; give up, then
// give up renew; done, then done renew. Placements ranks the floor
// positions by stability instead.
func (p *Position) LegalSteps(dst []Step) []Step {
	p.visit(true, func(s *Step, _ *candidate) bool {
		dst = append(dst, *s)
		return true
	})
	return dst
}

// RandomStep returns a legal step of the player to act chosen uniformly
// among all of LegalSteps with rng, without building the whole list (a new
// floor can have thousands of positions). The same rng state gives the same
// step. A finished game returns the zero Step.
func (p *Position) RandomStep(rng *rand.Rand) Step {
	n := 0
	p.visit(false, func(*Step, *candidate) bool {
		n++
		return true
	})
	if n == 0 {
		return Step{}
	}
	k := rng.IntN(n)
	var chosen Step
	p.visit(false, func(s *Step, c *candidate) bool {
		if k > 0 {
			k--
			return true
		}
		chosen = *s
		switch s.Kind {
		case PlaceFloor:
			chosen.On = p.columnsUnder(&c.pl, p.freeColumns(c.level-1, NoFloor))
		case Lift:
			q := p.without(s.Floor)
			chosen.On = q.columnsUnder(&c.pl, q.freeColumns(c.level-1, s.Floor))
		}
		return false
	})
	return chosen
}

// visit calls fn for every legal step in the order of LegalSteps, with the
// candidate position for floor steps. With full false, floor steps come
// without their support sets (On), which is much faster for counting. fn
// returns false to stop; visit then returns false.
func (p *Position) visit(full bool, fn func(*Step, *candidate) bool) bool {
	if p.phase == Over {
		return true
	}
	t := int(p.turn)
	switch p.stage {
	case Exchanging:
		if !p.exchanged && !p.exchanges(fn) {
			return false
		}
		for pl := Pile(0); pl < NumPiles; pl++ {
			if p.PileLeft(pl) > 0 {
				s := RevealStep(t, pl)
				if !fn(&s, nil) {
					return false
				}
			}
		}
		return true
	case Building:
		ok := true
		switch deck[p.card].Type {
		case PlaceCard, OneFloorCard, FillCard:
			ok = p.columnSteps(fn)
		case MoveCard:
			ok = p.moveSteps(fn)
		case LiftCard:
			if p.progress == 0 {
				ok = p.liftSteps(full, fn)
			}
		}
		return ok && p.closingSteps(GiveUp, fn)
	case NewFloor:
		var g grid
		var s Step
		f := p.NextFloor()
		ok := p.onColumns(&g, f, p.sides(), NoFloor, 0, full, func(c *candidate) bool {
			s = FloorStep(t, f, c.support, int(c.pl.turn), c.pl.side, c.pl.at)
			return fn(&s, c)
		}) && p.extensions(&g, f, p.sides(), func(c *candidate) bool {
			s = ExtendStep(t, f, c.pl.at, int(c.pl.turn), c.pl.side)
			return fn(&s, c)
		})
		return ok && p.closingSteps(GiveUp, fn)
	case Closing:
		return p.closingSteps(Done, fn)
	}
	return true
}

// closingSteps visits give up (or done), then with renew when the bag
// allows it.
func (p *Position) closingSteps(k Kind, fn func(*Step, *candidate) bool) bool {
	s := Step{Seat: p.turn, Kind: k}
	if !fn(&s, nil) {
		return false
	}
	if p.bag.Total() >= CampSize {
		s = Step{Seat: p.turn, Kind: k, Renew: true}
		return fn(&s, nil)
	}
	return true
}

// exchanges visits every exchange: give some of the hand, take as many
// from the camp, no colour both given and taken.
func (p *Position) exchanges(fn func(*Step, *candidate) bool) bool {
	hand, camp := p.hand[p.turn], p.camp
	var give, take Columns
	var s Step
	var walk func(c, bal int) bool
	walk = func(c, bal int) bool {
		if c == NumColours {
			if bal != 0 || give.Total() == 0 {
				return true
			}
			s = ExchangeStep(int(p.turn), give, take)
			return fn(&s, nil)
		}
		if !walk(c+1, bal) {
			return false
		}
		for k := uint8(1); k <= hand[c]; k++ {
			give[c] = k
			if !walk(c+1, bal+int(k)) {
				return false
			}
		}
		give[c] = 0
		for k := uint8(1); k <= camp[c]; k++ {
			take[c] = k
			if !walk(c+1, bal-int(k)) {
				return false
			}
		}
		take[c] = 0
		return true
	}
	return walk(0, 0)
}

// columnSteps visits every placement of a column from the hand.
func (p *Position) columnSteps(fn func(*Step, *candidate) bool) bool {
	hand := p.hand[p.turn]
	one := deck[p.card].Type != PlaceCard && p.chosen != NoFloor
	var s Step
	for f := FloorID(0); f < NumFloors; f++ {
		if !p.Placed(f) || p.Fallen(f) || one && f != p.chosen {
			continue
		}
		sh := &shapes[f][p.floors[f].side.index()]
		for n := range int(sh.nbases) {
			c := sh.bases[n].Colour
			b := Base{f, uint8(n + 1)}
			if hand[c] == 0 || p.columns.has(b.slot()) {
				continue
			}
			s = ColumnStep(int(p.turn), c, b)
			if !fn(&s, nil) {
				return false
			}
		}
	}
	return true
}

// moveSteps visits every move of a column to a higher level.
func (p *Position) moveSteps(fn func(*Step, *candidate) bool) bool {
	cols := p.columns.andNot(p.fallenColumns).andNot(p.moved)
	var s Step
	for i := cols.next(0); i >= 0; i = cols.next(i + 1) {
		from := baseOfSlot(i)
		c := p.baseSpot(from).Colour
		level := p.floors[from.Floor].level
		for g := FloorID(0); g < NumFloors; g++ {
			if !p.Placed(g) || p.Fallen(g) || p.floors[g].level <= level {
				continue
			}
			sh := &shapes[g][p.floors[g].side.index()]
			for n := range int(sh.nbases) {
				to := Base{g, uint8(n + 1)}
				if sh.bases[n].Colour != c || p.columns.has(to.slot()) {
					continue
				}
				s = MoveStep(int(p.turn), from, to)
				if !fn(&s, nil) {
					return false
				}
			}
		}
	}
	return true
}

// liftSteps visits every move of a floor to another level.
func (p *Position) liftSteps(full bool, fn func(*Step, *candidate) bool) bool {
	var g grid
	var s Step
	for f := FloorID(0); f < NumFloors; f++ {
		if p.liftable(f) != nil {
			continue
		}
		q := p.without(f)
		ok := q.onColumns(&g, f, []Side{p.floors[f].side}, f, int(p.floors[f].level), full, func(c *candidate) bool {
			s = LiftStep(int(p.turn), f, c.support, int(c.pl.turn), c.pl.at)
			return fn(&s, c)
		})
		if !ok {
			return false
		}
	}
	return true
}
