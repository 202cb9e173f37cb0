package ai

import "strings"

// Level is how strongly a computer teammate plays.
type Level uint8

// The levels, weakest first.
const (
	// Random plays a uniformly random legal step: a yardstick for
	// balance, not a teammate.
	Random Level = iota
	// Easy takes the easiest pile that has cards, builds one column at a
	// time where it looks best at a glance (with some noise), puts a new
	// floor where the temple stays most stable on its highest level, and
	// never exchanges.
	Easy
	// Medium weighs each pile by the cards it may hold and builds the card
	// with a short look-ahead, but makes no exchange and plans less.
	Medium
	// Hard plans the whole turn: which exchange, which pile (over every
	// card the pile may hold, in redealt copies of the hidden draws), where
	// each column and new floor goes, and when to give up.
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
