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

// invalidState returns the error for a snapshot that breaks an invariant,
// keyed under shangrila.state so that the bot can translate it.
func invalidState(key string, args []any, format string, a ...any) error {
	return rules.Errorf(rules.Invalid, "shangrila.state."+key, args, "impossible position: "+format, a...)
}

// FromSnapshot builds a position from s, or says which invariant s breaks.
func FromSnapshot(s Snapshot) (Position, error) {
	p, err := NewPosition(s.Players, StartSetup)
	if err != nil {
		return Position{}, err
	}
	// The steps run in this order because each relies on what those before
	// it checked (the tiles on the resignations, the supply on the tiles),
	// and so that a snapshot breaking several invariants is always refused
	// for the same one.
	steps := [...]func(*Position, *Snapshot) error{
		(*Position).takePhase,
		(*Position).takeResigned,
		(*Position).takeTiles,
		(*Position).checkStrangersSupply,
		(*Position).takeSupply,
		(*Position).takeBridges,
		(*Position).takeStones,
		(*Position).checkStartingMasters,
		(*Position).checkEnoughBridges,
		(*Position).takeTurn,
	}
	for _, step := range steps {
		if err := step(&p, &s); err != nil {
			return Position{}, err
		}
	}
	return p, nil
}

// takePhase copies s's phase, which must be one the engine knows.
func (p *Position) takePhase(s *Snapshot) error {
	p.phase = s.Phase
	if s.Phase > Over {
		return invalidState("phase", nil, "unknown phase")
	}
	return nil
}

// takeResigned marks s's resigned players, who must play in the game.
func (p *Position) takeResigned(s *Snapshot) error {
	for _, c := range s.Resigned {
		i, ok := p.Seat(c)
		if !ok {
			return invalidState("resigned", nil, "%s resigned but does not play", c.Name())
		}
		p.resigned |= 1 << i
	}
	return nil
}

// takeTiles copies s's spaces, village by village in discipline order,
// each checked by checkTile.
func (p *Position) takeTiles(s *Snapshot) error {
	for v := Village(0); v < NumVillages; v++ {
		for d, sp := range s.Spaces[v] {
			if sp.Empty() {
				continue
			}
			if err := p.checkTile(v, sp, s.Phase); err != nil {
				return err
			}
			p.villages[v].set(Discipline(d), uint8(sp))
		}
	}
	return nil
}

// checkTile checks the tile sp in village v: a master of a player in the
// game (resigned or not), with a student or not, in a village in play, and
// no student before the play phase.
func (p *Position) checkTile(v Village, sp Space, phase Phase) error {
	c := sp.Master()
	if sp&^(spaceColour|spaceStudent) != 0 || !p.Active(c) && !p.Resigned(c) {
		return invalidState("tile", []any{"village", v}, "a tile in village %s belongs to nobody in the game", v)
	}
	if !p.InPlay(v) {
		return invalidState("out", []any{"village", v}, "village %s is not in play with 3 players", v)
	}
	if sp.Student() && phase == SetupPhase {
		return invalidState("setup-student", nil, "students during the setup phase")
	}
	return nil
}

// checkStrangersSupply checks that nobody outside the game, NoColour
// included, has tiles in s's supply.
func (p *Position) checkStrangersSupply(s *Snapshot) error {
	for c := NoColour; c <= Violet; c++ {
		if _, plays := p.Seat(c); plays {
			continue
		}
		for _, n := range s.Supply[c] {
			if n != 0 {
				return invalidState("supply", []any{"player", c}, "%s has a supply but does not play", c.Name())
			}
		}
	}
	return nil
}

// takeSupply copies the players' supplies from s: with the tiles on the
// board, exactly six of each discipline per player.
func (p *Position) takeSupply(s *Snapshot) error {
	onBoard := tilesOnBoard(s)
	for _, c := range s.Players {
		for d := Discipline(0); d < NumDisciplines; d++ {
			n := s.Supply[c][d]
			if n < 0 || n+onBoard[c][d] != TilesPerDiscipline {
				return invalidState("tiles", []any{"player", c, "discipline", d},
					"%s's %s tiles on the board and in supply do not add up to %d", c.Name(), d.Name(), TilesPerDiscipline)
			}
			p.supply[c].set(d, uint8(n))
		}
	}
	return nil
}

// tilesOnBoard counts the tiles on s's board by colour and discipline, a
// student and its master two. It runs after takeTiles, so every tile is of
// a colour.
func tilesOnBoard(s *Snapshot) [Violet + 1][NumDisciplines]int {
	var onBoard [Violet + 1][NumDisciplines]int
	for v := range s.Spaces {
		for d, sp := range s.Spaces[v] {
			if !sp.Empty() {
				onBoard[sp.Master()][d] += sp.Tiles()
			}
		}
	}
	return onBoard
}

// takeBridges copies the bridges standing in s, which must all be on the
// board.
func (p *Position) takeBridges(s *Snapshot) error {
	p.bridges = 0
	for b := Bridge(0); b < NumBridges; b++ {
		if !s.Standing[b] {
			continue
		}
		if x, y := b.Ends(); !p.InPlay(x) || !p.InPlay(y) {
			return invalidState("bridge", []any{"bridge", b}, "bridge %s is not on the board with 3 players", b)
		}
		p.bridges |= 1 << b
	}
	return nil
}

// takeStones copies s's stones: a village has one exactly when none of its
// bridges stands.
func (p *Position) takeStones(s *Snapshot) error {
	p.stones = 0
	for v := Village(0); v < NumVillages; v++ {
		isolated := p.bridges&villageBridges[v] == 0
		if s.Stones[v] != isolated {
			return invalidState("stone", []any{"village", v},
				"village %s must have a stone exactly when all its bridges are broken", v)
		}
		if s.Stones[v] {
			p.stones |= 1 << v
		}
	}
	return nil
}

// checkStartingMasters checks, during the setup phase, that no player has
// placed two masters of one discipline.
func (p *Position) checkStartingMasters(s *Snapshot) error {
	if s.Phase != SetupPhase {
		return nil
	}
	for _, c := range s.Players {
		if mastersOf(s, c) != count(p.setupPlaced(c)) {
			return invalidState("setup-twice", []any{"player", c},
				"%s has two starting masters of one discipline", c.Name())
		}
	}
	return nil
}

// mastersOf counts c's masters on s's board.
func mastersOf(s *Snapshot, c Colour) int {
	n := 0
	for v := range s.Spaces {
		for _, sp := range s.Spaces[v] {
			if sp.Master() == c {
				n++
			}
		}
	}
	return n
}

// checkEnoughBridges checks that a game past the setup phase has a bridge
// standing, and one in play at least two.
func (p *Position) checkEnoughBridges(s *Snapshot) error {
	if s.Phase != SetupPhase && p.NumBridges() < 1 || s.Phase == PlayPhase && p.NumBridges() < 2 {
		return invalidState("bridges", nil, "a game in play needs at least two standing bridges")
	}
	return nil
}

// takeTurn copies the player to move: nobody when the game is over, else a
// player who has not resigned.
func (p *Position) takeTurn(s *Snapshot) error {
	if s.Phase == Over {
		if s.Turn != NoColour {
			return invalidState("turn-over", nil, "a finished game has no player to move")
		}
		return nil
	}
	i, ok := p.Seat(s.Turn)
	if !ok || p.resigned&(1<<i) != 0 {
		return invalidState("turn", nil, "the player to move must be a player who has not resigned")
	}
	p.turn = uint8(i)
	return nil
}
