package shangrila

import "math/bits"

// LegalMoves appends to dst every legal move of the player to move and
// returns the extended slice. A player with no legal action gets exactly one
// move, Pass. Resign, always allowed, is not listed. A finished game has no
// legal moves.
//
// Order: setup placements and placements by village then discipline,
// recruits by their sites (single students before pairs that start at the
// same site), journeys by source then destination.
func (p *Position) LegalMoves(dst []Move) []Move {
	if p.phase == Over {
		return dst
	}
	c := p.Turn()
	n := len(dst)
	if p.phase == SetupPhase {
		dst = p.appendSetupMoves(dst, c)
	} else {
		var g generated
		p.generate(c, &g)
		for _, s := range g.places[:g.nplaces] {
			dst = append(dst, PlaceMove(c, s.Village, s.Discipline))
		}
		for i, s := range g.eligible[:g.neligible] {
			dst = append(dst, RecruitMove(c, s))
			for _, t := range g.eligible[i+1 : g.neligible] {
				if s.Discipline != t.Discipline || p.supply[c][s.Discipline] >= 2 {
					dst = append(dst, RecruitMove(c, s, t))
				}
			}
		}
		for _, j := range g.journeys[:g.njourneys] {
			dst = append(dst, JourneyMove(c, j[0], j[1]))
		}
	}
	if len(dst) == n {
		dst = append(dst, PassMove(c))
	}
	return dst
}

// generated holds the building blocks of a player's legal moves in play,
// in fixed arrays so that generating them does not allocate.
type generated struct {
	places                        [NumVillages * NumDisciplines]Site
	eligible                      [NumVillages * NumDisciplines]Site // masters that can take a student
	journeys                      [2 * NumBridges][2]Village
	nplaces, neligible, njourneys int
	byDiscipline                  [NumDisciplines]int // eligible masters per discipline
}

// generate fills g with c's placements, recruitable masters and journeys.
func (p *Position) generate(c Colour, g *generated) {
	sup := &p.supply[c]
	for v := Village(0); v < NumVillages; v++ {
		if p.stones&(1<<v) != 0 {
			continue
		}
		row := &p.spaces[v]
		has, student := false, false
		for d, sp := range row {
			if sp.Master() != c {
				continue
			}
			has = true
			if sp.Student() {
				student = true
			} else if sup[d] > 0 {
				g.eligible[g.neligible] = Site{v, Discipline(d)}
				g.neligible++
				g.byDiscipline[d]++
			}
		}
		if !has {
			continue
		}
		for d, sp := range row {
			if sp == 0 && sup[d] > 0 {
				g.places[g.nplaces] = Site{v, Discipline(d)}
				g.nplaces++
			}
		}
		if student {
			for m := p.bridges & villageBridges[v]; m != 0; m &= m - 1 {
				w, _ := Bridge(bits.TrailingZeros32(m)).Other(v)
				g.journeys[g.njourneys] = [2]Village{v, w}
				g.njourneys++
			}
		}
	}
}

// hasAction reports whether c has any legal action in play (a placement, a
// recruit or a journey). A village without a stone always has a standing
// bridge, so a student there can always travel.
func (p *Position) hasAction(c Colour) bool {
	sup := &p.supply[c]
	for v := Village(0); v < NumVillages; v++ {
		if p.stones&(1<<v) != 0 {
			continue
		}
		row := &p.spaces[v]
		has := false
		for d, sp := range row {
			if sp.Master() == c {
				if sp.Student() || sup[d] > 0 {
					return true
				}
				has = true
			}
		}
		if has {
			for d, sp := range row {
				if sp == 0 && sup[d] > 0 {
					return true
				}
			}
		}
	}
	return false
}

// setupPlaced returns the disciplines c has placed during setup, as a bit
// mask. During setup the board holds only masters placed in setup, so the
// board itself tells.
func (p *Position) setupPlaced(c Colour) uint8 {
	var mask uint8
	for v := range p.spaces {
		for d, sp := range p.spaces[v] {
			if sp.Master() == c {
				mask |= 1 << d
			}
		}
	}
	return mask
}

// setupRoom reports whether village v can take another of c's tiles under
// the setup limits.
func (p *Position) setupRoom(c Colour, v Village) bool {
	if !p.InPlay(v) {
		return false
	}
	perColour, perVillage := setupLimits(int(p.nseats))
	tiles, own := 0, 0
	for _, sp := range p.spaces[v] {
		if sp != 0 {
			tiles++
			if sp.Master() == c {
				own++
			}
		}
	}
	return tiles < perVillage && own < perColour
}

// hasSetupPlacement reports whether c can make a setup placement.
func (p *Position) hasSetupPlacement(c Colour) bool {
	placed := p.setupPlaced(c)
	if placed == 1<<NumDisciplines-1 {
		return false
	}
	for v := Village(0); v < NumVillages; v++ {
		if !p.setupRoom(c, v) {
			continue
		}
		for d, sp := range p.spaces[v] {
			if sp == 0 && placed&(1<<d) == 0 {
				return true
			}
		}
	}
	return false
}

// appendSetupMoves appends c's legal setup placements.
func (p *Position) appendSetupMoves(dst []Move, c Colour) []Move {
	placed := p.setupPlaced(c)
	for v := Village(0); v < NumVillages; v++ {
		if !p.setupRoom(c, v) {
			continue
		}
		for d, sp := range p.spaces[v] {
			if sp == 0 && placed&(1<<d) == 0 {
				dst = append(dst, SetupMove(c, v, Discipline(d)))
			}
		}
	}
	return dst
}
