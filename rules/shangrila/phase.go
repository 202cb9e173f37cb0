package shangrila

// Phase is the stage a game is in.
type Phase uint8

// The phases of a game, in order.
const (
	// SetupPhase: players place their seven starting masters in turn.
	SetupPhase Phase = iota
	// PlayPhase: players place masters, recruit students and send them on
	// journeys.
	PlayPhase
	// Over: the game has ended; the score is final.
	Over
)

var phaseKeys = [...]string{"setup", "play", "over"}

// String returns the phase's key as used in JSON ("setup", "play", "over").
func (p Phase) String() string {
	if int(p) < len(phaseKeys) {
		return phaseKeys[p]
	}
	return "phase?"
}

// ParsePhase reads a phase key.
func ParsePhase(s string) (Phase, bool) {
	for i, k := range phaseKeys {
		if s == k {
			return Phase(i), true
		}
	}
	return 0, false
}
