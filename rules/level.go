package rules

import "strings"

// Level is how strongly a computer player plays. Every game's computer
// players come at the same four levels, so that a lobby, a command line
// and a record name them alike; what each level does is the game's own
// (see its ai package).
type Level uint8

// The levels, weakest first.
const (
	// Random plays a uniformly random legal move: a yardstick.
	Random Level = iota
	// Easy plays sensibly but is easily beaten.
	Easy
	// Medium looks further than easy.
	Medium
	// Hard is the strongest, and gives the hints.
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
