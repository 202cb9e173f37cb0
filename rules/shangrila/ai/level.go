package ai

import "strings"

// Level is how strongly a computer player plays.
type Level uint8

// The levels, weakest first.
const (
	// Random plays a uniformly random legal move: a yardstick, not an
	// opponent.
	Random Level = iota
	// Easy plays the move that looks best at a glance, with some noise, so
	// that it makes sensible but beatable moves.
	Easy
	// Medium weighs every candidate move with a fuller evaluation of the
	// position and checks the next player's best answer to its best few.
	Medium
	// Hard searches the game tree (Monte Carlo tree search) within a fixed
	// number of iterations.
	Hard
)

// Levels lists the levels, weakest first.
var Levels = [...]Level{Random, Easy, Medium, Hard}

var levelKeys = [...]string{"random", "easy", "medium", "hard"}

// String returns the level's key ("hard").
func (l Level) String() string {
	if int(l) < len(levelKeys) {
		return levelKeys[l]
	}
	return "level?"
}

// ParseLevel reads a level key in any case.
func ParseLevel(s string) (Level, bool) {
	for i, k := range levelKeys {
		if strings.EqualFold(strings.TrimSpace(s), k) {
			return Level(i), true
		}
	}
	return 0, false
}
