package cli

import (
	"bytes"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// clock is a fake clock the test moves.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// newTestProgress returns a progress report on a fake clock.
func newTestProgress(term bool, total int) (*Progress, *clock, *bytes.Buffer) {
	var out bytes.Buffer
	c := &clock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	p := &Progress{w: &out, term: term, label: "arena", unit: "games", total: total, now: c.now, every: time.Minute}
	p.start, p.lastOut = c.t, c.t
	p.draw()
	return p, c, &out
}

func TestProgressLines(t *testing.T) {
	p, c, out := newTestProgress(false, 40)
	for i := 1; i <= 40; i++ {
		c.t = c.t.Add(10 * time.Second)
		p.Done()
	}
	p.Finish()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		"arena: 4/40 games, 40s, about 6m0s left",
		"arena: 8/40 games, 1m20s, about 5m20s left",
	}
	if len(lines) != 10 || lines[0] != want[0] || lines[1] != want[1] || lines[9] != "arena: 40/40 games, 6m40s" {
		t.Errorf("lines:\n%s", out)
	}
	// A slow run writes a line at least every minute between tenths.
	p, c, out = newTestProgress(false, 1000)
	for range 3 {
		c.t = c.t.Add(70 * time.Second)
		p.Done()
	}
	if n := strings.Count(out.String(), "\n"); n != 3 {
		t.Errorf("%d lines in 3 slow games, want 3:\n%s", n, out)
	}
}

func TestProgressBar(t *testing.T) {
	p, c, out := newTestProgress(true, 4)
	if got := out.String(); got != "\rarena [........................] 0/4 games, 0s, estimating the time left" {
		t.Errorf("start %q", got)
	}
	c.t = c.t.Add(30 * time.Second)
	p.Done()
	if !strings.HasSuffix(out.String(), "\rarena [######..................] 1/4 games, 30s, about 1m30s left       ") {
		t.Errorf("after a game %q", out.String())
	}
	for range 3 {
		p.Done()
	}
	p.Finish()
	// Each line wipes what the longer one before it left.
	if !strings.HasSuffix(out.String(), "\rarena [########################] 4/4 games, 30s"+strings.Repeat(" ", 25)+"\n") {
		t.Errorf("end %q", out.String())
	}
}

// TestProgressConcurrent: workers report at once (run with -race).
func TestProgressConcurrent(t *testing.T) {
	p, _, out := newTestProgress(false, 100)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 25 {
				p.Done()
			}
		})
	}
	wg.Wait()
	if !strings.Contains(out.String(), "100/100 games") {
		t.Errorf("no end:\n%s", out)
	}
}

func TestProgressNote(t *testing.T) {
	p, c, out := newTestProgress(false, 2)
	c.t = c.t.Add(10 * time.Second)
	p.DoneNote("100% won so far")
	c.t = c.t.Add(10 * time.Second)
	p.DoneNote("50% won so far")
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{"arena: 1/2 games, 10s, 100% won so far, about 10s left", "arena: 2/2 games, 20s, 50% won so far"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
