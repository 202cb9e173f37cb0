package menara

import (
	"math"
	"math/bits"
)

// The statics decide with exact integer arithmetic. Products of the
// model's quantities overflow 64 bits, so this file has just enough of
// 128-bit integers: unsigned values for squared distances and signed ones
// for the load split.

// u128 is an unsigned 128-bit integer.
type u128 struct{ hi, lo uint64 }

// mulU returns a·b.
func mulU(a, b uint64) u128 {
	hi, lo := bits.Mul64(a, b)
	return u128{hi, lo}
}

// mul returns x·m. The caller keeps the product below 2^128.
func (x u128) mul(m uint64) u128 {
	hi, lo := bits.Mul64(x.lo, m)
	return u128{hi + x.hi*m, lo}
}

// cmp returns -1, 0 or +1 as x is less than, equal to or greater than y.
func (x u128) cmp(y u128) int {
	switch {
	case x.hi < y.hi:
		return -1
	case x.hi > y.hi:
		return 1
	case x.lo < y.lo:
		return -1
	case x.lo > y.lo:
		return 1
	}
	return 0
}

// add returns x + y; the caller keeps the sum below 2^128.
func (x u128) add(y u128) u128 {
	lo, carry := bits.Add64(x.lo, y.lo, 0)
	return u128{x.hi + y.hi + carry, lo}
}

// divFloor returns ⌊x/d⌋ (d > 0), or the largest uint64 when the quotient
// does not fit in 64 bits.
func (x u128) divFloor(d uint64) uint64 {
	if x.hi >= d {
		return math.MaxUint64
	}
	q, _ := bits.Div64(x.hi, x.lo, d)
	return q
}

// isqrt returns ⌊√n⌋.
func isqrt(n uint64) uint64 {
	r := uint64(math.Sqrt(float64(n)))
	// The float estimate is within one of the answer; correct it exactly.
	for r > 0 && (r > math.MaxUint32 || r*r > n) {
		r--
	}
	for r+1 <= math.MaxUint32 && (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// sqrtRatioFloor returns ⌊√(num/den)⌋ (den > 0, the result below 2^32).
func sqrtRatioFloor(num u128, den uint64) int64 {
	// ⌊√x⌋ = ⌊√⌊x⌋⌋ for x ≥ 0.
	return int64(isqrt(num.divFloor(den)))
}

// sqrtRatioCeil returns ⌈√(num/den)⌉ (den > 0, the result below 2^32).
func sqrtRatioCeil(num u128, den uint64) int64 {
	m := isqrt(num.divFloor(den))
	if mulU(m*m, den).cmp(num) < 0 {
		m++
	}
	return int64(m)
}

// i128 is a signed 128-bit integer in two's complement.
type i128 struct {
	hi uint64
	lo uint64
}

func i128of(a int64) i128 { return i128{uint64(a >> 63), uint64(a)} }

// mulI returns a·b.
func mulI(a, b int64) i128 {
	neg := (a < 0) != (b < 0)
	r := i128(mulU(uabs(a), uabs(b)))
	if neg {
		r = r.neg()
	}
	return r
}

func uabs(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}

func (x i128) neg() i128 {
	lo, borrow := bits.Sub64(0, x.lo, 0)
	hi, _ := bits.Sub64(0, x.hi, borrow)
	return i128{hi, lo}
}

func (x i128) add(y i128) i128 {
	lo, carry := bits.Add64(x.lo, y.lo, 0)
	hi, _ := bits.Add64(x.hi, y.hi, carry)
	return i128{hi, lo}
}

func (x i128) negative() bool { return int64(x.hi) < 0 }

// mulSmall returns x·m for a small m ≥ 0; the caller keeps it in range.
func (x i128) mulSmall(m int64) i128 {
	if x.negative() {
		return x.neg().mulSmall(m).neg()
	}
	return i128(u128(x).mul(uint64(m)))
}

// cmp returns -1, 0 or +1 as x is less than, equal to or greater than y.
func (x i128) cmp(y i128) int {
	switch {
	case int64(x.hi) < int64(y.hi):
		return -1
	case int64(x.hi) > int64(y.hi):
		return 1
	case x.lo < y.lo:
		return -1
	case x.lo > y.lo:
		return 1
	}
	return 0
}

// divmod returns the quotient and remainder of x ≥ 0 by d > 0; the
// quotient fits in 63 bits.
func (x i128) divmod(d int64) (q, r int64) {
	uq, ur := bits.Div64(x.hi%uint64(d), x.lo, uint64(d))
	return int64(uq), int64(ur)
}
