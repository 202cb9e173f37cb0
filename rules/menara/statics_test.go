package menara

import (
	"math"
	"testing"
)

// Lattice points are cell centres (X = 2q + r, Y = r); at a pitch of 30 mm
// one X step is 15 mm and one Y step 15·√3 = 25.98 mm. The supports below
// make an equilateral triangle of side 60 mm: A (0,0), B (4,0), C (2,2).
var (
	ptA, ptB, ptC = pt{0, 0}, pt{4, 0}, pt{2, 2}
	ptD           = pt{0, 2} // with A, B and E (4,2): a 60 × 51.96 mm rectangle
	ptE           = pt{4, 2}
)

// at returns a load of w mg whose centre is (x, y) in lattice units, given
// as x·w and y·w so that it stays exact.
func at(w, xw, yw int64) load { return load{w: w, mx: xw, my: yw} }

func TestMargin(t *testing.T) {
	tests := []struct {
		name string
		sup  []pt
		l    load
		want int64 // µm, rounded down
		ok   bool
	}{
		// The centroid of an equilateral triangle of side 60 mm is its
		// inradius from every edge: 60/(2√3) = 17.3205 mm.
		{"triangle centroid", []pt{ptA, ptB, ptC}, at(3, 6, 2), 17320, true},
		// A load near edge AB: the centre at X = 2, Y = 0.1 is 0.1 row,
		// 2.598 mm, from AB, under δ(1) = 3 mm: such a floor falls.
		{"near an edge", []pt{ptA, ptB, ptC}, at(1000, 2000, 100), 2598, true},
		// On the edge: margin 0.
		{"on the edge", []pt{ptA, ptB, ptC}, at(1, 2, 0), 0, true},
		// One row outside AB: −25.98 mm, rounded down to −25981 µm.
		{"outside", []pt{ptA, ptB, ptC}, at(1, 2, -1), -25981, true},
		// Outside beyond a corner: the distance is to the corner A, from
		// (−2, −2): √((2·15)² + (2·25.98)²) = 60 mm exactly.
		{"beyond a corner", []pt{ptA, ptB, ptC}, at(1, -2, -2), -60000, true},
		// The rectangle's centre: the nearest edges are the long ones, half
		// of 51.96 mm away.
		{"rectangle centre", []pt{ptA, ptB, ptE, ptD}, at(4, 8, 4), 25980, true},
		// An inner support does not change the hull.
		{"inner support", []pt{ptA, ptB, ptE, ptD, {2, 0}}, at(4, 8, 4), 25980, true},
		{"two supports", []pt{ptA, ptB}, at(1, 2, 0), 0, false},
		{"three in a line", []pt{ptA, {2, 0}, ptB}, at(1, 2, 0), 0, false},
		{"no supports", nil, at(1, 0, 0), 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := margin(tt.sup, tt.l)
			if ok != tt.ok || ok && got != tt.want {
				t.Errorf("margin = %d, %v; want %d, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		name string
		sup  []pt
		l    load
		want []int64
	}{
		{"triangle centroid", []pt{ptA, ptB, ptC}, at(3000, 6000, 2000), []int64{1000, 1000, 1000}},
		// Near edge AB at (2, 0.1): the barycentric weights 0.475, 0.475,
		// 0.05.
		{"near an edge", []pt{ptA, ptB, ptC}, at(1000, 2000, 100), []int64{475, 475, 50}},
		// Rectangle A B E D with the load at (3.2, 0.4): the rigid plate
		// gives A 0.25, B 0.55, E 0.25, D −0.05 of the load; D lifts off and
		// A B E take the barycentric 0.2, 0.6, 0.2.
		{"lift-off", []pt{ptA, ptB, ptE, ptD}, at(1000, 3200, 400), []int64{200, 600, 200, 0}},
		// Rectangle, load at its centre: a quarter each.
		{"rectangle centre", []pt{ptA, ptB, ptE, ptD}, at(4000, 8000, 4000), []int64{1000, 1000, 1000, 1000}},
		// Three in a line at X = 0, 4, 8, load at 6: the rigid plate along
		// the line gives 1/12, 4/12, 7/12.
		{"collinear", []pt{ptA, ptB, {8, 0}}, at(1200, 7200, 0), []int64{100, 400, 700}},
		// Lever rule: a quarter of the way from A to B.
		{"lever", []pt{ptA, ptB}, at(1000, 1000, 0), []int64{750, 250}},
		// Lever rule clamped: beyond A, A takes everything.
		{"lever clamped", []pt{ptA, ptB}, at(1000, -2000, 0), []int64{1000, 0}},
		{"one", []pt{ptC}, at(77, 0, 0), []int64{77}},
		// At (2, 0.666): A and B take 333.5 mg each, C 333; the milligram
		// left over goes to the first in name order of the two tied.
		{"rounding", []pt{ptA, ptB, ptC}, at(1000, 2000, 666), []int64{334, 333, 333}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := make([]int64, len(tt.sup))
			split(tt.sup, tt.l, got)
			var sum int64
			for i := range got {
				sum += got[i]
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("reactions %v, want %v", got, tt.want)
					break
				}
			}
			if sum != tt.l.w {
				t.Errorf("reactions add up to %d, not %d", sum, tt.l.w)
			}
		})
	}
}

// TestStaticsAgainstFloats compares the exact margins and splits with a
// plain float64 computation over many random cases: they agree to within
// a micrometre and a milligram.
func TestStaticsAgainstFloats(t *testing.T) {
	rng := newTestRand(7)
	for i := 0; i < 3000; i++ {
		n := 3 + rng.IntN(6)
		var sup []pt
		for len(sup) < n {
			q, r := int64(rng.IntN(9)-4), int64(rng.IntN(9)-4)
			p := pt{2*q + r, r}
			dup := false
			for _, o := range sup {
				dup = dup || o == p
			}
			if !dup {
				sup = append(sup, p)
			}
		}
		w := int64(1000 + rng.IntN(100000))
		l := load{w: w, mx: w*int64(rng.IntN(17)-8) + int64(rng.IntN(int(w))), my: w*int64(rng.IntN(9)-4) + int64(rng.IntN(int(w)))}
		m, ok := margin(sup, l)
		fm, fok := floatMargin(sup, l)
		if ok != fok || ok && math.Abs(float64(m)-fm) > 1.001 {
			t.Fatalf("case %d: margin %d %v, float %.3f %v (supports %v, load %v)", i, m, ok, fm, fok, sup, l)
		}
		if !ok {
			continue
		}
		got := make([]int64, n)
		split(sup, l, got)
		want := floatSplit(sup, l)
		for k := range got {
			if math.Abs(float64(got[k])-want[k]) > 1.001 {
				t.Fatalf("case %d: split %v, float %v (supports %v, load %v)", i, got, want, sup, l)
			}
		}
	}
}
