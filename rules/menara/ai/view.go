package ai

import (
	"math"

	"github.com/tablebot/tablebot/rules/menara"
)

// sideInfo is one side of a floor in its own frame, read once from the
// engine's data: its cells and bases, its centre of weight and its span
// (the longest distance between two cell centres), in mm.
type sideInfo struct {
	ncells int
	nbases int
	cells  [menara.MaxCells]menara.Hex
	bases  [menara.MaxBases]menara.Spot
	span   float64
}

// floorSides holds both sides of every floor (index 0 light, 1 dark). It is
// filled once when the package loads and never changed.
var floorSides = readFloorSides()

func readFloorSides() (out [menara.NumFloors][2]sideInfo) {
	for f := menara.FloorID(0); f < menara.NumFloors; f++ {
		for i, s := range []menara.Side{menara.Light, menara.Dark} {
			si := &out[f][i]
			cells := menara.Cells(f, s)
			si.ncells = copy(si.cells[:], cells)
			si.nbases = copy(si.bases[:], menara.Bases(f, s))
			for a := range cells {
				for b := range a {
					si.span = max(si.span, dist(cells[a], cells[b]))
				}
			}
		}
	}
	return out
}

func sideIndex(s menara.Side) int {
	if s == menara.Dark {
		return 1
	}
	return 0
}

// pitch is the distance between neighbouring cell centres, in mm.
var pitch = menara.StatModel().PitchMM

// xy returns the centre of cell h in mm.
func xy(h menara.Hex) (x, y float64) {
	return pitch * (float64(h.Q) + float64(h.R)/2), pitch * math.Sqrt(3) / 2 * float64(h.R)
}

func dist(a, b menara.Hex) float64 {
	ax, ay := xy(a)
	bx, by := xy(b)
	return math.Hypot(ax-bx, ay-by)
}

// baseView is one base of a floor in the temple.
type baseView struct {
	base   menara.Base
	colour menara.Colour
	cell   menara.Hex
	column bool // a column stands on it
	free   bool // a column stands on it and carries nothing
}

// floorView is one standing floor of the temple.
type floorView struct {
	id     menara.FloorID
	level  int
	nbases int
	bases  [menara.MaxBases]baseView
	empty  int            // bases without a column
	need   menara.Columns // empty bases by colour
	// slack is the margin above δ(level) in mm; +Inf on level 0.
	slack float64
}

// view is what the evaluation reads of a position: the standing floors,
// the height and the level row, and the columns the team holds.
type view struct {
	height, required int
	nfloors          int
	floors           [menara.NumFloors]floorView
	// supply is every column in the players' hands and the camp: what the
	// team can build with before the next draws.
	supply menara.Columns
}

// read fills v from p.
func (v *view) read(p *menara.Position) {
	v.height, v.required = p.Height(), p.Required()
	v.nfloors = 0
	v.supply = p.Camp()
	for i := range p.NumPlayers() {
		h := p.Hand(i)
		for c := range h {
			v.supply[c] += h[c]
		}
	}
	for f := menara.FloorID(0); f < menara.NumFloors; f++ {
		where, ok := p.Where(f)
		if !ok || p.Fallen(f) {
			continue
		}
		fv := &v.floors[v.nfloors]
		v.nfloors++
		si := &floorSides[f][sideIndex(where.Side)]
		fv.id, fv.level, fv.nbases = f, where.Level, si.nbases
		fv.empty, fv.need = 0, menara.Columns{}
		fv.slack = math.Inf(1)
		if where.Level > 0 {
			fv.slack = -100
			if m, ok := p.Margin(f); ok {
				fv.slack = float64(m-menara.Delta(where.Level)) / 1000
			}
		}
		for n := range si.nbases {
			b := menara.Base{Floor: f, N: uint8(n + 1)}
			bv := &fv.bases[n]
			bv.base, bv.colour = b, si.bases[n].Colour
			bv.cell = where.At.Add(si.bases[n].Cell.Rotate(where.Turn))
			bv.column = p.Column(b)
			bv.free = bv.column && p.Carrier(b) == menara.NoFloor
			if !bv.column {
				fv.empty++
				fv.need[bv.colour]++
			}
		}
	}
}
