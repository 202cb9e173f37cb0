// Package store keeps the games of every Discord channel, so that no
// acknowledged move is lost whatever happens to the process.
//
// It is the centre of the storage: the domain types (Game, Move,
// Announcement...), the interface the host works against (Store), the
// engine kit every engine decides changes with (kit.go: PrepareNew,
// ApplyMove, ApplyUndo, ApplyUpdate, IndexEntries, Codec...), and the
// default engine, one bbolt database file (Open, DB), which the rest of
// this comment describes. store/etcd is the other engine, an etcd
// cluster; store/storetest is the conformance suite both pass.
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
// Open checks the file's header, schema and buckets, not every page: the
// start of a bot must not grow with its history. Check reads it all
// (`tablebot check`, and every backup's copy).
//
// Only one process may open the file for writing: a second gets ErrLocked.
// The process that holds the file can serve hot copies over a Unix socket
// (ListenBackups, ServeBackups), which is how `tablebot backup`, `tablebot games` and
// `tablebot export` read a database while the bot runs.
//
// # Layout of the file (schema 3)
//
// Bucket and key names are ASCII; numbers are big-endian so that keys sort
// in numeric order. A bot's cost must follow its live games, not every
// game it ever hosted: the live games keep their buckets, ended games are
// compacted into one value each, indexes find what is live and what is
// due, and a channel with nothing going on takes a few bytes inline in its
// parent's page (bbolt keeps a bucket inline while it has no sub-bucket).
//
//	meta                        bucket
//	  "schema"                  uint32: the schema version (see schemaVersion)
//	channels                    bucket
//	  <channel id>              bucket, one per channel ever used
//	    "gseq", "oseq"          uint64: the last number given to a game of
//	                            the channel, and to a post of its outbox
//	    "current"               uint64: the number of the channel's game in
//	                            lobby or playing status; absent when none
//	    "set:<name>"            a channel setting (outliving its games)
//	    "games"                 bucket, while the channel has a live game
//	      <uint64 seq>          bucket of the live game
//	        "game"              JSON (gameJSON): everything but moves and snapshot
//	        "moves"             bucket
//	          <uint32 N>        move N (0-based, contiguous): int64 unix
//	                            nanoseconds, uvarint length of By, By, Text
//	        "snapshot"          uint32 number of moves it reflects, then the
//	                            caller's bytes; absent when there is none
//	    "outbox"                bucket, while the channel is owed posts, in
//	                            the order of the changes that owe them
//	      <uint64 seq>          JSON (announcementJSON), removed once posted
//	archive                     bucket: the ended games (archive.go)
//	  <channel> 0 <uint64 seq>  a version byte, then DEFLATE of the game's
//	                            JSON and its moves
//	live                        index (index.go): <channel> → <guild>
//	guilds                      index: <guild> 0 <channel> → ""
//	users                       index: <user> 0 <channel> → <guild>
//	wake                        index: <unix ns, 8 bytes><channel> → <game id>
//	owed                        index: <channel> → ""
//	imported                    <16 bytes of SHA-256> → <game id> (import.go)
//	people                      <user> 0 <key> → a person's setting
//	tallies                     <scope> 0 <period> 0 <subject> → JSON of a
//	                            stats.Tally (tallies.go), made with the first
//
// The indexes are changed in the transactions that change what they index:
// the live games (lobby or playing) by channel, server and seated person;
// the live games by Game.Wake (when the host is to look at them: a reminder
// due, a computer's turn); the channels whose outbox holds posts.
//
// A game's ID is its channel id, "-" and its sequence number ("12345-3"):
// unique, stable when the game is archived, and enough to find it.
// Appending a move writes one small key (and the game's JSON for its
// Updated time), never the whole game. A game that ends leaves its bucket
// and the indexes for the archive in the transaction that ends it.
package store
