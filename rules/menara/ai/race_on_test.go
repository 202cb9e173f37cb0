//go:build race

package ai

// raceEnabled is true when the tests run with the race detector, which
// slows the search tenfold: the long tests play fewer games then.
const raceEnabled = true
