package menara

// Phase is whether the game goes on.
type Phase uint8

// The phases.
const (
	Playing Phase = iota
	Over
)

// String returns "playing" or "over", as in the JSON state.
func (p Phase) String() string {
	if p == Over {
		return "over"
	}
	return "playing"
}

// Stage is where the player to act stands within their turn.
type Stage uint8

// The stages of a turn, in order.
const (
	// Exchanging: before the card is revealed; the player may exchange
	// columns with the camp (once) and must reveal a card.
	Exchanging Stage = iota
	// Building: the card is revealed; the player builds as it says, or
	// gives it up.
	Building
	// NewFloor: a column filled a floor's last base; the top floor of the
	// quarry must be placed (on columns or as a base extension) before
	// building goes on, or the card given up.
	NewFloor
	// Closing: the card is done but goes to the level row (a base extension
	// was made, or a shaky step failed); the player ends the turn with done,
	// renewing the camp or not.
	Closing
)

var stageNames = [...]string{"exchange", "build", "new-floor", "close"}

// String returns the stage's key ("exchange", "build", "new-floor",
// "close").
func (s Stage) String() string {
	if int(s) < len(stageNames) {
		return stageNames[s]
	}
	return "stage?"
}

// EndReason says why a game ended.
type EndReason uint8

// The end conditions, in the order they are checked.
const (
	NotEnded EndReason = iota
	// Collapse: a floor fell; the game ends at once and is lost.
	Collapse
	// Refill: a player could not refill their hand to full.
	Refill
	// CardsUsed: the last plan card was used.
	CardsUsed
	// FloorsUsed: the last floor of the quarry was placed.
	FloorsUsed
)

var reasonNames = [...]string{"", "collapse", "refill", "cards", "floors"}

// String returns the reason's key as in the JSON state ("collapse",
// "refill", "cards", "floors").
func (r EndReason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason?"
}

// Outcome is how a finished game ended: Won when the temple is at least as
// high as the level row demands (never after a collapse).
type Outcome struct {
	Won    bool
	Reason EndReason
}
