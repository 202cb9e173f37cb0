//go:build race

package main

// raceEnabled is true when the tests run with the race detector, which
// slows drawing tenfold: see oneGoroutine.
const raceEnabled = true
