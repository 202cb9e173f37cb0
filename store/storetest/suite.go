// Package storetest is the conformance suite of store.Store: every
// behaviour the host relies on, run by each engine's tests against a real
// store of that engine (store: a bbolt file; store/etcd: an embedded etcd
// server), so that the two engines cannot drift apart.
package storetest

import (
	"testing"
	"time"

	"github.com/tablebot/tablebot/store"
)

// Open opens a new, empty store of the engine under test whose clock is
// now; the store is the test's own (closed when it ends).
type Open func(t *testing.T, now func() time.Time) store.Store

// cases are the suite's tests, by name.
var cases = []struct {
	name string
	test func(t *testing.T, open Open)
	// heavy tests run only without -short, where the engine says so
	// (RunShort).
	heavy bool
}{
	{"GameLifecycle", testGameLifecycle, false},
	{"GameNotFound", testGameNotFound, false},
	{"GameByIDAmongEnded", testGameByIDAmongEnded, false},
	{"UpdateRefuses", testUpdateRefuses, false},
	{"CreateRefuses", testCreateRefuses, false},
	{"ChannelSettings", testChannelSettings, false},
	{"UserSettings", testUserSettings, false},
	{"Import", testImport, false},
	{"AppendMoveRefuses", testAppendMoveRefuses, false},
	{"UndoMove", testUndoMove, false},
	{"UndoMoves", testUndoMoves, false},
	{"StaleSnapshotIsDropped", testStaleSnapshotIsDropped, false},
	{"WholeGameFinishes", testWholeGameFinishes, true},
	{"ConcurrentAppendsOneChannel", testConcurrentAppendsOneChannel, true},
	{"ConcurrentAppendsManyChannels", testConcurrentAppendsManyChannels, true},
	{"BatchSurvivesFailures", testBatchSurvivesFailures, true},
	{"Outbox", testOutbox, false},
	{"OutboxDMs", testOutboxDMs, false},
	{"Versions", testVersions, false},
	{"AppendMoveMore", testAppendMoveMore, false},
	{"Indexes", testIndexes, false},
	{"Archive", testArchive, false},
	{"Listings", testListings, false},
	{"Tallies", testTallies, false},
	{"TalliesConcurrent", testTalliesConcurrent, false},
}

// Run runs the whole suite against the engine that open opens, each test
// in parallel with the others on a store of its own.
func Run(t *testing.T, open Open) {
	run(t, open, false)
}

// RunShort is Run, leaving out the heavy tests (whole games played, many
// writers at once) under -short: for an engine whose writes are slow
// under the race detector. They still run in the non-short run.
func RunShort(t *testing.T, open Open) {
	run(t, open, testing.Short())
}

func run(t *testing.T, open Open, light bool) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if light && c.heavy {
				t.Skip("a heavy conformance test: it runs without -short")
			}
			t.Parallel()
			c.test(t, open)
		})
	}
}
