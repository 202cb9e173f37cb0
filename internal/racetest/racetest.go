// Package racetest tells tests whether the race detector is on, so that a
// test of one goroutine's work (drawing an image, a computer thinking) can
// leave the detector's short run: the detector slows such work tenfold and
// finds nothing where nothing runs at once. The run without the detector
// still runs it in full.
package racetest

import "testing"

// OneGoroutine skips t in the race detector's short run (go test -race
// -short): t tests one goroutine's work.
func OneGoroutine(t testing.TB) {
	t.Helper()
	if Enabled && testing.Short() {
		t.Skip("one goroutine's work: run in full by go test ./... without the race detector")
	}
}
