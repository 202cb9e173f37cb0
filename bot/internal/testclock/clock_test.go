package testclock

import (
	"slices"
	"testing"
	"time"
)

// TestClock: calls are made when the clock passes their time, in order,
// once; a stopped one never.
func TestClock(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := New(start)
	var got []string
	c.AfterFunc(2*time.Minute, func() { got = append(got, "b") })
	c.AfterFunc(time.Minute, func() { got = append(got, "a") })
	stop := c.AfterFunc(90*time.Second, func() { got = append(got, "stopped") })
	if !stop() || stop() {
		t.Error("stop reports wrongly")
	}
	c.Advance(30 * time.Second)
	if len(got) != 0 {
		t.Fatalf("made early: %v", got)
	}
	c.Advance(5 * time.Minute)
	c.Advance(time.Hour)
	if !slices.Equal(got, []string{"a", "b"}) || !c.Now().Equal(start.Add(time.Hour+5*time.Minute+30*time.Second)) {
		t.Errorf("calls %v at %v", got, c.Now())
	}
}
