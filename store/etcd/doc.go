// Package etcd is the engine of store.Store that keeps tablebot's games in
// an etcd cluster (go.etcd.io/etcd/client/v3), so that any number of
// tablebot processes can share them and a machine that dies takes no game
// with it. It keeps the meaning of every record of the bbolt engine: a
// game, its moves and snapshot, a channel's outbox and settings, the
// indexes and the archive; the conformance suite (store/storetest) runs
// against both.
//
// # Transactions
//
// Everything a channel owns is under one key prefix, and a change of a
// channel is one optimistic transaction: read the channel's keys (one
// range read), decide in memory with the engine kit of package store
// (store.ApplyMove...), and commit with a compare of the mod revision of
// the channel's head key, which every change of the channel rewrites. Of
// two changes made at once from the same state, one commits and the other
// reads again and decides again: a second click on the same board then
// finds its move taken (a Conflict), exactly as with bbolt. Channels never
// conflict with each other: the indexes' and the archive's keys written
// with a channel's change are that channel's own. The one exception is
// the statistics: the move that ends a game also compares the mod
// revisions of the tallies it read (its players' and its server's), so
// two games of one server ending at once are decided one after the other.
//
// # Keys (under the prefix, "tablebot/" by default)
//
//	meta                        "tablebot etcd 1": the layout's version
//	c/<channel> 0 head          JSON: the channel's counters of games and
//	                            posts, and its current game's number
//	c/<channel> 0 game          the live game, packed as the archive packs
//	                            (store.Codec: metadata and moves, DEFLATE)
//	c/<channel> 0 snap          its snapshot (store.EncodeSnapshot)
//	c/<channel> 0 o/<seq>       an owed post (16 hex digits), JSON
//	c/<channel> 0 s/<name>      a channel setting
//	a/<channel> 0 <seq>         an ended game, packed (16 hex digits)
//	i/<index>/<key>             the indexes of store.IndexEntries, and
//	                            i/owed/<channel>, i/imported/<sum>
//	u/<user> 0 <key>            a person's setting
//	t/<scope> 0 <period> 0 <subject>  a stats.Tally, JSON (tallies.go)
//
// # Limits
//
// A value stays far below etcd's request limit (1.5 MiB by default): a
// live game of 40 moves packs to some 600 bytes, so a game would need tens of
// thousands of moves to come near it. A change writes a handful of keys,
// far below the 128 operations of a transaction, except a Posted or an
// undo that clears a channel's whole outbox of more than about a hundred
// posts, which no channel owes. Ended games take one value each of a few
// hundred bytes to 2 KB: a million stored games take 1-2 GB in etcd's
// database, within its quota when it is raised from the 2 GiB default
// (--quota-backend-bytes=8589934592, etcd's largest recommended size) and
// its history compacted (--auto-compaction-retention=1h); see the README.
package etcd
