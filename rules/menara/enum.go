package menara

import "math/bits"

// Placements of a floor are found by counting, not by trying every
// position: each target cell (a free column, or an empty cell beside the
// base) votes for every reference-cell position that would put a cell of
// the floor on it. Positions with enough votes are then checked for
// overlap and for the table's edge. The whole table fits in a grid of
// gridSize² cells centred on (0, 0).

const (
	gridSize = 128
	gridHalf = gridSize / 2
)

func gridIndex(h Hex) (int, bool) {
	q, r := int(h.Q)+gridHalf, int(h.R)+gridHalf
	if q < 0 || r < 0 || q >= gridSize || r >= gridSize {
		return 0, false
	}
	return r*gridSize + q, true
}

func gridHex(i int) Hex { return Hex{int16(i%gridSize - gridHalf), int16(i/gridSize - gridHalf)} }

// grid is the scratch space of one enumeration. Bit sets are flat: bit i
// is grid cell i (see gridIndex).
type grid struct {
	votes   [gridSize * gridSize]uint8
	touched [gridSize * gridSize / 64]uint64 // positions with votes
	block   [gridSize * gridSize / 64]uint64 // cells the floor may not cover
}

func (g *grid) setBlock(h Hex) {
	if i, ok := gridIndex(h); ok {
		g.block[i>>6] |= 1 << (i & 63)
	}
}

func (g *grid) blocked(h Hex) bool {
	i, ok := gridIndex(h)
	return ok && g.block[i>>6]&(1<<(i&63)) != 0
}

func (g *grid) clearBlock() { g.block = [gridSize * gridSize / 64]uint64{} }

// blockFloors marks the cells of the standing floors of a level, other
// than except.
func (g *grid) blockFloors(p *Position, level int, except FloorID) {
	for _, f := range p.quarry[:p.drawn] {
		if f == except || int(p.floors[f].level) != level || p.fallen&(1<<f) != 0 {
			continue
		}
		pl := p.placementOf(f)
		for i := range int(pl.shape().ncells) {
			g.setBlock(pl.cell(i))
		}
	}
}

// target is a cell that counts w votes for every placement covering it.
type target struct {
	cell Hex
	w    uint8
}

// orientation is a floor's cells turned, relative to its reference cell,
// with each offset also as a step in grid indices, and the farthest any
// cell lies from the reference cell.
type orientation struct {
	n      int
	reach  int
	offs   [MaxCells]Hex
	deltas [MaxCells]int
}

func orient(f FloorID, s Side, turn int) orientation {
	sh := &shapes[f][s.index()]
	o := orientation{n: int(sh.ncells)}
	for i := range o.n {
		d := sh.cells[i].Rotate(turn)
		o.offs[i] = d
		o.deltas[i] = int(d.R)*gridSize + int(d.Q)
		o.reach = max(o.reach, Distance(d, Hex{}))
	}
	return o
}

// fits reports whether the floor with its reference cell at grid index i
// (cell a) covers no blocked cell and lies on the table.
func (g *grid) fits(o *orientation, i int, a Hex) bool {
	near := Distance(a, Hex{})+o.reach > TableRadius
	for k, d := range o.deltas[:o.n] {
		j := i + d
		if g.block[j>>6]&(1<<(j&63)) != 0 {
			return false
		}
		if near && Distance(a.Add(o.offs[k]), Hex{}) > TableRadius {
			return false
		}
	}
	return true
}

// The grid is large enough that every cell within TableRadius+1 of the
// centre, moved by any offset of a floor, stays inside it.
const _ = uint(gridHalf - (TableRadius + 1 + 2*occRadius))

// anchors calls fn, in reading order of the reference cell, for every
// position of the oriented floor whose cells gather at least need votes
// from targets and that fits; fn returns false to stop, and anchors then
// returns false. Targets lie within TableRadius+1 of the centre.
func (g *grid) anchors(o *orientation, targets []target, need int, fn func(at Hex, votes int) bool) bool {
	for _, t := range targets {
		ti, ok := gridIndex(t.cell)
		if !ok {
			continue
		}
		for _, d := range o.deltas[:o.n] {
			i := ti - d
			if g.votes[i] == 0 {
				g.touched[i>>6] |= 1 << (i & 63)
			}
			g.votes[i] += t.w
		}
	}
	going := true
	for w, m := range g.touched {
		if m == 0 {
			continue
		}
		g.touched[w] = 0
		for ; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			v := int(g.votes[i])
			g.votes[i] = 0
			if going && v >= need {
				if a := gridHex(i); g.fits(o, i, a) {
					going = fn(a, v)
				}
			}
		}
	}
	return going
}

// sides returns the sides a new floor may show under the card in play.
func (p *Position) sides() []Side {
	switch deck[p.card].Rim {
	case LightRim:
		return []Side{Light}
	case DarkRim:
		return []Side{Dark}
	}
	return []Side{Light, Dark}
}

// candidate is a legal position of a floor: on columns (level > 0) or as a
// base extension (level 0, with the edges it shares).
type candidate struct {
	pl      placement
	level   int
	votes   int // supports, or edges shared with the base
	support BaseSet
}

// columnTargets returns the cells of the free columns of a level.
func (p *Position) columnTargets(free BaseSet, dst []target) []target {
	for i := free.next(0); i >= 0; i = free.next(i + 1) {
		dst = append(dst, target{p.baseCell(baseOfSlot(i)), 1})
	}
	return dst
}

// onColumns calls fn for every legal position of floor f on free columns,
// side by side in sides, excluding floor except from the temple (a lifted
// floor) and the level skip (its own). Order: level, side, turn, reference
// cell in reading order. The support sets are filled in only when
// withSupports is true. fn returns false to stop.
func (p *Position) onColumns(g *grid, f FloorID, sides []Side, except FloorID, skip int, withSupports bool, fn func(c *candidate) bool) bool {
	var buf [NumBaseSlots]target
	var c candidate
	for level := 0; level <= p.maxLevel(); level++ {
		if level+1 == skip {
			continue
		}
		free := p.freeColumns(level, except)
		if free.Len() < MinSupports {
			continue
		}
		targets := p.columnTargets(free, buf[:0])
		g.clearBlock()
		g.blockFloors(p, level+1, except)
		for _, s := range sides {
			for turn := range 6 {
				o := orient(f, s, turn)
				ok := g.anchors(&o, targets, MinSupports, func(a Hex, votes int) bool {
					c = candidate{pl: placement{f, s, uint8(turn), a}, level: level + 1, votes: votes}
					if except != NoFloor && !p.liftClear(&c) {
						return true
					}
					if withSupports {
						c.support = p.columnsUnder(&c.pl, free)
					}
					return fn(&c)
				})
				if !ok {
					return false
				}
			}
		}
	}
	return true
}

// liftClear reports whether the lifted floor's columns, at c, stand clear
// of the floors of the level above it: a column cannot be carried in under
// another floor.
func (p *Position) liftClear(c *candidate) bool {
	f := c.pl.floor
	sh := c.pl.shape()
	cols := p.columns.and(floorSlots(f, int(sh.nbases)))
	for i := cols.next(0); i >= 0; i = cols.next(i + 1) {
		w := c.pl.at.Add(sh.bases[i%MaxBases].Cell.Rotate(int(c.pl.turn)))
		if p.floorCovering(w, c.level+1, f) != NoFloor {
			return false
		}
	}
	return true
}

// extensions calls fn for every legal base extension of floor f with a
// side in sides. Order: side, turn, reference cell in reading order. fn
// returns false to stop.
func (p *Position) extensions(g *grid, f FloorID, sides []Side, fn func(c *candidate) bool) bool {
	// The targets are the empty cells beside the base, each with the number
	// of base cells it touches; the votes a position gathers are the edges
	// it shares with the base.
	g.clearBlock()
	g.blockFloors(p, 0, NoFloor)
	var buf [6 * NumFloors * MaxCells]target
	targets := buf[:0]
	for _, h := range p.quarry[:p.drawn] {
		if p.floors[h].level != 0 || p.fallen&(1<<h) != 0 {
			continue
		}
		pl := p.placementOf(h)
		for i := range int(pl.shape().ncells) {
			c := pl.cell(i)
			for d := range 6 {
				v := c.Neighbour(d)
				j, ok := gridIndex(v)
				if !ok || g.blocked(v) {
					continue
				}
				if g.votes[j] == 0 && len(targets) < len(buf) {
					targets = append(targets, target{v, 0})
				}
				g.votes[j]++
			}
		}
	}
	for k := range targets {
		j, _ := gridIndex(targets[k].cell)
		targets[k].w = g.votes[j]
		g.votes[j] = 0
	}
	var c candidate
	for _, s := range sides {
		for turn := range 6 {
			o := orient(f, s, turn)
			ok := g.anchors(&o, targets, MinContact, func(a Hex, votes int) bool {
				c = candidate{pl: placement{f, s, uint8(turn), a}, level: 0, votes: votes}
				return fn(&c)
			})
			if !ok {
				return false
			}
		}
	}
	return true
}
