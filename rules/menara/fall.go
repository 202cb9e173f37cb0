package menara

import (
	"math"
	"sort"
)

// Fall explains why a floor fell: the columns it rested on, where its load
// centre was and by how much its margin missed δ(L). Lengths are in µm,
// points in mm on the table (x = pitch·(q + r/2), y = pitch·(√3/2)·r, as
// in the JSON state). The points are for drawing and words only: the
// verdict was the exact statics'.
type Fall struct {
	Floor FloorID
	Level int
	// Supports are the columns it rested on, in name order; Hull those at
	// the corners of their convex hull, in order around it (fewer than 3
	// when they could not hold a floor).
	Supports []Base
	Hull     []Base
	// LoadG is the weight it bore, its own included, in grams; CentreX and
	// CentreY the load centre.
	LoadG            float64
	CentreX, CentreY float64
	// NearestX, NearestY is the point of the hull's edge nearest the load
	// centre (the centre itself when the hull has fewer than 3 corners).
	NearestX, NearestY float64
	// Margin is the signed distance from the centre to the hull's edge
	// (negative outside), when HasMargin; HasMargin is false when fewer
	// than 3 columns carried it or all stood in one line.
	Margin    int
	HasMargin bool
	// Need is δ(L), the least margin the floor needed at its level.
	Need int
}

// Miss returns by how much the floor missed holding, in µm: δ(L) minus its
// margin (positive for a fall). Without a margin it is 0.
func (f Fall) Miss() int {
	if !f.HasMargin {
		return 0
	}
	return f.Need - f.Margin
}

// Outside reports whether the load centre lay outside the supports' hull.
func (f Fall) Outside() bool { return f.HasMargin && f.Margin < 0 }

// Falls explains what fell in a collapsed temple: each floor on columns
// that did not hold by itself, lowest level first (then in placing order).
// Floors that fell only because what carried them fell are not in it. Nil
// when every floor holds.
func (p *Position) Falls() []Fall {
	var out []Fall
	for _, f := range p.quarry[:p.drawn] {
		if p.floors[f].level > 0 && p.holds&(1<<f) == 0 {
			out = append(out, p.fallOf(f))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Level < out[j].Level })
	return out
}

// fallOf explains floor f's verdict as the temple stands.
func (p *Position) fallOf(f FloorID) Fall {
	level := int(p.floors[f].level)
	fl := Fall{Floor: f, Level: level, Supports: p.supports[f].Bases(), Need: Delta(level)}
	l := p.floorLoad(f)
	var pts [MaxCells]pt
	var slots [MaxCells]int
	k := p.supportPoints(f, &pts, &slots)
	m, ok := margin(pts[:k], l)
	fl.Margin, fl.HasMargin = int(m), ok
	fl.LoadG = float64(l.w) / 1000
	cx, cy := float64(l.mx)/float64(l.w), float64(l.my)/float64(l.w)
	fl.CentreX, fl.CentreY = latticeMM(cx, cy)
	var buf [MaxCells]pt
	hull := convexHull(pts[:k], buf[:0])
	for _, h := range hull {
		for j := range k {
			if pts[j] == h {
				fl.Hull = append(fl.Hull, baseOfSlot(slots[j]))
			}
		}
	}
	fl.NearestX, fl.NearestY = fl.CentreX, fl.CentreY
	if len(hull) >= 3 {
		fl.NearestX, fl.NearestY = nearestOnHull(hull, fl.CentreX, fl.CentreY)
	}
	return fl
}

// latticeMM maps a point of the lattice frame (X = 2q + r, Y = r) to mm.
func latticeMM(x, y float64) (float64, float64) {
	const pitch = pitchUM / 1000.0
	return pitch / 2 * x, pitch * math.Sqrt(3) / 2 * y
}

// nearestOnHull returns the point of the hull's edge nearest (x, y), all
// in mm.
func nearestOnHull(hull []pt, x, y float64) (float64, float64) {
	bx, by, best := x, y, math.Inf(1)
	for i, a := range hull {
		b := hull[(i+1)%len(hull)]
		ax, ay := latticeMM(float64(a.x), float64(a.y))
		ex, ey := latticeMM(float64(b.x), float64(b.y))
		ex, ey = ex-ax, ey-ay
		t := ((x-ax)*ex + (y-ay)*ey) / (ex*ex + ey*ey)
		t = max(0, min(1, t))
		px, py := ax+t*ex, ay+t*ey
		if d := math.Hypot(x-px, y-py); d < best {
			bx, by, best = px, py, d
		}
	}
	return bx, by
}
