package menara

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
)

// FloorID names one of the 18 temple floors, lettered A to R.
type FloorID uint8

// NumFloors is the number of temple floors.
const NumFloors = 18

// NoFloor stands for "no floor" where a FloorID is optional.
const NoFloor FloorID = 0xff

// MaxCells is the most cells a floor has; MaxBases the most bases on one
// side.
const (
	MaxCells = 24
	MaxBases = 6
)

// Valid reports whether f names a floor.
func (f FloorID) Valid() bool { return f < NumFloors }

// String returns the floor's letter ("K"), or "-" for NoFloor.
func (f FloorID) String() string {
	if f.Valid() {
		return string(rune('A' + f))
	}
	return "-"
}

// ParseFloor reads a floor letter in any case.
func ParseFloor(s string) (FloorID, bool) {
	if len(s) != 1 {
		return NoFloor, false
	}
	b := s[0]
	if 'a' <= b && b <= 'z' {
		b -= 'a' - 'A'
	}
	if b < 'A' || b >= 'A'+NumFloors {
		return NoFloor, false
	}
	return FloorID(b - 'A'), true
}

// Side is the side of a floor that is up. In a Step, NoSide means "as the
// card's rim says" (light when the rim leaves the choice free); in a
// position every placed floor is Light or Dark.
type Side uint8

// The sides.
const (
	NoSide Side = iota
	Light
	Dark
)

// String returns "light" or "dark" ("" for NoSide).
func (s Side) String() string {
	switch s {
	case Light:
		return "light"
	case Dark:
		return "dark"
	}
	return ""
}

// ParseSide reads "light" or "dark" in any case.
func ParseSide(s string) (Side, bool) {
	switch strings.ToLower(s) {
	case "light":
		return Light, true
	case "dark":
		return Dark, true
	}
	return NoSide, false
}

// side returns the index of a placed floor's side in shapes: 0 light, 1
// dark.
func (s Side) index() int {
	if s == Dark {
		return 1
	}
	return 0
}

// Spot is one base of a floor's side: its cell in the floor's own frame and
// its colour.
type Spot struct {
	Cell   Hex
	Colour Colour
}

// occRadius bounds a shape's cells in its own frame: |q|, |r| <= occRadius.
const (
	occRadius = 8
	occSide   = 2*occRadius + 1
	occWords  = (occSide*occSide + 63) / 64
)

// shape is one side of a floor in the floor's own frame: its reference
// cell at (0, 0), the cells in reading order, the bases numbered from 1 in
// reading order, and a bitmap of the cells for membership tests.
type shape struct {
	ncells uint8
	nbases uint8
	cells  [MaxCells]Hex
	bases  [MaxBases]Spot
	occ    [occWords]uint64
	// sumX and sumY add up the cells' lattice coordinates (see Hex.lattice),
	// for the floor's centre of weight.
	sumX, sumY int64
}

// has reports whether cell c (in the shape's frame) is part of it.
func (s *shape) has(c Hex) bool {
	q, r := int(c.Q)+occRadius, int(c.R)+occRadius
	if q < 0 || r < 0 || q >= occSide || r >= occSide {
		return false
	}
	i := q*occSide + r
	return s.occ[i>>6]&(1<<(i&63)) != 0
}

//go:embed floors.txt
var floorsText string

// shapes holds both sides of every floor, read once from floors.txt. It is
// never changed after package initialisation.
var shapes = mustParseFloors(floorsText)

func mustParseFloors(text string) [NumFloors][2]shape {
	s, err := parseFloors(text)
	if err != nil {
		panic("menara: floors.txt: " + err.Error())
	}
	return s
}

// Cells returns the cells of floor f with side s up, in the floor's own
// frame (its reference cell at 0,0), in reading order.
func Cells(f FloorID, s Side) []Hex {
	if !f.Valid() {
		return nil
	}
	sh := &shapes[f][s.index()]
	return append([]Hex(nil), sh.cells[:sh.ncells]...)
}

// Bases returns the bases of floor f with side s up, in the floor's own
// frame; base n of the floor is Bases(f, s)[n-1].
func Bases(f FloorID, s Side) []Spot {
	if !f.Valid() {
		return nil
	}
	sh := &shapes[f][s.index()]
	return append([]Spot(nil), sh.bases[:sh.nbases]...)
}

// NumBases returns how many bases floor f shows with side s up.
func NumBases(f FloorID, s Side) int {
	if !f.Valid() {
		return 0
	}
	return int(shapes[f][s.index()].nbases)
}

// picture is one side as read from floors.txt: cells and bases in the
// picture's own coordinates.
type picture struct {
	cells []Hex
	bases []Spot
}

// parseFloors reads floors.txt: for each floor in order A to R, a "floor X"
// line, then a "light" and a "dark" picture.
func parseFloors(text string) ([NumFloors][2]shape, error) {
	var out [NumFloors][2]shape
	r := floorsReader{floor: -1, side: -1}
	for n, line := range strings.Split(text, "\n") {
		if err := r.readLine(line); err != nil {
			return out, fmt.Errorf("line %d: %v", n+1, err)
		}
	}
	for f := range r.pics {
		if r.pics[f][0] == nil || r.pics[f][1] == nil {
			return out, fmt.Errorf("floor %s needs a light and a dark picture", FloorID(f))
		}
		if err := buildShapes(&out[f], r.pics[f][0], r.pics[f][1]); err != nil {
			return out, fmt.Errorf("floor %s: %v", FloorID(f), err)
		}
	}
	return out, nil
}

// floorsReader is parseFloors' state between lines: the pictures read so
// far, the floor and side whose picture is being read (-1: none), and the
// picture's line being read.
type floorsReader struct {
	pics        [NumFloors][2]*picture
	floor, side int
	row         int
}

// readLine reads one line of floors.txt, a picture's line or a heading;
// its error says what is wrong, without the line number.
func (r *floorsReader) readLine(line string) error {
	// A picture line is told by its indent before comments are cut, so a
	// '#' in a picture is an unknown letter, not a comment.
	if strings.HasPrefix(line, "  ") && r.side >= 0 {
		return r.readPictureLine(line[2:])
	}
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	words := strings.Fields(line)
	switch {
	case len(words) == 0:
		r.side = -1 // a blank line ends the picture
	case len(words) == 2 && words[0] == "floor":
		return r.startFloor(words[1])
	case len(words) == 1 && (words[0] == "light" || words[0] == "dark") && r.floor >= 0:
		return r.startPicture(words[0])
	default:
		return fmt.Errorf("expected floor X, light, dark or a picture line indented by two spaces")
	}
	return nil
}

// startFloor starts floor name, which must be the floor after the last.
func (r *floorsReader) startFloor(name string) error {
	f, ok := ParseFloor(name)
	if !ok || int(f) != r.floor+1 || name != f.String() {
		return fmt.Errorf("floors must come in order A to R, got %q", name)
	}
	r.floor, r.side = int(f), -1
	return nil
}

// startPicture starts the current floor's picture of side ("light" or
// "dark"), which it must not have yet.
func (r *floorsReader) startPicture(side string) error {
	r.side = 0
	if side == "dark" {
		r.side = 1
	}
	if r.pics[r.floor][r.side] != nil {
		return fmt.Errorf("floor %s has two %s pictures", FloorID(r.floor), side)
	}
	r.pics[r.floor][r.side] = &picture{}
	r.row = 0
	return nil
}

// readPictureLine reads the next line of the current picture, without its
// indent: a cell or base at every character that is not a space.
func (r *floorsReader) readPictureLine(line string) error {
	p := r.pics[r.floor][r.side]
	// j counts bytes, not runes: a letter outside ASCII is refused anyway.
	for j, ch := range line {
		if ch == ' ' {
			continue
		}
		if err := p.add(r.row, j, ch); err != nil {
			return err
		}
	}
	r.row++
	return nil
}

// add adds to p what character ch at column j of the picture's line row
// shows: a cell (.) or a base, a letter of its colour.
func (p *picture) add(row, j int, ch rune) error {
	if (row+j)%2 != 0 {
		return fmt.Errorf("a cell off the grid: in line %d of a picture, cells sit at characters of the other parity", row+1)
	}
	h := Hex{int16((j - row) / 2), int16(row)}
	if ch == '.' {
		p.cells = append(p.cells, h)
		return nil
	}
	c, ok := colourOfLetter(byte(ch))
	if !ok || ch > 'Z' {
		return fmt.Errorf("%q is neither a cell (.) nor a base (Y R K W B)", ch)
	}
	p.cells = append(p.cells, h)
	p.bases = append(p.bases, Spot{h, c})
	return nil
}

// readingLess orders cells top line first, then left to right.
func readingLess(a, b Hex) bool { return a.R < b.R || a.R == b.R && a.Q < b.Q }

func sortReading(cells []Hex) {
	sort.Slice(cells, func(i, j int) bool { return readingLess(cells[i], cells[j]) })
}

// buildShapes turns the two pictures of a floor into shapes in the floor's
// own frame.
func buildShapes(out *[2]shape, light, dark *picture) error {
	n := len(light.cells)
	if n == 0 || n > MaxCells {
		return fmt.Errorf("%d cells, want 1 to %d", n, MaxCells)
	}
	if len(light.bases) > MaxBases || len(dark.bases) > MaxBases {
		return fmt.Errorf("more than %d bases on a side", MaxBases)
	}
	sortReading(light.cells)
	ref := referenceCell(light.cells)
	lc := make([]Hex, n)
	for i, c := range light.cells {
		lc[i] = c.Sub(ref)
	}
	lb := make([]Spot, len(light.bases))
	for i, b := range light.bases {
		lb[i] = Spot{b.Cell.Sub(ref), b.Colour}
	}
	// The dark side in its own frame is the light side turned over about
	// the reference cell; the picture must show exactly that outline.
	dc := make([]Hex, n)
	for i, c := range lc {
		dc[i] = c.Mirror()
	}
	sortReading(dc)
	pc := append([]Hex(nil), dark.cells...)
	sortReading(pc)
	if len(pc) != n {
		return fmt.Errorf("the dark picture has %d cells, the light one %d", len(pc), n)
	}
	shift := dc[0].Sub(pc[0])
	for i := range pc {
		if pc[i].Add(shift) != dc[i] {
			return fmt.Errorf("the dark picture's outline is not the light one turned over")
		}
	}
	db := make([]Spot, len(dark.bases))
	for i, b := range dark.bases {
		db[i] = Spot{b.Cell.Add(shift), b.Colour}
	}
	for i, side := range [2]struct {
		cells []Hex
		bases []Spot
	}{{lc, lb}, {dc, db}} {
		sh := &out[i]
		sortReading(side.cells)
		sort.Slice(side.bases, func(a, b int) bool { return readingLess(side.bases[a].Cell, side.bases[b].Cell) })
		sh.ncells = uint8(len(side.cells))
		sh.nbases = uint8(len(side.bases))
		copy(sh.cells[:], side.cells)
		copy(sh.bases[:], side.bases)
		for _, c := range side.cells {
			if abs(int(c.Q)) > occRadius || abs(int(c.R)) > occRadius {
				return fmt.Errorf("cell %s is more than %d from the reference cell", c, occRadius)
			}
			j := (int(c.Q)+occRadius)*occSide + int(c.R) + occRadius
			sh.occ[j>>6] |= 1 << (j & 63)
			x, y := c.lattice()
			sh.sumX += x
			sh.sumY += y
		}
	}
	return nil
}

// referenceCell returns the cell nearest the centre of cells (sorted in
// reading order), the first on a tie. Distances are compared exactly in
// the lattice frame: |v|² is proportional to X² + 3Y².
func referenceCell(cells []Hex) Hex {
	var sx, sy int64
	for _, c := range cells {
		x, y := c.lattice()
		sx += x
		sy += y
	}
	n := int64(len(cells))
	best, bestD := cells[0], int64(-1)
	for _, c := range cells {
		x, y := c.lattice()
		dx, dy := n*x-sx, n*y-sy
		if d := dx*dx + 3*dy*dy; bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best
}
