package main

import "time"

// thinking tallies the time computers took over their moves or steps, for
// an arena's report: how many, their total and the slowest. The zero value
// is an empty tally.
type thinking struct {
	n              int
	total, slowest time.Duration
}

// add counts one move that took d.
func (t *thinking) add(d time.Duration) {
	t.n++
	t.total += d
	t.slowest = max(t.slowest, d)
}

// merge adds another tally to t.
func (t *thinking) merge(o thinking) {
	t.n += o.n
	t.total += o.total
	t.slowest = max(t.slowest, o.slowest)
}

// mean returns the average time of a move, 0 when none was counted.
func (t thinking) mean() time.Duration {
	if t.n == 0 {
		return 0
	}
	return t.total / time.Duration(t.n)
}
