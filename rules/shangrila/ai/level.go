package ai

import "github.com/tablebot/tablebot/rules"

// Level is how strongly a computer player plays: the levels every game
// shares (rules.Level).
type Level = rules.Level

// The levels, weakest first, as they play Shangri-La.
const (
	// Random plays a uniformly random legal move: a yardstick, not an
	// opponent.
	Random = rules.Random
	// Easy plays the move that looks best at a glance, with some noise, so
	// that it makes sensible but beatable moves.
	Easy = rules.Easy
	// Medium weighs every candidate move with a fuller evaluation of the
	// position and checks the next player's best answer to its best few.
	Medium = rules.Medium
	// Hard searches the game tree (Monte Carlo tree search) within a fixed
	// number of iterations.
	Hard = rules.Hard
)

// Levels lists the levels, weakest first.
var Levels = rules.Levels

// ParseLevel reads a level key in any case ("hard").
func ParseLevel(s string) (Level, bool) { return rules.ParseLevel(s) }
