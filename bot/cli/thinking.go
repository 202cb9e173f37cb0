package cli

import "time"

// Thinking tallies the time computers took over their moves or steps, for
// an arena's report: how many, their total and the slowest. The zero value
// is an empty tally.
type Thinking struct {
	N              int
	Total, Slowest time.Duration
}

// Add counts one move that took d.
func (t *Thinking) Add(d time.Duration) {
	t.N++
	t.Total += d
	t.Slowest = max(t.Slowest, d)
}

// Merge adds another tally to t.
func (t *Thinking) Merge(o Thinking) {
	t.N += o.N
	t.Total += o.Total
	t.Slowest = max(t.Slowest, o.Slowest)
}

// Mean returns the average time of a move, 0 when none was counted.
func (t Thinking) Mean() time.Duration {
	if t.N == 0 {
		return 0
	}
	return t.Total / time.Duration(t.N)
}
