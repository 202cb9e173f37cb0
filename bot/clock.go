package bot

import "time"

// Clock is the bot's time: what time it is, and calls made later (a post
// tried again after a failure, the next look at the reminders). Tests give
// their own, so that time moves only when they move it.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed, unless
	// stop is called first; stop reports whether it kept f from being
	// called.
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// systemClock is the real time, read with now.
type systemClock struct{ now func() time.Time }

func (c systemClock) Now() time.Time { return c.now() }

func (c systemClock) AfterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}
