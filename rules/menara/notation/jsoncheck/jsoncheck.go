// Package jsoncheck checks a JSON state of Menara (tablebot replay --json)
// from the JSON alone, as a tool outside the project reads it: columns
// conserved by colour, floors conserved, levels consistent, height and
// outcome right, and every floor's margin equal to a recomputation of the
// statics with the model's constants in the JSON. It is written apart from
// the engine (floats, not the engine's exact integers), so that it checks
// the engine rather than repeating it.
package jsoncheck

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
)

// The JSON state as tools outside the project read it, and the checks they
// can make from it alone.

type jState struct {
	Game       string              `json:"game"`
	Players    []string            `json:"players"`
	Difficulty string              `json:"difficulty"`
	Hands      string              `json:"hands"`
	Seed       uint64              `json:"seed"`
	Phase      string              `json:"phase"`
	Outcome    *jOutcome           `json:"outcome"`
	Height     int                 `json:"height"`
	Required   int                 `json:"required"`
	Bag        map[string]int      `json:"bag"`
	Camp       []string            `json:"camp"`
	Hand       map[string][]string `json:"hand"`
	Piles      map[string]int      `json:"piles"`
	Quarry     int                 `json:"quarry"`
	Floors     []jFloor            `json:"floors"`
	Columns    []jColumn           `json:"columns"`
	Model      jModel              `json:"model"`
	Turn       *jTurn              `json:"turn"`
}

type jOutcome struct {
	Won    bool   `json:"won"`
	Reason string `json:"reason"`
}

type jFloor struct {
	Name     string   `json:"name"`
	Side     string   `json:"side"`
	Level    int      `json:"level"`
	Cells    [][2]int `json:"cells"`
	Bases    []jBase  `json:"bases"`
	Supports []string `json:"supports"`
	Margin   *float64 `json:"margin_mm"`
	Holds    bool     `json:"holds"`
	Fallen   bool     `json:"fallen"`
}

type jBase struct {
	N      int    `json:"n"`
	Cell   [2]int `json:"cell"`
	Colour string `json:"colour"`
	Column bool   `json:"column"`
}

type jColumn struct {
	At     string `json:"at"`
	Colour string `json:"colour"`
	Cell   [2]int `json:"cell"`
	Level  int    `json:"level"`
	Fallen bool   `json:"fallen"`
}

type jModel struct {
	Pitch  float64 `json:"pitch_mm"`
	Column float64 `json:"column_g"`
	Floor  float64 `json:"floor_g_per_cell"`
	Delta0 float64 `json:"delta0_mm"`
	Delta1 float64 `json:"delta1_mm"`
	Safe   float64 `json:"safe_mm"`
}

type jTurn struct {
	Player string `json:"player"`
	Card   *struct {
		Pile string `json:"pile"`
		Type string `json:"type"`
		N    int    `json:"n"`
		Rim  string `json:"rim"`
	} `json:"card"`
}

var colourNames = []string{"yellow", "red", "black", "white", "blue"}

// Check checks a JSON state from the JSON alone: columns conserved by
// colour, floors conserved, levels consistent, height and outcome right,
// and every margin equal (within 3 µm) to a recomputation with the model's
// constants.
func Check(data []byte) error {
	var s jState
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	cols := map[string]jColumn{}
	for _, c := range s.Columns {
		cols[c.At] = c
	}
	byName := map[string]jFloor{}
	for _, f := range s.Floors {
		byName[f.Name] = f
	}
	// In this order, so that a state wrong in several ways is always
	// refused for the same one.
	checks := [...]func() error{
		func() error { return checkPool(&s) },
		func() error { return checkCounts(&s) },
		func() error { return checkFloors(s.Floors, cols) },
		func() error { return checkColumnLevels(s.Columns, byName) },
		func() error { return checkHeight(&s) },
		func() error { return checkOutcome(&s) },
		func() error { return checkMargins(&s, byName, cols) },
	}
	for _, check := range checks {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// checkPool checks that the bag, the camp, the hands and the temple hold
// every column of the box, colour by colour.
func checkPool(s *jState) error {
	pool := map[string]int{"yellow": 30, "red": 20, "black": 12, "white": 8, "blue": 6}
	count := map[string]int{}
	for c, n := range s.Bag {
		count[c] += n
	}
	for _, c := range s.Camp {
		count[c]++
	}
	for _, h := range s.Hand {
		for _, c := range h {
			count[c]++
		}
	}
	for _, c := range s.Columns {
		count[c.Colour]++
	}
	for _, c := range colourNames {
		if count[c] != pool[c] {
			return fmt.Errorf("%s: %d columns, want %d", c, count[c], pool[c])
		}
	}
	return nil
}

// checkCounts checks the camp's six columns, the 18 floors between the
// temple and the quarry, and a hand for every player.
func checkCounts(s *jState) error {
	if len(s.Camp) != 6 || len(s.Floors)+s.Quarry != 18 || len(s.Hand) != len(s.Players) {
		return fmt.Errorf("camp %d, floors %d + quarry %d", len(s.Camp), len(s.Floors), s.Quarry)
	}
	return nil
}

// checkFloors checks every floor in the temple, in the JSON's order, with
// checkFloor.
func checkFloors(floors []jFloor, cols map[string]jColumn) error {
	for _, f := range floors {
		if err := checkFloor(f, cols); err != nil {
			return err
		}
	}
	return nil
}

// checkFloor checks that floor f rests on the table with neither supports
// nor a margin, or on columns one level down; and that its bases and the
// columns on them agree.
func checkFloor(f jFloor, cols map[string]jColumn) error {
	if f.Level == 0 && (f.Margin != nil || len(f.Supports) > 0) {
		return fmt.Errorf("floor %s on the table has supports or a margin", f.Name)
	}
	for _, sup := range f.Supports {
		c, ok := cols[sup]
		if !ok || c.Level != f.Level-1 {
			return fmt.Errorf("floor %s (level %d) rests on %s (level %d, present %v)", f.Name, f.Level, sup, c.Level, ok)
		}
	}
	for _, b := range f.Bases {
		c, ok := cols[fmt.Sprintf("%s%d", f.Name, b.N)]
		if ok != b.Column || ok && (c.Cell != b.Cell || c.Colour != b.Colour || c.Level != f.Level) {
			return fmt.Errorf("base %s%d and its column disagree", f.Name, b.N)
		}
	}
	return nil
}

// checkColumnLevels checks that every column stands on a floor in the
// temple, on that floor's level.
func checkColumnLevels(columns []jColumn, floors map[string]jFloor) error {
	for _, c := range columns {
		if f, ok := floors[c.At[:1]]; !ok || f.Level != c.Level {
			return fmt.Errorf("column %s on level %d", c.At, c.Level)
		}
	}
	return nil
}

// checkHeight checks the height against the highest floor standing.
func checkHeight(s *jState) error {
	height := 0
	for _, f := range s.Floors {
		if !f.Fallen {
			height = max(height, f.Level)
		}
	}
	if height != s.Height {
		return fmt.Errorf("height %d, the floors say %d", s.Height, height)
	}
	return nil
}

// checkOutcome checks that a game over, and only one, has an outcome and
// nobody to move; and that it is won exactly when the temple is high
// enough without a collapse.
func checkOutcome(s *jState) error {
	over := s.Phase == "over"
	if over != (s.Outcome != nil) || over != (s.Turn == nil) {
		return fmt.Errorf("phase %s with outcome %v and turn %v", s.Phase, s.Outcome, s.Turn)
	}
	if s.Outcome != nil && s.Outcome.Won != (s.Outcome.Reason != "collapse" && s.Height >= s.Required) {
		return fmt.Errorf("outcome %+v with height %d of %d", *s.Outcome, s.Height, s.Required)
	}
	return nil
}

// centre returns a cell's centre in mm: x = pitch·(q + r/2), y =
// pitch·(√3/2)·r.
func centre(m jModel, c [2]int) [2]float64 {
	q, r := float64(c[0]), float64(c[1])
	return [2]float64{m.Pitch * (q + r/2), m.Pitch * math.Sqrt(3) / 2 * r}
}

// checkMargins recomputes every floor's margin from the top level down:
// the floor's weight at the mean of its cell centres, and at each column
// standing on it the column's weight and what it carries from a floor
// above that holds; the margin is the signed distance of the load centre
// to the hull of the supports; a floor that holds shares its load by the
// rigid-plate rule with lift-off.
func checkMargins(s *jState, floors map[string]jFloor, cols map[string]jColumn) error {
	const tol = 0.003 // mm: the engine rounds margins down to the µm and loads to the mg
	carried := map[string]float64{}
	order := append([]jFloor(nil), s.Floors...)
	sort.SliceStable(order, func(i, j int) bool { return order[i].Level > order[j].Level })
	for _, f := range order {
		if f.Level == 0 {
			continue
		}
		var w, mx, my float64
		for _, c := range f.Cells {
			p := centre(s.Model, c)
			w += s.Model.Floor
			mx += s.Model.Floor * p[0]
			my += s.Model.Floor * p[1]
		}
		for _, b := range f.Bases {
			if !b.Column {
				continue
			}
			at := fmt.Sprintf("%s%d", f.Name, b.N)
			load := s.Model.Column + carried[at]
			p := centre(s.Model, b.Cell)
			w += load
			mx += load * p[0]
			my += load * p[1]
		}
		c := [2]float64{mx / w, my / w}
		var sup [][2]float64
		for _, name := range f.Supports {
			sup = append(sup, centre(s.Model, cols[name].Cell))
		}
		m, ok := hullMargin(sup, c)
		if ok != (f.Margin != nil) {
			return fmt.Errorf("floor %s: margin %v, recomputed none: %v", f.Name, f.Margin, !ok)
		}
		delta := s.Model.Delta0 + s.Model.Delta1*float64(f.Level)
		holds := ok && m >= delta
		if ok && math.Abs(*f.Margin-m) > tol {
			return fmt.Errorf("floor %s: margin %.3f mm, recomputed %.4f", f.Name, *f.Margin, m)
		}
		if holds != f.Holds && !(ok && math.Abs(m-delta) < tol) {
			return fmt.Errorf("floor %s: holds %v, recomputed %v", f.Name, f.Holds, holds)
		}
		if f.Holds {
			r := rigidSplit(sup, c, w)
			for i, name := range f.Supports {
				carried[name] = r[i]
			}
		}
	}
	return nil
}

func cross(o, a, b [2]float64) float64 { return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0]) }

func hullMargin(pts [][2]float64, c [2]float64) (float64, bool) {
	if len(pts) < 3 {
		return 0, false
	}
	s := append([][2]float64(nil), pts...)
	sort.Slice(s, func(i, j int) bool { return s[i][0] < s[j][0] || s[i][0] == s[j][0] && s[i][1] < s[j][1] })
	var h [][2]float64
	for _, p := range s {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 1e-9 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := len(s) - 2; i >= 0; i-- {
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], s[i]) <= 1e-9 {
			h = h[:len(h)-1]
		}
		h = append(h, s[i])
	}
	h = h[:len(h)-1]
	if len(h) < 3 {
		return 0, false
	}
	in, out, outside := math.Inf(1), math.Inf(1), false
	for i, a := range h {
		b := h[(i+1)%len(h)]
		ex, ey := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(ex, ey)
		d := cross(a, b, c) / l
		in = math.Min(in, d)
		if d < 0 {
			outside = true
			t := math.Max(0, math.Min(1, ((c[0]-a[0])*ex+(c[1]-a[1])*ey)/(l*l)))
			out = math.Min(out, math.Hypot(c[0]-a[0]-t*ex, c[1]-a[1]-t*ey))
		}
	}
	if outside {
		return -out, true
	}
	return in, true
}

// rigidSplit: R_k = W(1/n + (x̄−x_s)ᵀ I⁻¹ d_k), the most negative lifting
// off (the first on a tie) until none is; two left: the lever rule clamped
// to the segment; supports in a line: the same rule along it.
func rigidSplit(pts [][2]float64, c [2]float64, w float64) []float64 {
	r := make([]float64, len(pts))
	act := make([]int, len(pts))
	for i := range act {
		act[i] = i
	}
	for {
		n := len(act)
		if n == 1 {
			r[act[0]] = w
			return r
		}
		if n == 2 {
			a, b := pts[act[0]], pts[act[1]]
			ex, ey := b[0]-a[0], b[1]-a[1]
			t := math.Max(0, math.Min(1, ((c[0]-a[0])*ex+(c[1]-a[1])*ey)/(ex*ex+ey*ey)))
			r[act[0]], r[act[1]] = w*(1-t), w*t
			return r
		}
		var xs [2]float64
		for _, k := range act {
			xs[0] += pts[k][0] / float64(n)
			xs[1] += pts[k][1] / float64(n)
		}
		var a, b, d float64
		for _, k := range act {
			dx, dy := pts[k][0]-xs[0], pts[k][1]-xs[1]
			a += dx * dx
			b += dx * dy
			d += dy * dy
		}
		gx, gy := c[0]-xs[0], c[1]-xs[1]
		det := a*d - b*b
		rk := make([]float64, n)
		for i, k := range act {
			dx, dy := pts[k][0]-xs[0], pts[k][1]-xs[1]
			if det > 1e-6*(a+d)*(a+d) {
				rk[i] = w * (1/float64(n) + (gx*(d*dx-b*dy)+gy*(a*dy-b*dx))/det)
			} else {
				ux, uy := pts[act[1]][0]-pts[act[0]][0], pts[act[1]][1]-pts[act[0]][1]
				l := math.Hypot(ux, uy)
				ux, uy = ux/l, uy/l
				ss := 0.0
				for _, j := range act {
					s := (pts[j][0]-xs[0])*ux + (pts[j][1]-xs[1])*uy
					ss += s * s
				}
				rk[i] = w * (1/float64(n) + (gx*ux+gy*uy)*(dx*ux+dy*uy)/ss)
			}
		}
		worst := -1
		for i := range act {
			if rk[i] < -1e-9*w && (worst < 0 || rk[i] < rk[worst]-1e-9*w) {
				worst = i
			}
		}
		if worst < 0 {
			for i, k := range act {
				r[k] = rk[i]
			}
			return r
		}
		act = append(act[:worst], act[worst+1:]...)
	}
}
