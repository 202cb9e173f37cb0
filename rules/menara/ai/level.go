package ai

import "github.com/tablebot/tablebot/rules"

// Level is how strongly a computer teammate plays: the levels every game
// shares (rules.Level).
type Level = rules.Level

// The levels, weakest first, as they play Menara.
const (
	// Random plays a uniformly random legal step: a yardstick for
	// balance, not a teammate.
	Random = rules.Random
	// Easy takes the easiest pile that has cards, builds one column at a
	// time where it looks best at a glance (with some noise), puts a new
	// floor where the temple stays most stable on its highest level, and
	// never exchanges.
	Easy = rules.Easy
	// Medium weighs each pile by the cards it may hold and builds the card
	// with a short look-ahead, but makes no exchange and plans less.
	Medium = rules.Medium
	// Hard plans the whole turn: which exchange, which pile (over every
	// card the pile may hold, in redealt copies of the hidden draws), where
	// each column and new floor goes, and when to give up.
	Hard = rules.Hard
)

// Levels lists the levels, weakest first.
var Levels = rules.Levels

// ParseLevel reads a level key in any case ("hard").
func ParseLevel(s string) (Level, bool) { return rules.ParseLevel(s) }
