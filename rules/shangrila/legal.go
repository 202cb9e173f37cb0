package shangrila

import "math/bits"

// LegalMoves appends to dst every legal move of the player to move and
// returns the extended slice. A player with no legal action gets exactly one
// move, Pass. Resign, always allowed, is not listed. A finished game has no
// legal moves.
//
// Order: setup placements and placements by village then discipline,
// recruits by their sites (a single student before the pairs that start at
// the same site), journeys by source then destination.
func (p Position) LegalMoves(dst []Move) []Move {
	if p.phase == Over {
		return dst
	}
	c := p.Turn()
	n := len(dst)
	if p.phase == SetupPhase {
		var opts setupOptions
		p.setupOptions(c, &opts)
		for v, m := range opts.spaces {
			for ; m != 0; m &= m - 1 {
				dst = append(dst, SetupMove(c, Village(v), firstDiscipline(m)))
			}
		}
	} else {
		var g generated
		p.generate(c, &g)
		for v, m := range g.place {
			for ; m != 0; m &= m - 1 {
				dst = append(dst, PlaceMove(c, Village(v), firstDiscipline(m)))
			}
		}
		var buf [NumVillages * NumDisciplines]Site
		eligible := g.sites(buf[:0])
		twice := p.supply[c].atLeast(2)
		for i, s := range eligible {
			dst = append(dst, RecruitMove(c, s))
			for _, t := range eligible[i+1:] {
				if s.Discipline != t.Discipline || twice&disciplineBit(s.Discipline) != 0 {
					dst = append(dst, RecruitMove(c, s, t))
				}
			}
		}
		for v := Village(0); v < NumVillages; v++ {
			if g.journeyFrom&(1<<v) == 0 {
				continue
			}
			for m := p.bridges & villageBridges[v]; m != 0; m &= m - 1 {
				w, _ := Bridge(bits.TrailingZeros32(m)).Other(v)
				dst = append(dst, JourneyMove(c, v, w))
			}
		}
	}
	if len(dst) == n {
		dst = append(dst, PassMove(c))
	}
	return dst
}

// generated holds a player's options in play as masks per village, so
// that counting and picking moves needs no lists.
type generated struct {
	place         [NumVillages]uint64 // empty spaces the player may fill
	eligible      [NumVillages]uint64 // the player's masters that may take a student
	journeyFrom   uint16              // villages the player may lead a journey from
	nplaces       int
	neligible     int
	njourneys     int
	perDiscipline row // eligible masters of each discipline
}

// generate fills g with c's options in play.
func (p *Position) generate(c Colour, g *generated) {
	has := p.supply[c].nonZero()
	for v := Village(0); v < NumVillages; v++ {
		if p.stones&(1<<v) != 0 {
			continue
		}
		r := p.villages[v]
		own := r.ownedBy(c)
		if own == 0 {
			continue
		}
		students := r.students()
		if e := own &^ students & has; e != 0 {
			g.eligible[v] = e
			g.neligible += count(e)
			g.perDiscipline += row(e >> 7)
		}
		if e := ^r.nonZero() & rowHigh & has; e != 0 {
			g.place[v] = e
			g.nplaces += count(e)
		}
		if own&students != 0 {
			g.journeyFrom |= 1 << v
			g.njourneys += bits.OnesCount32(p.bridges & villageBridges[v])
		}
	}
}

// sites appends the eligible masters as sites, in order.
func (g *generated) sites(dst []Site) []Site {
	for v, m := range g.eligible {
		for ; m != 0; m &= m - 1 {
			dst = append(dst, Site{Village(v), firstDiscipline(m)})
		}
	}
	return dst
}

// nth returns the i-th site (from 0) flagged in masks, in order.
func nth(masks *[NumVillages]uint64, i int) Site {
	for v, m := range masks {
		if n := count(m); i >= n {
			i -= n
			continue
		}
		for ; i > 0; i-- {
			m &= m - 1
		}
		return Site{Village(v), firstDiscipline(m)}
	}
	panic("shangrila: move index out of range")
}

// hasAction reports whether c has any legal action in play (a placement, a
// recruit or a journey). A village without a stone always has a standing
// bridge, so a student there can always travel.
func (p *Position) hasAction(c Colour) bool {
	has := p.supply[c].nonZero()
	for v := Village(0); v < NumVillages; v++ {
		if p.stones&(1<<v) != 0 {
			continue
		}
		r := p.villages[v]
		own := r.ownedBy(c)
		if own == 0 {
			continue
		}
		// A master with a student can travel; one without, with a tile of
		// its discipline in supply, can take a student; an empty space with
		// a tile in supply can take a master.
		if own&r.students() != 0 || own&has != 0 || ^r.nonZero()&rowHigh&has != 0 {
			return true
		}
	}
	return false
}

// setupPlaced returns the disciplines c has placed during setup, as a
// mask. During setup the board holds only setup placements, so the board
// itself tells.
func (p *Position) setupPlaced(c Colour) uint64 {
	var mask uint64
	for _, r := range p.villages {
		mask |= r.ownedBy(c)
	}
	return mask
}

// setupOptions holds a player's legal setup placements as masks.
type setupOptions struct {
	spaces [NumVillages]uint64
	n      int
}

// setupOptions fills o with c's legal setup placements: empty spaces of a
// discipline c has not placed yet, in villages in play within the limits.
func (p *Position) setupOptions(c Colour, o *setupOptions) {
	placed := p.setupPlaced(c)
	if placed == rowHigh {
		return
	}
	perColour, perVillage := setupLimits(int(p.nseats))
	for v := Village(0); v < NumVillages; v++ {
		r := p.villages[v]
		occupied := r.nonZero()
		if !p.InPlay(v) || count(occupied) >= perVillage || count(r.ownedBy(c)) >= perColour {
			continue
		}
		if m := ^occupied & rowHigh &^ placed; m != 0 {
			o.spaces[v] = m
			o.n += count(m)
		}
	}
}

// hasSetupPlacement reports whether c can make a setup placement.
func (p *Position) hasSetupPlacement(c Colour) bool {
	var o setupOptions
	p.setupOptions(c, &o)
	return o.n > 0
}
