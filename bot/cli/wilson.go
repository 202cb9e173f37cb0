package cli

import "math"

// Wilson returns the 95% Wilson score interval of a proportion of k
// successes in n trials, for an arena's win rates; (0, 1) when n is 0.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p := float64(k) / float64(n)
	d := 1 + z*z/float64(n)
	mid := (p + z*z/(2*float64(n))) / d
	half := z * math.Sqrt(p*(1-p)/float64(n)+z*z/(4*float64(n)*float64(n))) / d
	return max(0, mid-half), min(1, mid+half)
}
