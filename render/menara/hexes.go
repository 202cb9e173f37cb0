package menara

import (
	"math"

	"github.com/tablebot/tablebot/rules/menara"
)

// The temple's lattice in the plane, in units of the pitch (the distance
// between neighbouring cell centres): the centre of cell (q, r) lies at x =
// q + r/2, y = (√3/2)·r, y growing down the page (towards the viewer), as
// the engine and floors.txt draw it. Cells are pointy-top hexagons.

const sqrt3 = 1.7320508

// hexRadius is the distance from a cell's centre to its corners.
const hexRadius = 1 / sqrt3

// plane is a point of the temple's plane, in pitches.
type plane struct{ X, Y float32 }

// centre returns the centre of cell h.
func centre(h menara.Hex) plane {
	return plane{float32(h.Q) + float32(h.R)/2, sqrt3 / 2 * float32(h.R)}
}

// corner returns corner i (0-5) of a cell centred at c: corner 0 is the
// top one, then clockwise on the page.
func corner(c plane, i int) plane {
	a := float64(-90+60*i) * math.Pi / 180
	return plane{c.X + hexRadius*float32(math.Cos(a)), c.Y + hexRadius*float32(math.Sin(a))}
}

// cornerKey names corner i of cell h exactly, for joining the edges of
// neighbouring cells: x in half pitches, y in thirds of a row.
type cornerKey struct{ x, y int32 }

var cornerOffsets = [6]cornerKey{{0, -2}, {1, -1}, {1, 1}, {0, 2}, {-1, 1}, {-1, -1}}

func keyOf(h menara.Hex, i int) cornerKey {
	o := cornerOffsets[i]
	return cornerKey{2*int32(h.Q) + int32(h.R) + o.x, 3*int32(h.R) + o.y}
}

func (k cornerKey) plane() plane { return plane{float32(k.x) / 2, sqrt3 / 2 * float32(k.y) / 3} }

// edgeNeighbour is the direction (as menara.Hex.Neighbour numbers it) of
// the cell across edge i, the edge from corner i to corner i+1: edge 0 is
// the upper right one.
var edgeNeighbour = [6]int{5, 0, 1, 2, 3, 4}

// Edges facing the viewer: the lower right (2) and lower left (3) ones.
// The right and left edges (1, 4) run straight towards the viewer and show
// no side face.
const (
	edgeLowerRight = 2
	edgeLowerLeft  = 3
)

// edge is one boundary edge of a set of cells: from corner a to corner b
// (clockwise around the set on the page), the cell it bounds and which of
// its edges it is.
type edge struct {
	a, b cornerKey
	cell menara.Hex
	i    int
}

// cellSet is a set of cells.
type cellSet map[menara.Hex]bool

func setOf(cells []menara.Hex) cellSet {
	s := make(cellSet, len(cells))
	for _, c := range cells {
		s[c] = true
	}
	return s
}

// boundary returns the edges of the cells' outline, cell by cell in the
// order given, each cell's edges clockwise.
func boundary(cells []menara.Hex) []edge {
	set := setOf(cells)
	var out []edge
	for _, c := range cells {
		for i := range 6 {
			if set[c.Neighbour(edgeNeighbour[i])] {
				continue
			}
			out = append(out, edge{a: keyOf(c, i), b: keyOf(c, (i+1)%6), cell: c, i: i})
		}
	}
	return out
}

// outline returns the closed loops of the cells' outline, each clockwise
// on the page around the cells it bounds (a hole's loop runs the other
// way). A corner of the lattice is shared by three cells, so every corner
// on the outline starts exactly one of its edges and the loops are simple.
func outline(cells []menara.Hex) [][]plane {
	edges := boundary(cells)
	next := make(map[cornerKey]cornerKey, len(edges))
	for _, e := range edges {
		next[e.a] = e.b
	}
	var loops [][]plane
	seen := make(map[cornerKey]bool, len(edges))
	for _, e := range edges {
		if seen[e.a] {
			continue
		}
		var loop []plane
		for k := e.a; !seen[k]; k = next[k] {
			seen[k] = true
			loop = append(loop, k.plane())
		}
		loops = append(loops, loop)
	}
	return loops
}

// interiorEdges returns the edges between two cells of the set, each once.
func interiorEdges(cells []menara.Hex) [][2]plane {
	set := setOf(cells)
	var out [][2]plane
	for _, c := range cells {
		for _, i := range []int{1, 2, 3} { // each shared edge from one side only
			if set[c.Neighbour(edgeNeighbour[i])] {
				out = append(out, [2]plane{keyOf(c, i).plane(), keyOf(c, (i+1)%6).plane()})
			}
		}
	}
	return out
}

// mean returns the mean of the cells' centres.
func mean(cells []menara.Hex) plane {
	var m plane
	for _, c := range cells {
		p := centre(c)
		m.X += p.X
		m.Y += p.Y
	}
	n := float32(max(len(cells), 1))
	return plane{m.X / n, m.Y / n}
}

// extent is a box of the plane.
type extent struct{ min, max plane }

// grow returns e grown to hold every corner of the cells.
func (e extent) grow(cells []menara.Hex, first bool) extent {
	for _, c := range cells {
		p := centre(c)
		lo := plane{p.X - 0.5, p.Y - hexRadius}
		hi := plane{p.X + 0.5, p.Y + hexRadius}
		if first {
			e, first = extent{lo, hi}, false
			continue
		}
		e.min = plane{min(e.min.X, lo.X), min(e.min.Y, lo.Y)}
		e.max = plane{max(e.max.X, hi.X), max(e.max.Y, hi.Y)}
	}
	return e
}

func (e extent) size() plane { return plane{e.max.X - e.min.X, e.max.Y - e.min.Y} }
