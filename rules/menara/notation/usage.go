package notation

// Usage is a usage line the notation's errors name (the "usage" argument
// of notation.usage and the like), in English, as records are written; a
// player-facing catalogue may say each in its language by the step word
// it begins with.
type Usage string

// The usage lines of the steps.
const (
	UsageColumn   Usage = "column R on K2"
	UsageMove     Usage = "move K2 to M3"
	UsageExchange Usage = "exchange YY for RB (the columns you give, then those you take)"
	UsageFloor    Usage = "floor M on K2 K4 L1 turn 2 (then optionally at q,r and light or dark)"
	UsageLift     Usage = "lift M to F1 G2 G4 turn 0 (then optionally at q,r)"
	UsageExtend   Usage = "extend N at 5,-3 turn 1 (then optionally light or dark)"
)
