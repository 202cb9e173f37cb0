// Package ai holds computer players for The Bridges of Shangri-La, at four
// levels: random (a yardstick), easy, medium and hard. It uses only the
// rules engine's exported API and does no I/O.
//
// # Levels
//
// Every level above random starts from the same move heuristic, which
// values each candidate move in masters: a placement is worth one master,
// less the risk that a stronger neighbour takes it; a student is
// ammunition, worth more when it makes a journey possible; a journey is
// worth the masters it wins for the mover less the average its opponents
// win, plus the attack it stops by breaking its bridge and the lead a new
// stone locks in. Recruit pairs are listed only among the best single
// recruits, so a position has tens of candidates, not hundreds.
//
//   - Easy plays the best candidate after adding noise of up to 0.6
//     masters to each: sensible moves, now and then a worse one.
//   - Medium evaluates the position after every candidate (masters, then
//     villages and students at small weights, and a share of the best
//     journey each player could lead next, the player to move counting
//     most), then replays its ten best against a full round of answers,
//     each opponent in turn choosing the best of their two best candidates
//     for themselves.
//   - Hard runs Monte Carlo tree search: UCT over the candidates with
//     progressive widening (a node tries more of its moves, best heuristic
//     first, as its visits grow) and a heuristic bias that fades with
//     visits. Each new node is judged by a playout of a few noisy
//     heuristic moves and the evaluation turned into win chances. Values
//     are per player (max^n): each node is judged by the player to move
//     there.
//
// # Determinism and time
//
// A player's move is a function of its level, seed, options and the
// position alone: the random source for a move is seeded by the player's
// seed and a hash of the position. A game with computer players therefore
// replays exactly, also after a restart, and one Player value may serve
// any number of games and goroutines.
//
// The hard level's budget is a number of iterations (Options.Iterations,
// default DefaultIterations), not a time, so that its moves do not depend
// on the machine's speed. Options.Think (default DefaultThink, 2 s) is a
// wall-clock safety net: it only cuts a search short on a machine much
// slower than the one the budget was sized on, and only then does a move
// depend on timing. When only Think is set, the iteration budget scales
// with it.
//
// # Memory
//
// A search keeps its tree in one slice of at most Options.MaxNodes nodes
// (default DefaultMaxNodes) and adds one node an iteration, so a default
// search holds at most DefaultIterations+1 nodes: a few megabytes, freed
// when the move is made.
//
// # Hints
//
// Hint suggests the hard level's move to the player to move, with a
// Reason: a message key from a small documented set and arguments of the
// engine's types, for translation, plus an English String. Explain gives
// the reason for any move.
package ai
