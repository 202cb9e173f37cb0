package ai

import (
	"math"
	"slices"

	"github.com/tablebot/tablebot/rules/menara"
)

// Where can the next floor go? The evaluation asks it of every position it
// judges, so it answers from the open state alone and remembers answers:
// a floor fits on the free columns S of a level when some position of it
// (either side, any turn) covers at least three of them, overlaps no floor
// of the level above, stays on the table, and has its centre at least δ of
// its new level (plus a margin) inside the hull of the free columns under
// it. This ignores what the new load does to the floors below, so it may
// say yes where the engine's statics say no; the search checks a placement
// with the engine before it makes one.

// oriented is one floor turned and side up: its cells relative to the
// reference cell, a bitmap of them for membership tests, and its centre of
// weight in mm relative to the reference cell.
type oriented struct {
	n      int
	cells  [menara.MaxCells]menara.Hex
	occ    [(orientSide*orientSide + 63) / 64]uint64
	cx, cy float64
}

const (
	orientRadius = 9
	orientSide   = 2*orientRadius + 1
)

func (o *oriented) has(h menara.Hex) bool {
	q, r := int(h.Q)+orientRadius, int(h.R)+orientRadius
	if q < 0 || r < 0 || q >= orientSide || r >= orientSide {
		return false
	}
	i := r*orientSide + q
	return o.occ[i>>6]&(1<<(i&63)) != 0
}

// orientations holds every floor, side (0 light, 1 dark) and turn.
var orientations = readOrientations()

func readOrientations() (out [menara.NumFloors][2][6]oriented) {
	for f := range menara.NumFloors {
		for s := range 2 {
			si := &floorSides[f][s]
			for t := range 6 {
				o := &out[f][s][t]
				o.n = si.ncells
				for i, c := range si.cells[:si.ncells] {
					d := c.Rotate(t)
					o.cells[i] = d
					q, r := int(d.Q)+orientRadius, int(d.R)+orientRadius
					k := r*orientSide + q
					o.occ[k>>6] |= 1 << (k & 63)
					x, y := xy(d)
					o.cx += x / float64(si.ncells)
					o.cy += y / float64(si.ncells)
				}
			}
		}
	}
	return out
}

// fitKey names one question: does floor next fit on the free columns free
// of level, with the floors of the level above as they stand (blockers
// names them by bit, with the number of floors placed, since a placed
// floor never moves but a lifted one does).
type fitKey struct {
	next     menara.FloorID
	level    int8
	free     menara.BaseSet
	blockers uint32
	placed   uint8
}

// fitter answers whether floors fit, and remembers.
type fitter struct {
	known map[fitKey]bool
}

// fits reports whether floor next fits on level level+1, resting on the
// free columns of level level of view v.
func (ft *fitter) fits(p *menara.Position, v *view, next menara.FloorID, level int) bool {
	var cols [menara.NumBaseSlots]menara.Base
	var cells [menara.NumBaseSlots]menara.Hex
	n := 0
	var blockers uint32
	for i := range v.nfloors {
		fv := &v.floors[i]
		if fv.level == level+1 {
			blockers |= 1 << fv.id
		}
		if fv.level != level {
			continue
		}
		for _, b := range fv.bases[:fv.nbases] {
			if b.free {
				cols[n], cells[n] = b.base, b.cell
				n++
			}
		}
	}
	if n < menara.MinSupports {
		return false
	}
	key := fitKey{next: next, level: int8(level), blockers: blockers, placed: uint8(menara.NumFloors - p.Quarry())}
	key.free = menara.NewBaseSet(cols[:n]...)
	if ft.known == nil {
		ft.known = map[fitKey]bool{}
	}
	if ans, ok := ft.known[key]; ok {
		return ans
	}
	// A floor that fits on some of the columns fits on all of them (the
	// hull only grows), so a known answer for one column fewer leaves only
	// the positions through that column to try.
	through := -1
	for i := range n {
		sub := key
		sub.free = menara.NewBaseSet(slices.Delete(slices.Clone(cols[:n]), i, i+1)...)
		if ans, ok := ft.known[sub]; ok {
			if ans {
				ft.known[key] = true
				return true
			}
			through = i
			break
		}
	}
	blocked := blockedCells(p, v, level+1)
	need := float64(menara.Delta(level+1))/1000 + defaultWeights.readyMargin
	ans := fitsOn(next, cells[:n], through, blocked, need)
	ft.known[key] = ans
	return ans
}

// blockedCells returns the cells of the standing floors of a level.
func blockedCells(p *menara.Position, v *view, level int) []menara.Hex {
	var out []menara.Hex
	for i := range v.nfloors {
		fv := &v.floors[i]
		if fv.level == level {
			out = append(out, p.FloorCells(fv.id)...)
		}
	}
	return out
}

// fitsOn reports whether some position of floor f covers at least three
// of the free cells (and, when through ≥ 0, free[through]), overlaps no
// blocked cell, stays on the table and has its centre need mm inside the
// hull of the free cells it covers.
func fitsOn(f menara.FloorID, free []menara.Hex, through int, blocked []menara.Hex, need float64) bool {
	var pts [menara.NumBaseSlots][2]float64
	for s := range 2 {
		for t := range 6 {
			o := &orientations[f][s][t]
			for i, c := range free {
				if through >= 0 && i != through {
					continue
				}
				for _, d := range o.cells[:o.n] {
					a := c.Sub(d) // the reference cell that puts cell d on c
					k := 0
					first := true
					for j, e := range free {
						if o.has(e.Sub(a)) {
							// Each position once: tried from its first covered column.
							if through < 0 && j < i {
								first = false
								break
							}
							pts[k][0], pts[k][1] = xy(e)
							k++
						}
					}
					if !first || k < menara.MinSupports || !clear(o, a, blocked) {
						continue
					}
					ax, ay := xy(a)
					if hullMargin(pts[:k], ax+o.cx, ay+o.cy) >= need {
						return true
					}
				}
			}
		}
	}
	return false
}

// clear reports whether the floor at reference cell a covers no blocked
// cell and stays on the table.
func clear(o *oriented, a menara.Hex, blocked []menara.Hex) bool {
	for _, b := range blocked {
		if o.has(b.Sub(a)) {
			return false
		}
	}
	for _, d := range o.cells[:o.n] {
		if menara.Distance(a.Add(d), menara.Hex{}) > menara.TableRadius {
			return false
		}
	}
	return true
}

// hullMargin returns the signed distance from (x, y) to the edge of the
// convex hull of pts: positive inside. Fewer than three points, or points
// all in a line, have no inside: -Inf.
func hullMargin(pts [][2]float64, x, y float64) float64 {
	h := convexHull(pts)
	if len(h) < 3 {
		return math.Inf(-1)
	}
	m := math.Inf(1)
	for i := range h {
		a, b := h[i], h[(i+1)%len(h)]
		ex, ey := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(ex, ey)
		if l == 0 {
			continue
		}
		// Counter-clockwise hull: inside is to the left of each edge.
		d := (ex*(y-a[1]) - ey*(x-a[0])) / l
		m = min(m, d)
	}
	return m
}

// convexHull returns the hull of pts counter-clockwise (Andrew's monotone
// chain), without collinear points. It reorders pts.
func convexHull(pts [][2]float64) [][2]float64 {
	slices.SortFunc(pts, func(a, b [2]float64) int {
		if a[0] != b[0] {
			if a[0] < b[0] {
				return -1
			}
			return 1
		}
		switch {
		case a[1] < b[1]:
			return -1
		case a[1] > b[1]:
			return 1
		}
		return 0
	})
	cross := func(o, a, b [2]float64) float64 {
		return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
	}
	h := make([][2]float64, 0, 2*len(pts))
	for _, p := range pts {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 1e-9 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		p := pts[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], p) <= 1e-9 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1]
}
