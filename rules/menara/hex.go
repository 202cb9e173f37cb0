package menara

import "strconv"

// Hex is a cell of the temple's hexagonal lattice in axial coordinates.
// Cells are pointy-top; the centre of cell (q, r) lies at x = pitch·(q +
// r/2), y = pitch·(√3/2)·r, with y growing "down" the page as in the
// pictures of floors.txt and in images.
type Hex struct {
	Q, R int16
}

// hexDirs are the six neighbours' offsets, counter-clockwise from +x in the
// (x, y) frame above (clockwise on a page where y grows downward).
var hexDirs = [6]Hex{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

// Add returns h + o.
func (h Hex) Add(o Hex) Hex { return Hex{h.Q + o.Q, h.R + o.R} }

// Sub returns h - o.
func (h Hex) Sub(o Hex) Hex { return Hex{h.Q - o.Q, h.R - o.R} }

// Neighbour returns the neighbour in direction d (0-5).
func (h Hex) Neighbour(d int) Hex { return h.Add(hexDirs[d]) }

// Rotate turns h about the origin by k steps of 60° (k taken mod 6), from
// +x toward +y: one step maps (1, 0) to (0, 1).
func (h Hex) Rotate(k int) Hex {
	q, r := h.Q, h.R
	switch ((k % 6) + 6) % 6 {
	case 1:
		return Hex{-r, q + r}
	case 2:
		return Hex{-q - r, q}
	case 3:
		return Hex{-q, -r}
	case 4:
		return Hex{r, -q - r}
	case 5:
		return Hex{q + r, -q}
	}
	return h
}

// Mirror reflects h in the x axis: the cell the same place takes when a
// floor is turned over, its dark side up.
func (h Hex) Mirror() Hex { return Hex{h.Q + h.R, -h.R} }

// Distance returns the number of steps between two cells.
func Distance(a, b Hex) int {
	dq, dr := int(a.Q-b.Q), int(a.R-b.R)
	return (abs(dq) + abs(dr) + abs(dq+dr)) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// String returns "q,r" as written in records.
func (h Hex) String() string {
	return strconv.Itoa(int(h.Q)) + "," + strconv.Itoa(int(h.R))
}

// lattice returns the cell centre in the statics' integer frame: X = 2q + r
// counts half pitches along x, Y = r counts rows (√3/2 pitch) along y.
func (h Hex) lattice() (x, y int64) { return 2*int64(h.Q) + int64(h.R), int64(h.R) }
