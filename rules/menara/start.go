package menara

// NewPosition sets up a game from the options and a seed, drawing in this
// fixed order from the game's stream: the quarry's order, each pile's order
// (blue, yellow, red), the camp's six columns, each player's columns in
// seat order, the first player, then the base: the first floor's turn and,
// for the second and third floors, one of the positions that touch the
// floors already laid along the most edges (at least 2).
func NewPosition(o Options, seed uint64) (Position, error) {
	var p Position
	if err := o.check(); err != nil {
		return p, err
	}
	p.nplayers = uint8(len(o.Players))
	for i, s := range o.Players {
		p.names[i] = makeName(s)
	}
	p.difficulty, p.hands, p.seed = o.Difficulty, o.Hands, seed
	p.baseSide = o.Side
	if p.baseSide == NoSide {
		p.baseSide = Light
	}
	p.rng.Seed(seed, streamMenara)
	for i := range p.floors {
		p.floors[i].level = -1
		p.quarry[i] = FloorID(i)
	}
	for i := NumFloors - 1; i > 0; i-- {
		j := p.draw(i + 1)
		p.quarry[i], p.quarry[j] = p.quarry[j], p.quarry[i]
	}
	for i := range p.order {
		p.order[i] = CardID(i)
	}
	for pl := Pile(0); pl < NumPiles; pl++ {
		lo := int(pileStart[pl])
		for i := int(pileStart[pl+1]) - 1; i > lo; i-- {
			j := lo + p.draw(i-lo+1)
			p.order[i], p.order[j] = p.order[j], p.order[i]
		}
	}
	p.bag = ColumnPool
	p.camp = p.drawColumns(CampSize)
	for i := range int(p.nplayers) {
		p.hand[i] = p.drawColumns(HandSize(p.difficulty, int(p.nplayers)))
	}
	p.turn = uint8(p.draw(int(p.nplayers)))
	p.layBase()
	p.levelRow = uint8(LevelCards(p.difficulty))
	p.stage = Exchanging
	p.card = NoCard
	p.chosen = NoFloor
	return p, nil
}

// layBase lays the quarry's top three floors as the temple's base.
func (p *Position) layBase() {
	var dirty uint32
	first := placement{p.quarry[0], p.baseSide, uint8(p.draw(6)), Hex{}}
	p.setFloor(&first, 0, BaseSet{}, &dirty)
	p.drawn = 1
	sides := []Side{p.baseSide}
	var g grid
	for p.drawn < BaseFloors {
		f := p.quarry[p.drawn]
		best, n := 0, 0
		p.extensions(&g, f, sides, func(c *candidate) bool {
			switch {
			case c.votes > best:
				best, n = c.votes, 1
			case c.votes == best:
				n++
			}
			return true
		})
		k := p.draw(n)
		var chosen placement
		p.extensions(&g, f, sides, func(c *candidate) bool {
			if c.votes == best {
				if k == 0 {
					chosen = c.pl
					return false
				}
				k--
			}
			return true
		})
		p.setFloor(&chosen, 0, BaseSet{}, &dirty)
		p.drawn++
	}
}
