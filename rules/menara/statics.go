package menara

// The statics of design §3 as pure functions of support points and loads.
// Points are cell centres in the lattice frame of Hex.lattice: X = 2q + r
// (half pitches) and Y = r (rows of √3/2 pitch), all integers. The map from
// this frame to millimetres is linear with a positive determinant, so
// convex hulls and the rigid-plate split (both invariant under such maps)
// are computed here exactly; only Euclidean lengths need the true metric,
// |(X, Y)|² = (pitch/2)²·(X² + 3Y²), which enters the margins and the
// lever rule. Every result is an integer computed exactly: margins in µm
// rounded down, reactions in mg rounded so that they add up to the load.

// pt is a point of the lattice frame.
type pt struct{ x, y int64 }

func latticeOf(h Hex) pt {
	x, y := h.lattice()
	return pt{x, y}
}

// load is a weight (mg) with its moments about the lattice origin
// (mg·lattice units): its centre is (mx/w, my/w).
type load struct{ w, mx, my int64 }

func (l *load) add(w int64, p pt) {
	l.w += w
	l.mx += w * p.x
	l.my += w * p.y
}

// halfPitch2x3 is 3·(pitch/2)² in µm², the factor of the squared distance
// from a point to a line in the lattice frame.
const (
	halfPitch2   = (pitchUM / 2) * (pitchUM / 2)
	halfPitch2x3 = 3 * halfPitch2
)

func cross(o, a, b pt) int64 { return (a.x-o.x)*(b.y-o.y) - (a.y-o.y)*(b.x-o.x) }

// convexHull writes the hull of pts counter-clockwise (in the (x, y) frame)
// into dst, without collinear points, and returns it. pts are distinct.
func convexHull(pts []pt, dst []pt) []pt {
	var s [MaxCells]pt
	n := copy(s[:], pts)
	sorted := s[:n]
	for i := 1; i < n; i++ { // insertion sort: n is small
		for j := i; j > 0 && (sorted[j].x < sorted[j-1].x || sorted[j].x == sorted[j-1].x && sorted[j].y < sorted[j-1].y); j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	h := dst[:0]
	if n < 3 {
		return append(h, sorted...)
	}
	for _, p := range sorted { // lower hull
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := n - 2; i >= 0; i-- { // upper hull
		p := sorted[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1]
}

// margin returns the signed distance in µm, rounded down, from the centre
// of l to the edge of the convex hull of sup: positive inside, negative
// outside. ok is false when sup has fewer than 3 points or all lie on one
// line: such a floor cannot hold.
func margin(sup []pt, l load) (m int64, ok bool) {
	var buf [MaxCells]pt
	hull := convexHull(sup, buf[:0])
	if len(hull) < 3 || l.w <= 0 {
		return 0, false
	}
	w2 := uint64(l.w) * uint64(l.w)
	inside, outside := int64(-1), int64(-1)
	for i, a := range hull {
		b := hull[(i+1)%len(hull)]
		ex, ey := b.x-a.x, b.y-a.y
		e2 := uint64(ex*ex + 3*ey*ey)
		dx, dy := l.mx-a.x*l.w, l.my-a.y*l.w // (centre - a)·w
		c := ex*dy - ey*dx                   // cross((b-a), centre-a)·w
		line := mulU(uabs(c), uabs(c)).mul(halfPitch2x3)
		if c >= 0 {
			if d := sqrtRatioFloor(line, w2*e2); inside < 0 || d < inside {
				inside = d
			}
		}
		// The distance from the centre to the segment, for a centre
		// outside the hull (rounded up, so that the margin rounds down).
		var d int64
		switch dot := dx*ex + 3*dy*ey; {
		case dot <= 0:
			d = sqrtRatioCeil(lengthSq(dx, dy), w2)
		case uint64(dot) >= e2*uint64(l.w):
			d = sqrtRatioCeil(lengthSq(l.mx-b.x*l.w, l.my-b.y*l.w), w2)
		default:
			d = sqrtRatioCeil(line, w2*e2)
		}
		if c < 0 && (outside < 0 || d < outside) {
			outside = d
		}
	}
	if outside >= 0 {
		// Outside: the nearest edge crossed is not always the nearest part
		// of the hull, so take the least distance over all edges seen from
		// outside, each measured to its segment.
		return -outside, true
	}
	return inside, true
}

// lengthSq returns (pitch/2)²·(dx² + 3dy²): the squared length, in µm²
// times w², of a lattice vector scaled by w.
func lengthSq(dx, dy int64) u128 {
	return mulU(uabs(dx), uabs(dx)).add(mulU(uabs(dy), uabs(dy)).mul(3)).mul(halfPitch2)
}

// split shares the load l among the supports sup by the rigid-plate rule
// with lift-off (design §3), writing each support's reaction in mg into r.
// Supports come in name order, which breaks ties. The reactions are whole
// milligrams that add up to l.w exactly: each is rounded down, and the
// milligrams left go one each to the largest remainders (the first in name
// order on a tie).
func split(sup []pt, l load, r []int64) {
	n := len(sup)
	var act [MaxCells]int
	for i := range n {
		act[i] = i
		r[i] = 0
	}
	var num [MaxCells]i128
	for m := n; ; {
		switch m {
		case 0:
			return
		case 1:
			r[act[0]] = l.w
			return
		case 2:
			a, b := sup[act[0]], sup[act[1]]
			ex, ey := b.x-a.x, b.y-a.y
			e2 := ex*ex + 3*ey*ey
			// Lever rule: the centre projected on the line, clamped to the
			// segment; b takes the share t·w with t = dot/(w·e²).
			dot := (l.mx-a.x*l.w)*ex + 3*(l.my-a.y*l.w)*ey
			dot = max(0, min(dot, l.w*e2))
			num[0], num[1] = i128of(l.w*e2-dot), i128of(dot)
			allocate(num[:2], e2, l.w, act[:2], r)
			return
		}
		den := rigidPlate(sup, act[:m], l, num[:m])
		worst := -1
		for i := range m {
			if num[i].negative() && (worst < 0 || num[i].cmp(num[worst]) < 0) {
				worst = i
			}
		}
		if worst < 0 {
			allocate(num[:m], den, l.w, act[:m], r)
			return
		}
		copy(act[worst:m], act[worst+1:m])
		m--
	}
}

// rigidPlate writes the numerators of the reactions R_k = num_k/den of the
// rigid-plate rule for the supports sup[act[k]] (3 or more) and returns
// den > 0. When the supports all lie on one line, it solves the same rule
// along that line (the pseudo-inverse of the singular moment matrix), with
// the centre projected on the line.
func rigidPlate(sup []pt, act []int, l load, num []i128) int64 {
	n := int64(len(act))
	var sx, sy int64
	for _, k := range act {
		sx += sup[k].x
		sy += sup[k].y
	}
	// With D_k = n·p_k - Σp, I' = Σ D_k D_kᵀ = n²·I and F = n·M - w·Σp, the
	// rule R_k = w(1/n + (x̄-x_s)ᵀ I⁻¹ d_k) becomes
	// R_k = (w·det I' + n·Fᵀ adj(I') D_k) / (n·det I').
	var a, b, c int64
	for _, k := range act {
		dx, dy := n*sup[k].x-sx, n*sup[k].y-sy
		a += dx * dx
		b += dx * dy
		c += dy * dy
	}
	if det := a*c - b*b; det > 0 {
		fx, fy := n*l.mx-sx*l.w, n*l.my-sy*l.w
		base := mulI(l.w, det)
		for i, k := range act {
			dx, dy := n*sup[k].x-sx, n*sup[k].y-sy
			vx, vy := c*dx-b*dy, a*dy-b*dx
			num[i] = base.add(mulI(fx, vx).add(mulI(fy, vy)).mulSmall(n))
		}
		return n * det
	}
	// Collinear: s_k is p_k's position along the line (true metric), ŝ the
	// centre's times w; with T_k = n·s_k - Σs and G = n·ŝ - w·Σs,
	// R_k = (w·ΣT² + n·G·T_k) / (n·ΣT²).
	p0 := sup[act[0]]
	ex, ey := sup[act[1]].x-p0.x, sup[act[1]].y-p0.y
	along := func(p pt) int64 { return (p.x-p0.x)*ex + 3*(p.y-p0.y)*ey }
	var ss int64
	for _, k := range act {
		ss += along(sup[k])
	}
	sc := (l.mx-p0.x*l.w)*ex + 3*(l.my-p0.y*l.w)*ey
	g := n*sc - l.w*ss
	var tt int64
	for _, k := range act {
		t := n*along(sup[k]) - ss
		tt += t * t
	}
	base := mulI(l.w, tt)
	for i, k := range act {
		t := n*along(sup[k]) - ss
		num[i] = base.add(mulI(g, t).mulSmall(n))
	}
	return n * tt
}

// allocate turns the non-negative numerators num (over den, adding up to
// w·den) into whole reactions r[act[k]] that add up to w.
func allocate(num []i128, den, w int64, act []int, r []int64) {
	var rem [MaxCells]int64
	left := w
	for i, k := range act {
		q, m := num[i].divmod(den)
		r[k] = q
		rem[i] = m
		left -= q
	}
	for ; left > 0; left-- {
		best := -1
		for i := range act {
			if rem[i] >= 0 && (best < 0 || rem[i] > rem[best]) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		r[act[best]]++
		rem[best] = -1
	}
}
