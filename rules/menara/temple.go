package menara

import "math/bits"

// placement is where a floor would lie: side, turn and the world cell of
// its reference cell.
type placement struct {
	floor FloorID
	side  Side
	turn  uint8
	at    Hex
}

func (pl *placement) shape() *shape { return &shapes[pl.floor][pl.side.index()] }

// cell returns the world cell of the floor's i-th cell.
func (pl *placement) cell(i int) Hex {
	return pl.at.Add(pl.shape().cells[i].Rotate(int(pl.turn)))
}

// covers reports whether world cell w is a cell of the floor.
func (pl *placement) covers(w Hex) bool {
	return pl.shape().has(w.Sub(pl.at).Rotate(-int(pl.turn)))
}

// onTable reports whether every cell lies on the table.
func (pl *placement) onTable() bool {
	for i := range int(pl.shape().ncells) {
		if Distance(pl.cell(i), Hex{}) > TableRadius {
			return false
		}
	}
	return true
}

// placementOf returns where placed floor f lies.
func (p *Position) placementOf(f FloorID) placement {
	s := &p.floors[f]
	return placement{f, s.side, s.turn, s.at}
}

// floorCovering returns the standing floor of the given level, other than
// except, that covers world cell w, or NoFloor. Floors of one level never
// overlap, so there is at most one.
func (p *Position) floorCovering(w Hex, level int, except FloorID) FloorID {
	for _, f := range p.quarry[:p.drawn] {
		if f == except || int(p.floors[f].level) != level || p.fallen&(1<<f) != 0 {
			continue
		}
		pl := p.placementOf(f)
		if pl.covers(w) {
			return f
		}
	}
	return NoFloor
}

// overlap returns a standing floor of the given level, other than except,
// that pl would overlap, or NoFloor.
func (p *Position) overlap(pl *placement, level int, except FloorID) FloorID {
	for i := range int(pl.shape().ncells) {
		if f := p.floorCovering(pl.cell(i), level, except); f != NoFloor {
			return f
		}
	}
	return NoFloor
}

// freeColumns returns the standing columns on standing floors of the given
// level that carry nothing, leaving out those on floor except.
func (p *Position) freeColumns(level int, except FloorID) BaseSet {
	var on BaseSet
	for _, f := range p.quarry[:p.drawn] {
		if f != except && int(p.floors[f].level) == level && p.fallen&(1<<f) == 0 {
			on = on.or(floorSlots(f, MaxBases))
		}
	}
	return p.columns.and(on).andNot(p.fallenColumns).andNot(p.carrying())
}

// columnsUnder returns the columns of free (see freeColumns) that stand
// under pl's cells.
func (p *Position) columnsUnder(pl *placement, free BaseSet) BaseSet {
	var s BaseSet
	for i := free.next(0); i >= 0; i = free.next(i + 1) {
		if pl.covers(p.baseCell(baseOfSlot(i))) {
			s.add(i)
		}
	}
	return s
}

// contact returns how many cell edges pl shares with the standing level-0
// floors.
func (p *Position) contact(pl *placement) int {
	n := 0
	for i := range int(pl.shape().ncells) {
		c := pl.cell(i)
		for d := range 6 {
			if p.floorCovering(c.Neighbour(d), 0, NoFloor) != NoFloor {
				n++
			}
		}
	}
	return n
}

// putColumn stands a column on base b (empty, of a standing floor). When a
// floor of the next level covers the base, the column is pushed in under
// it and becomes one of its supports. It returns that floor or NoFloor and
// marks the floors whose loads changed in dirty.
func (p *Position) putColumn(b Base, dirty *uint32) FloorID {
	i := b.slot()
	p.columns.add(i)
	p.carried[i] = 0
	*dirty |= 1 << b.Floor
	g := p.floorCovering(p.baseCell(b), int(p.floors[b.Floor].level)+1, NoFloor)
	if g != NoFloor {
		p.supports[g].add(i)
		*dirty |= 1 << g
	}
	return g
}

// takeColumn takes the column off base b. It returns the floor that rested
// on it, which loses that support, or NoFloor.
func (p *Position) takeColumn(b Base, dirty *uint32) FloorID {
	i := b.slot()
	g := p.carrier(i)
	if g != NoFloor {
		p.supports[g].remove(i)
		*dirty |= 1 << g
	}
	p.columns.remove(i)
	p.carried[i] = 0
	*dirty |= 1 << b.Floor
	return g
}

// setFloor lays floor f at pl on level level, resting on supports.
func (p *Position) setFloor(pl *placement, level int, supports BaseSet, dirty *uint32) {
	p.floors[pl.floor] = floorState{at: pl.at, level: int8(level), side: pl.side, turn: pl.turn}
	p.supports[pl.floor] = supports
	*dirty |= 1 << pl.floor
}

// freeSupports frees the columns floor f rests on.
func (p *Position) freeSupports(f FloorID, dirty *uint32) {
	s := p.supports[f]
	for i := s.next(0); i >= 0; i = s.next(i + 1) {
		p.carried[i] = 0
		*dirty |= 1 << (i / MaxBases)
	}
	p.supports[f] = BaseSet{}
}

// settle recomputes the statics of the floors in dirty and of every floor
// their changed loads reach, top level first, then marks what fell.
func (p *Position) settle(dirty uint32) {
	for level := p.maxLevel(); level >= 1 && dirty != 0; level-- {
		for _, f := range p.quarry[:p.drawn] {
			if dirty&(1<<f) != 0 && int(p.floors[f].level) == level {
				dirty &^= 1 << f
				dirty |= p.evaluate(f)
			}
		}
	}
	p.markFallen()
}

// evaluate computes floor f's load, margin and verdict, and shares the load
// among its supports. It returns the floors below whose loads changed.
func (p *Position) evaluate(f FloorID) uint32 {
	s := &p.floors[f]
	l := p.floorLoad(f)
	var pts [MaxCells]pt
	var slots [MaxCells]int
	k := p.supportPoints(f, &pts, &slots)
	m, ok := margin(pts[:k], l)
	bit := uint32(1) << f
	p.margins[f] = int32(m)
	p.hasMargin &^= bit
	p.holds &^= bit
	if ok {
		p.hasMargin |= bit
	}
	var r [MaxCells]int64
	if ok && m >= deltaUM(int(s.level)) {
		p.holds |= bit
		split(pts[:k], l, r[:k])
	}
	// A floor that does not hold falls and passes nothing down.
	var changed uint32
	for j, i := range slots[:k] {
		if int64(p.carried[i]) != r[j] {
			p.carried[i] = int32(r[j])
			changed |= 1 << (i / MaxBases)
		}
	}
	return changed
}

// floorLoad returns the load on floor f: its own weight and every column
// standing on it with what that column carries.
func (p *Position) floorLoad(f FloorID) load {
	s := &p.floors[f]
	sh := &shapes[f][s.side.index()]
	n := int64(sh.ncells)
	// The floor's own weight acts at the mean of its cell centres:
	// Σ world = n·at + turn(Σ own frame), linear in (q, r).
	ax, ay := s.at.lattice()
	rx, ry := rotateLattice(sh.sumX, sh.sumY, int(s.turn))
	l := load{w: floorMGPerCell * n, mx: floorMGPerCell * (n*ax + rx), my: floorMGPerCell * (n*ay + ry)}
	// Every column on the floor loads it, fallen ones too: a collapse's
	// margins are those of the temple as it stood.
	cols := p.columns.and(floorSlots(f, int(sh.nbases)))
	for i := cols.next(0); i >= 0; i = cols.next(i + 1) {
		l.add(columnMG+int64(p.carried[i]), latticeOf(p.baseCell(baseOfSlot(i))))
	}
	return l
}

// supportPoints writes the points and slots of the columns floor f rests
// on, in name order, and returns how many.
func (p *Position) supportPoints(f FloorID, pts *[MaxCells]pt, slots *[MaxCells]int) int {
	k := 0
	sup := p.supports[f]
	for i := sup.next(0); i >= 0 && k < MaxCells; i = sup.next(i + 1) {
		pts[k] = latticeOf(p.baseCell(baseOfSlot(i)))
		slots[k] = i
		k++
	}
	return k
}

// rotateLattice turns a lattice vector (X = 2q + r, Y = r) by k steps of 60°
// as Hex.Rotate turns cells. It works on sums of cells, which need not be
// cells themselves.
func rotateLattice(x, y int64, k int) (int64, int64) {
	// Back to axial (2q = X - Y, r = Y), doubled to stay in integers.
	q2, r2 := x-y, 2*y
	switch ((k % 6) + 6) % 6 {
	case 1:
		q2, r2 = -r2, q2+r2
	case 2:
		q2, r2 = -q2-r2, q2
	case 3:
		q2, r2 = -q2, -r2
	case 4:
		q2, r2 = r2, -q2-r2
	case 5:
		q2, r2 = q2+r2, -q2
	}
	return q2 + r2/2, r2 / 2
}

// markFallen records what fell: every floor that does not hold, every
// column standing on a fallen floor, and every floor resting on a fallen
// column, level by level upward. Nothing falls while all floors hold.
func (p *Position) markFallen() {
	if !p.collapsed() {
		return
	}
	top := p.maxLevel()
	for level := 1; level <= top; level++ {
		for m := p.standingMask(); m != 0; m &= m - 1 {
			f := FloorID(bits.TrailingZeros32(m))
			if int(p.floors[f].level) != level {
				continue
			}
			if p.holds&(1<<f) == 0 || !p.supports[f].and(p.fallenColumns).Empty() {
				p.fallen |= 1 << f
				on := p.columns.and(floorSlots(f, MaxBases))
				p.fallenColumns = p.fallenColumns.or(on)
			}
		}
	}
}
