//go:build race

package discord

// raceEnabled is true when the tests run with the race detector, which
// slows drawing tenfold: the soak is smaller then.
const raceEnabled = true
