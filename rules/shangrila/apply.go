package shangrila

import "math/bits"

// Apply returns the position after move m together with what the move
// did. The receiver is not changed. An illegal move returns the receiver
// unchanged and an error from Check.
func (p Position) Apply(m Move) (Position, Effects, error) {
	if err := p.Check(m); err != nil {
		return p, Effects{Move: m}, err
	}
	e := p.play(m)
	return p, e, nil
}

// play applies a legal move in place.
func (p *Position) play(m Move) Effects {
	e := Effects{Move: m}
	c := m.Player
	switch m.Kind {
	case Setup, Place:
		s := m.Sites[0]
		p.villages[s.Village].set(s.Discipline, uint8(MasterSpace(c, false)))
		p.supply[c].add(s.Discipline, -1)
	case Recruit:
		for _, s := range m.Sites[:m.Students] {
			p.villages[s.Village] |= row(spaceStudent) << (8 * s.Discipline)
			p.supply[c].add(s.Discipline, -1)
		}
	case Journey:
		p.journey(m.From, m.To, &e)
	case Resign:
		seat, _ := p.Seat(c)
		p.resigned |= 1 << seat
		// Out of turn, the player to move stays the same.
		p.advance(&e, int(p.turn) == seat)
		return e
	}
	p.advance(&e, true)
	return e
}

// journey moves every student of from across the bridge to to, then breaks
// the bridge and places stones on the villages it isolated.
func (p *Position) journey(from, to Village, e *Effects) {
	e.FromStrength, e.ToStrength = p.Strength(from), p.Strength(to)
	stronger := e.FromStrength.Beats(e.ToStrength)
	e.SourceStronger = stronger
	src, dstRow := &p.villages[from], &p.villages[to]
	for m := src.students(); m != 0; m &= m - 1 {
		d := firstDiscipline(m)
		c := Space(src.at(d)).Master()
		src.set(d, uint8(MasterSpace(c, false))) // the master stays
		t := Traveller{Colour: c, Discipline: d}
		dst := Space(dstRow.at(d))
		switch {
		case dst.Empty():
			dstRow.set(d, uint8(MasterSpace(c, false)))
			t.Outcome = Promoted
		case !stronger, dst.Master() == c && dst.Student():
			p.supply[c].add(d, 1)
			t.Outcome = SentHome
		case dst.Master() == c:
			dstRow.set(d, uint8(MasterSpace(c, true)))
			t.Outcome = Joined
		default:
			p.supply[dst.Master()].add(d, dst.Tiles())
			dstRow.set(d, uint8(MasterSpace(c, false)))
			t.Outcome = Promoted
			t.Displaced = dst
		}
		e.travellers[e.ntravellers] = t
		e.ntravellers++
	}
	b, _ := BridgeBetween(from, to)
	e.Bridge = b
	p.bridges &^= 1 << b
	for _, v := range [2]Village{from, to} {
		if p.bridges&villageBridges[v] == 0 && p.stones&(1<<v) == 0 {
			p.stones |= 1 << v
			e.stones[e.nstones] = v
			e.nstones++
		}
	}
}

// advance moves the game on to the next phase when the last move ended
// one, and passes the turn when the player to move has moved.
func (p *Position) advance(e *Effects, moved bool) {
	if p.phase == PlayPhase && bits.OnesCount32(p.bridges) <= 1 || p.activeCount() < 2 {
		p.phase = Over
		e.GameOver = true
		return
	}
	if p.phase == SetupPhase && !p.anySetupPlacement() {
		p.phase = PlayPhase
		e.SetupOver = true
		p.turn = uint8(p.nextActive(int(p.nseats) - 1)) // the first active seat
	} else if moved {
		p.turn = uint8(p.nextActive(int(p.turn)))
	}
	if p.phase == PlayPhase && !p.anyAction() {
		p.phase = Over
		e.GameOver = true
	}
}

// anyAction reports whether some active player has a legal action in play.
func (p *Position) anyAction() bool {
	for i := 0; i < int(p.nseats); i++ {
		if p.resigned&(1<<i) == 0 && p.hasAction(p.seats[i]) {
			return true
		}
	}
	return false
}

// anySetupPlacement reports whether some active player can still make a
// setup placement.
func (p *Position) anySetupPlacement() bool {
	for i := 0; i < int(p.nseats); i++ {
		if p.resigned&(1<<i) == 0 && p.hasSetupPlacement(p.seats[i]) {
			return true
		}
	}
	return false
}
