package menara

import (
	"math"
	"math/rand/v2"
	"sort"
)

// A plain float64 statics, written straight from design §3 in millimetres,
// to check the exact integer one.

func newTestRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 99)) }

type fpt struct{ x, y float64 }

func toMM(p pt) fpt {
	h := float64(pitchUM) / 2000 // half pitch in mm
	return fpt{h * float64(p.x), h * math.Sqrt(3) * float64(p.y)}
}

func centreMM(l load) fpt {
	return toMM(pt{0, 0}).add(fpt{float64(pitchUM) / 2000 * float64(l.mx) / float64(l.w), float64(pitchUM) / 2000 * math.Sqrt(3) * float64(l.my) / float64(l.w)})
}

func (a fpt) add(b fpt) fpt { return fpt{a.x + b.x, a.y + b.y} }
func (a fpt) sub(b fpt) fpt { return fpt{a.x - b.x, a.y - b.y} }

func fcross(o, a, b fpt) float64 { return (a.x-o.x)*(b.y-o.y) - (a.y-o.y)*(b.x-o.x) }

func fhull(ps []fpt) []fpt {
	s := append([]fpt(nil), ps...)
	sort.Slice(s, func(i, j int) bool { return s[i].x < s[j].x || s[i].x == s[j].x && s[i].y < s[j].y })
	var h []fpt
	for _, p := range s {
		for len(h) >= 2 && fcross(h[len(h)-2], h[len(h)-1], p) <= 1e-9 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := len(s) - 2; i >= 0; i-- {
		for len(h) >= lower && fcross(h[len(h)-2], h[len(h)-1], s[i]) <= 1e-9 {
			h = h[:len(h)-1]
		}
		h = append(h, s[i])
	}
	return h[:len(h)-1]
}

// floatMargin returns the margin in µm.
func floatMargin(sup []pt, l load) (float64, bool) {
	var ps []fpt
	for _, p := range sup {
		ps = append(ps, toMM(p))
	}
	if len(ps) < 3 {
		return 0, false
	}
	h := fhull(ps)
	if len(h) < 3 {
		return 0, false
	}
	c := centreMM(l)
	inside := math.Inf(1)
	outside := math.Inf(1)
	isOut := false
	for i, a := range h {
		b := h[(i+1)%len(h)]
		e := b.sub(a)
		le := math.Hypot(e.x, e.y)
		d := fcross(a, b, c) / le
		if d < 0 {
			isOut = true
			t := ((c.x-a.x)*e.x + (c.y-a.y)*e.y) / (le * le)
			t = math.Max(0, math.Min(1, t))
			q := fpt{a.x + t*e.x, a.y + t*e.y}
			outside = math.Min(outside, math.Hypot(c.x-q.x, c.y-q.y))
		}
		inside = math.Min(inside, d)
	}
	if isOut {
		return -outside * 1000, true
	}
	return inside * 1000, true
}

// floatSplit returns the reactions in mg by the rigid-plate rule with
// lift-off, the lever rule and the line rule, as design §3 and statics.go
// say.
func floatSplit(sup []pt, l load) []float64 {
	n := len(sup)
	r := make([]float64, n)
	act := make([]int, n)
	for i := range act {
		act[i] = i
	}
	c := centreMM(l)
	w := float64(l.w)
	for {
		m := len(act)
		switch m {
		case 1:
			r[act[0]] = w
			return r
		case 2:
			a, b := toMM(sup[act[0]]), toMM(sup[act[1]])
			e := b.sub(a)
			t := ((c.x-a.x)*e.x + (c.y-a.y)*e.y) / (e.x*e.x + e.y*e.y)
			t = math.Max(0, math.Min(1, t))
			r[act[0]], r[act[1]] = w*(1-t), w*t
			return r
		}
		var xs fpt
		for _, k := range act {
			xs = xs.add(toMM(sup[k]))
		}
		xs = fpt{xs.x / float64(m), xs.y / float64(m)}
		var ixx, ixy, iyy float64
		for _, k := range act {
			d := toMM(sup[k]).sub(xs)
			ixx += d.x * d.x
			ixy += d.x * d.y
			iyy += d.y * d.y
		}
		det := ixx*iyy - ixy*ixy
		g := c.sub(xs)
		rk := make([]float64, m)
		if det > 1e-6*(ixx+iyy)*(ixx+iyy) {
			for i, k := range act {
				d := toMM(sup[k]).sub(xs)
				// (x̄-x_s)ᵀ I⁻¹ d
				v := (g.x*(iyy*d.x-ixy*d.y) + g.y*(ixx*d.y-ixy*d.x)) / det
				rk[i] = w * (1/float64(m) + v)
			}
		} else {
			// Along the line through the supports.
			u := toMM(sup[act[1]]).sub(toMM(sup[act[0]]))
			lu := math.Hypot(u.x, u.y)
			u = fpt{u.x / lu, u.y / lu}
			var ss float64
			for _, k := range act {
				d := toMM(sup[k]).sub(xs)
				s := d.x*u.x + d.y*u.y
				ss += s * s
			}
			gs := g.x*u.x + g.y*u.y
			for i, k := range act {
				d := toMM(sup[k]).sub(xs)
				rk[i] = w * (1/float64(m) + gs*(d.x*u.x+d.y*u.y)/ss)
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
