// Package store keeps the games of every Discord channel in one bbolt
// database file, so that no acknowledged move is lost whatever happens to
// the process.
//
// The store knows nothing of any game's rules. A game is its metadata
// (guild, channel, kind, players, settings, the latest board post), its
// record (setup lines and the append-only list of moves, as text lines,
// each with who made it and when) and an optional snapshot of the state
// that the caller computed. The move list is the truth: a snapshot is a
// cache that is dropped whenever it no longer matches the moves. Rules are
// checked by a callback from the caller, inside the write transaction that
// appends the move, so a move is stored only if it was legal in the exact
// state it was applied to.
//
// # Durability
//
// Every write is a bbolt transaction with fsync on; a method returns only
// after its transaction is on disk. Concurrent writers share commits
// (bbolt's Batch) so that many channels playing at once share fsyncs. A
// move carries the number it expects to have (Move.N), so that two clicks
// on the same board cannot both apply: the second gets a Conflict error.
//
// Only one process may open the file for writing: a second gets ErrLocked.
// The process that holds the file can serve hot copies over a Unix socket
// (ListenBackups, ServeBackups), which is how `tablebot backup`, `tablebot games` and
// `tablebot export` read a database while the bot runs.
//
// # Layout of the file
//
// Bucket and key names are ASCII; numbers are big-endian so that keys sort
// in numeric order.
//
//	meta                        bucket
//	  "schema"                  uint32: the schema version (see schemaVersion)
//	channels                    bucket
//	  <channel id>              bucket, one per Discord channel
//	    "current"               uint64: sequence number of the channel's game
//	                            in lobby or playing status; absent when none
//	    "settings"              bucket: the channel's own settings, which
//	                            outlive its games; setting name → value
//	    "outbox"                bucket (schema 2): the posts the channel is
//	                            owed, in the order of the changes that owe
//	                            them; its bbolt sequence numbers them
//	      <uint64 sequence>     JSON (announcementJSON), removed once posted
//	    "games"                 bucket; its bbolt sequence numbers the games
//	      <uint64 sequence>     bucket, one per game, ever (archived games stay)
//	        "game"              JSON (gameJSON): everything but moves and snapshot
//	        "moves"             bucket
//	          <uint32 N>        move N (0-based, contiguous): int64 unix
//	                            nanoseconds, uvarint length of By, By, Text
//	        "snapshot"          uint32 number of moves it reflects, then the
//	                            caller's bytes; absent when there is none
//
// A game's ID is its channel id, "-" and its sequence number ("12345-3"):
// unique, stable when the game is archived, and enough to find it.
// Appending a move writes one small key (and the game's JSON for its
// Updated time), never the whole game.
package store
