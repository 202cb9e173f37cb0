package shangrila

import "github.com/tablebot/tablebot/rules"

// Snapshot is a position spelt out in exported fields, for building a
// Position from outside the engine (a state file written by hand or by a
// tool). FromSnapshot checks every invariant of Position.
type Snapshot struct {
	Players  []Colour // seat order
	Phase    Phase
	Turn     Colour // NoColour when the game is over
	Spaces   [NumVillages][NumDisciplines]Space
	Stones   [NumVillages]bool
	Standing [NumBridges]bool
	Supply   [Violet + 1][NumDisciplines]int // indexed by colour
	Resigned []Colour
}

// Snapshot returns the position spelt out.
func (p Position) Snapshot() Snapshot {
	s := Snapshot{Players: p.Players(), Phase: p.phase, Turn: p.Turn()}
	for v := range p.villages {
		for d := Discipline(0); d < NumDisciplines; d++ {
			s.Spaces[v][d] = Space(p.villages[v].at(d))
		}
	}
	for v := Village(0); v < NumVillages; v++ {
		s.Stones[v] = p.Stone(v)
	}
	for b := Bridge(0); b < NumBridges; b++ {
		s.Standing[b] = p.Standing(b)
	}
	for c := range p.supply {
		for d := Discipline(0); d < NumDisciplines; d++ {
			s.Supply[c][d] = int(p.supply[c].at(d))
		}
	}
	for _, c := range s.Players {
		if p.Resigned(c) {
			s.Resigned = append(s.Resigned, c)
		}
	}
	return s
}

func invalidState(key string, args []any, format string, a ...any) error {
	return rules.Errorf(rules.Invalid, "shangrila.state."+key, args, "impossible position: "+format, a...)
}

// FromSnapshot builds a position from s, or says which invariant s breaks.
func FromSnapshot(s Snapshot) (Position, error) {
	p, err := NewPosition(s.Players, StartSetup)
	if err != nil {
		return Position{}, err
	}
	p.phase = s.Phase
	if s.Phase > Over {
		return Position{}, invalidState("phase", nil, "unknown phase")
	}
	for _, c := range s.Resigned {
		i, ok := p.Seat(c)
		if !ok {
			return Position{}, invalidState("resigned", nil, "%s resigned but does not play", c.Name())
		}
		p.resigned |= 1 << i
	}
	// Tiles: on the board only in the players' colours, and with the supply
	// exactly six of each discipline per player.
	var onBoard [Violet + 1][NumDisciplines]int
	for v := Village(0); v < NumVillages; v++ {
		for d, sp := range s.Spaces[v] {
			if sp.Empty() {
				continue
			}
			c := sp.Master()
			if sp&^(spaceColour|spaceStudent) != 0 || !p.Active(c) && !p.Resigned(c) {
				return Position{}, invalidState("tile", []any{"village", v}, "a tile in village %s belongs to nobody in the game", v)
			}
			if !p.InPlay(v) {
				return Position{}, invalidState("out", []any{"village", v}, "village %s is not in play with 3 players", v)
			}
			if sp.Student() && s.Phase == SetupPhase {
				return Position{}, invalidState("setup-student", nil, "students during the setup phase")
			}
			onBoard[c][d] += sp.Tiles()
			p.villages[v].set(Discipline(d), uint8(sp))
		}
	}
	for c := NoColour; c <= Violet; c++ {
		if _, plays := p.Seat(c); plays {
			continue
		}
		for _, n := range s.Supply[c] {
			if n != 0 {
				return Position{}, invalidState("supply", []any{"player", c}, "%s has a supply but does not play", c.Name())
			}
		}
	}
	for _, c := range s.Players {
		for d := Discipline(0); d < NumDisciplines; d++ {
			n := s.Supply[c][d]
			if n < 0 || n+onBoard[c][d] != TilesPerDiscipline {
				return Position{}, invalidState("tiles", []any{"player", c, "discipline", d},
					"%s's %s tiles on the board and in supply do not add up to %d", c.Name(), d.Name(), TilesPerDiscipline)
			}
			p.supply[c].set(d, uint8(n))
		}
	}
	// Bridges and stones: a village has a stone exactly when none of its
	// bridges stands.
	p.bridges = 0
	for b := Bridge(0); b < NumBridges; b++ {
		if s.Standing[b] {
			x, y := b.Ends()
			if !p.InPlay(x) || !p.InPlay(y) {
				return Position{}, invalidState("bridge", []any{"bridge", b}, "bridge %s is not on the board with 3 players", b)
			}
			p.bridges |= 1 << b
		}
	}
	p.stones = 0
	for v := Village(0); v < NumVillages; v++ {
		isolated := p.bridges&villageBridges[v] == 0
		if s.Stones[v] != isolated {
			return Position{}, invalidState("stone", []any{"village", v},
				"village %s must have a stone exactly when all its bridges are broken", v)
		}
		if s.Stones[v] {
			p.stones |= 1 << v
		}
	}
	if s.Phase == SetupPhase {
		for _, c := range s.Players {
			n := 0
			for v := range s.Spaces {
				for _, sp := range s.Spaces[v] {
					if sp.Master() == c {
						n++
					}
				}
			}
			if n != count(p.setupPlaced(c)) {
				return Position{}, invalidState("setup-twice", []any{"player", c},
					"%s has two starting masters of one discipline", c.Name())
			}
		}
	}
	if s.Phase != SetupPhase && p.NumBridges() < 1 || s.Phase == PlayPhase && p.NumBridges() < 2 {
		return Position{}, invalidState("bridges", nil, "a game in play needs at least two standing bridges")
	}
	if s.Phase == Over {
		if s.Turn != NoColour {
			return Position{}, invalidState("turn-over", nil, "a finished game has no player to move")
		}
		return p, nil
	}
	i, ok := p.Seat(s.Turn)
	if !ok || p.resigned&(1<<i) != 0 {
		return Position{}, invalidState("turn", nil, "the player to move must be a player who has not resigned")
	}
	p.turn = uint8(i)
	return p, nil
}
