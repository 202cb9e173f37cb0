package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Progress reports how far a long command has come, with an estimate of
// the time left: on a terminal, a bar redrawn in place; otherwise (a log, a
// pipe) a line at every tenth of the work and at least every minute. Any
// command that counts its work in items (games, positions) can use it: call
// Done once an item is finished, from any goroutine, and Finish at the end.
type Progress struct {
	w     io.Writer
	term  bool
	label string // what runs ("arena")
	unit  string // what is counted, plural ("games")
	total int
	now   func() time.Time
	// every is the longest silence between two lines off a terminal.
	every time.Duration

	mu      sync.Mutex
	start   time.Time
	done    int
	lastOut time.Time // when the last line was written
	tenth   int       // the last tenth of the work reported
	width   int       // the width of the bar last drawn
	note    string    // what the last DoneNote said
}

// progressBar is how many characters the bar has on a terminal.
const progressBar = 24

// NewProgress starts reporting total items of unit to w, which term says
// is a terminal (IsTerminal); a total of 0 or less is not known.
func NewProgress(w io.Writer, term bool, label, unit string, total int) *Progress {
	p := &Progress{w: w, term: term, label: label, unit: unit, total: total, now: time.Now, every: time.Minute}
	p.start = p.now()
	p.lastOut = p.start
	p.draw()
	return p
}

// Done counts one more item finished.
func (p *Progress) Done() { p.DoneNote("") }

// DoneNote counts one more item finished and shows note after the counts
// from now on ("55% won so far"); an empty note shows nothing.
func (p *Progress) DoneNote(note string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done++
	p.note = note
	if p.term {
		p.draw()
		return
	}
	now := p.now()
	tenth := 10 * p.done / max(p.total, 1)
	if p.total <= 0 {
		tenth = p.done / unknownStep // a total not known: a line every unknownStep
	}
	if tenth > p.tenth || now.Sub(p.lastOut) >= p.every || p.done == p.total {
		p.tenth = tenth
		p.lastOut = now
		fmt.Fprintln(p.w, p.status(now))
	}
}

// Finish ends the report: the bar's line is closed on a terminal.
func (p *Progress) Finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.term {
		fmt.Fprintln(p.w)
	}
}

// draw redraws the bar on a terminal (the caller holds mu, or owns p).
func (p *Progress) draw() {
	if !p.term {
		return
	}
	filled := min(progressBar*p.done/max(p.total, 1), progressBar)
	if p.total <= 0 {
		filled = 0
	}
	line := fmt.Sprintf("\r%s [%s%s] %s", p.label, strings.Repeat("#", filled), strings.Repeat(".", progressBar-filled), p.counts(p.now()))
	if pad := p.width - len(line); pad > 0 {
		line += strings.Repeat(" ", pad) // wipe what a longer line left
	}
	p.width = len(line)
	fmt.Fprint(p.w, line)
}

// unknownStep is how many items apart the lines of progress come off a
// terminal when the total is not known.
const unknownStep = 10_000

// status is a line of progress off a terminal.
func (p *Progress) status(now time.Time) string {
	return p.label + ": " + p.counts(now)
}

// counts says how many items are done, the time taken and the time left:
// "12/40 games, 1m02s, 55% won so far, about 3m10s left".
func (p *Progress) counts(now time.Time) string {
	elapsed := now.Sub(p.start)
	if p.total <= 0 {
		return fmt.Sprintf("%d %s, %s", p.done, p.unit, roundDuration(elapsed))
	}
	s := fmt.Sprintf("%d/%d %s, %s", p.done, p.total, p.unit, roundDuration(elapsed))
	if p.note != "" {
		s += ", " + p.note
	}
	switch {
	case p.done == p.total:
	case p.done == 0:
		s += ", estimating the time left"
	default:
		left := time.Duration(float64(elapsed) / float64(p.done) * float64(p.total-p.done))
		s += ", about " + roundDuration(left) + " left"
	}
	return s
}

// roundDuration writes a duration to the second (to the tenth below ten
// seconds).
func roundDuration(d time.Duration) string {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}
