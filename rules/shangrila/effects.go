package shangrila

// Outcome is what became of one travelling student.
type Outcome uint8

const (
	// Promoted: the student took its discipline's space in the destination
	// (empty, or emptied by driving out another player's tiles) and became
	// a master.
	Promoted Outcome = iota
	// Joined: the student found a master of its own colour without a
	// student and became that master's student.
	Joined
	// SentHome: the student found its space occupied and could not take it;
	// it went back to its owner's supply.
	SentHome
)

var outcomeKeys = [...]string{"promoted", "joined", "sent-home"}

// String returns the outcome's key ("promoted", "joined", "sent-home").
func (o Outcome) String() string {
	if int(o) < len(outcomeKeys) {
		return outcomeKeys[o]
	}
	return "outcome?"
}

// Traveller is one student's journey: whose, which discipline, what became
// of it and what it drove out. Displaced is the space as it was before the
// traveller took it (another player's master, perhaps with its student; both
// tiles went back to that player's supply), or empty when nothing was driven
// out.
type Traveller struct {
	Colour     Colour
	Discipline Discipline
	Outcome    Outcome
	Displaced  Space
}

// Effects says what a move did, as data, so that callers can describe and
// highlight it without comparing positions. Fields that do not apply to the
// move's kind are zero.
type Effects struct {
	Move Move

	// Journey: the strengths before the journey, which side counted as
	// stronger, the bridge that broke and what each student did.
	FromStrength   Strength
	ToStrength     Strength
	SourceStronger bool
	Bridge         Bridge
	travellers     [NumDisciplines]Traveller
	ntravellers    uint8

	// Stones placed by this move (a journey can isolate both its villages).
	stones  [2]Village
	nstones uint8

	// SetupOver is set by the move that ended the setup phase.
	SetupOver bool
	// GameOver is set by the move that ended the game.
	GameOver bool
}

// Travellers returns each travelling student's journey, in discipline order.
func (e *Effects) Travellers() []Traveller { return e.travellers[:e.ntravellers] }

// Stones returns the villages that received a stone during the move.
func (e *Effects) Stones() []Village { return e.stones[:e.nstones] }

// Promoted returns how many travelling students became masters during the
// move.
func (e *Effects) Promoted() int {
	n := 0
	for _, t := range e.Travellers() {
		if t.Outcome == Promoted {
			n++
		}
	}
	return n
}

// Returned returns how many tiles went back to player c's supply during
// the move: students sent home and tiles driven out.
func (e *Effects) Returned(c Colour) int {
	n := 0
	for _, t := range e.Travellers() {
		if t.Outcome == SentHome && t.Colour == c {
			n++
		}
		if t.Displaced.Master() == c {
			n += t.Displaced.Tiles()
		}
	}
	return n
}
