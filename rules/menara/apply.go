package menara

import "math/bits"

// Apply returns the position after step s together with what the step did.
// The receiver is not changed. An illegal step returns the receiver
// unchanged and the error from Check.
func (p *Position) Apply(s Step) (Position, Effects, error) {
	r, err := p.resolve(s)
	if err != nil {
		return *p, newEffects(s), err
	}
	e := newEffects(r.step)
	next := *p
	next.play(&r, &e, true)
	return next, e, nil
}

// Preview returns what step s would do, without committing it: the
// position after it and its effects (margins changed, collapse, the end of
// the turn). With shaky hands nothing is rolled: the preview shows the step
// succeeding, and Effects.Risk says how likely it is to fail.
func (p *Position) Preview(s Step) (Position, Effects, error) {
	r, err := p.resolve(s)
	if err != nil {
		return *p, newEffects(s), err
	}
	e := newEffects(r.step)
	next := *p
	next.play(&r, &e, false)
	return next, e, nil
}

// play applies a resolved, legal step in place. roll says whether a shaky
// step may fail (false for a preview).
func (p *Position) play(r *resolved, e *Effects, roll bool) {
	s := &r.step
	switch s.Kind {
	case Exchange:
		h := &p.hand[p.turn]
		h.sub(s.Give)
		h.add(s.Take)
		p.camp.add(s.Give)
		p.camp.sub(s.Take)
		p.exchanged = true
	case Reveal:
		p.card = p.order[int(pileStart[s.Pile])+int(p.revealed[s.Pile])]
		p.revealed[s.Pile]++
		p.stage = Building
		e.Card = deck[p.card]
	case PlaceColumn, MoveColumn, PlaceFloor, Extend, Lift:
		p.build(r, e, roll)
	case GiveUp:
		p.toRow = true
		p.endTurn(s.Renew, e)
	case Done:
		p.endTurn(s.Renew, e)
	}
}

// build plays a step that changes the temple: the change, the statics, a
// shaky roll, then what follows (collapse, a new floor, the card done).
func (p *Position) build(r *resolved, e *Effects, roll bool) {
	next := *p
	next.change(r, e)
	e.diffMargins(p, &next)
	collapse := next.collapsed()
	if p.hands.Shaky() && !collapse {
		e.Risk = risk(p, &next)
		if roll && e.Risk.Num > 0 {
			// The roll comes from the game's stream at this very point.
			if p.draw(e.Risk.Den) < e.Risk.Num {
				e.Failed = true
				e.nmargins = 0
				e.Colour, e.From, e.To = 0, Base{}, Base{}
				e.PushedUnder, e.Unsupported, e.Floor, e.Level, e.FromLevel, e.Freed = NoFloor, NoFloor, NoFloor, 0, 0, BaseSet{}
				p.failed, p.toRow, p.stage = true, true, Closing
				return
			}
			next.rng = p.rng
		}
	}
	if collapse && r.step.Kind == Lift && next.fallen == 1<<r.step.Floor {
		p.liftFell(&next, e)
		return
	}
	*p = next
	if collapse {
		e.Collapse = true
		e.Falls = p.Falls()
		for m := p.fallen; m != 0; m &= m - 1 {
			e.Fallen = append(e.Fallen, FloorID(bits.TrailingZeros32(m)))
		}
		e.FallenColumns = p.fallenColumns
		p.over(Collapse, e)
		return
	}
	if e.Filled != NoFloor && p.drawn < NumFloors {
		p.stage = NewFloor
		e.NewFloor = p.NextFloor()
		return
	}
	p.stage = Building
	if p.cardDone() {
		e.CardDone = true
		if p.toRow {
			p.stage = Closing
			return
		}
		p.endTurn(false, e)
	}
}

// liftFell plays a move-a-floor step whose floor would fall at its new
// place, alone (after is the temple as it would be): as the printed rule
// says, the card is not fulfilled. The lift is not made, the card goes to
// the level row, and Effects say why (LiftFell, Falls).
func (p *Position) liftFell(after *Position, e *Effects) {
	e.LiftFell = true
	e.Falls = after.Falls()
	e.nmargins = 0
	e.Floor, e.Level, e.FromLevel, e.Freed = NoFloor, 0, 0, BaseSet{}
	p.toRow, p.stage = true, Closing
}

// change makes the structural change of a building step and settles the
// statics.
func (p *Position) change(r *resolved, e *Effects) {
	s := &r.step
	var dirty uint32
	switch s.Kind {
	case PlaceColumn:
		p.hand[p.turn][s.Colour]--
		p.fromHand++
		p.progress++
		if p.chosen == NoFloor && deck[p.card].Type != PlaceCard {
			p.chosen = s.To.Floor
		}
		e.Colour, e.To = s.Colour, s.To
		e.PushedUnder = p.putColumn(s.To, &dirty)
		if p.full(s.To.Floor) {
			e.Filled = s.To.Floor
		}
	case MoveColumn:
		p.progress++
		e.Colour, e.From, e.To = p.baseSpot(s.From).Colour, s.From, s.To
		e.Unsupported = p.takeColumn(s.From, &dirty)
		p.moved.remove(s.From.slot())
		e.PushedUnder = p.putColumn(s.To, &dirty)
		p.moved.add(s.To.slot())
		if p.full(s.To.Floor) {
			e.Filled = s.To.Floor
		}
	case PlaceFloor, Extend:
		p.setFloor(&r.pl, r.level, r.support, &dirty)
		p.drawn++
		if s.Kind == Extend {
			p.toRow = true
		}
		e.Floor, e.Level = s.Floor, r.level
	case Lift:
		e.Floor, e.Level, e.FromLevel = s.Floor, r.level, int(p.floors[s.Floor].level)
		e.Freed = p.supports[s.Floor]
		p.freeSupports(s.Floor, &dirty)
		p.setFloor(&r.pl, r.level, r.support, &dirty)
		p.progress++
	}
	p.settle(dirty)
}

// cardDone reports whether the card in play is fulfilled.
func (p *Position) cardDone() bool {
	c := deck[p.card]
	if c.Type == FillCard {
		return p.chosen != NoFloor && p.full(p.chosen)
	}
	return p.progress >= c.N
}

// risk returns the chance a step that turns before into after fails with
// shaky hands: set by the floor whose margin it lowered (or that it placed)
// deepest into the amber band [δ(L), δ_safe).
func risk(before, after *Position) Risk {
	worst := Risk{Floor: NoFloor}
	for m := after.standingMask(); m != 0; m &= m - 1 {
		f := FloorID(bits.TrailingZeros32(m))
		level := int(after.floors[f].level)
		if level == 0 || after.hasMargin&(1<<f) == 0 {
			continue
		}
		mg := int64(after.margins[f])
		lowered := before.floors[f].level != after.floors[f].level || before.floors[f].at != after.floors[f].at ||
			before.hasMargin&(1<<f) == 0 || mg < int64(before.margins[f])
		d, safe := deltaUM(level), int64(before.hands.Safe())
		if !lowered || mg < d || mg >= safe {
			continue
		}
		r := Risk{Num: int(safe - mg), Den: int(safe - d), Floor: f}
		if r.greater(worst) {
			worst = r
		}
	}
	return worst
}

// endTurn ends the turn: the card to the level row or the discards, the
// camp renewed if asked, the hand refilled, then the end conditions in
// order, or the next player.
func (p *Position) endTurn(renew bool, e *Effects) {
	e.TurnOver = true
	if p.toRow {
		p.levelRow++
		e.ToLevelRow = true
	}
	if renew {
		// Draw six new columns first, then return the old ones to the bag.
		e.Renewed, e.OldCamp = true, p.camp
		fresh := p.drawColumns(CampSize)
		p.bag.add(p.camp)
		p.camp = fresh
		e.NewCamp = fresh
	}
	need := int(p.fromHand)
	e.Drawn = p.drawColumns(need)
	p.hand[p.turn].add(e.Drawn)
	switch {
	case e.Drawn.Total() < need:
		p.over(Refill, e)
	case p.CardsLeft() == 0:
		p.over(CardsUsed, e)
	case p.drawn >= NumFloors:
		p.over(FloorsUsed, e)
	default:
		p.turn = (p.turn + 1) % p.nplayers
		e.Next = int(p.turn)
	}
	p.stage = Exchanging
	p.card = NoCard
	p.progress, p.fromHand = 0, 0
	p.chosen = NoFloor
	p.exchanged, p.toRow, p.failed = false, false, false
	p.moved = BaseSet{}
}

// over ends the game for the given reason.
func (p *Position) over(reason EndReason, e *Effects) {
	p.phase = Over
	p.outcome = Outcome{Won: reason != Collapse && p.Height() >= int(p.levelRow), Reason: reason}
	e.GameOver = true
	e.Outcome = p.outcome
	e.Next = -1
}
