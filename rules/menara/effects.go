package menara

// MarginChange is how one floor's stability changed in a step: its margin
// in µm before and after (with whether it had one) and whether it holds
// after.
type MarginChange struct {
	Floor               FloorID
	Before, After       int
	HadBefore, HasAfter bool
	Holds               bool
}

// NewlyShaky reports whether a floor that still holds is now within the
// amber band, and was not before (or had no margin yet).
func (mc MarginChange) NewlyShaky() bool {
	return mc.HasAfter && mc.Holds && mc.After < Safe() && (!mc.HadBefore || mc.Before >= Safe())
}

// Risk is the chance a step fails with shaky hands: Num/Den, 0 when it
// cannot fail. It comes from the floor the step leaves deepest in the amber
// band: (δ_safe − m)/(δ_safe − δ(L)).
type Risk struct {
	Num, Den int
	Floor    FloorID // the floor that sets the risk, NoFloor when none
}

// Percent returns the risk in whole percent, rounded to nearest.
func (r Risk) Percent() int {
	if r.Den == 0 {
		return 0
	}
	return (200*r.Num + r.Den) / (2 * r.Den)
}

func (r Risk) greater(o Risk) bool {
	if o.Den == 0 {
		return r.Num > 0
	}
	return r.Den != 0 && r.Num*o.Den > o.Num*r.Den
}

// Effects says what a step did, as data, so that the bot and the renderer
// can describe and draw it without comparing positions. Fields that do not
// apply to the step are zero (NoFloor for floors).
type Effects struct {
	// Step is the step as played: a floor step's side and position filled
	// in.
	Step Step

	// Reveal: the card turned up.
	Card Card

	// PlaceColumn and MoveColumn: the column's colour, the base it came
	// from (MoveColumn) and went to, the floor it now carries because it
	// was pushed in under it, and the floor that lost it as a support.
	Colour      Colour
	From, To    Base
	PushedUnder FloorID
	Unsupported FloorID

	// PlaceFloor, Extend and Lift: the floor, its level (and the level it
	// left, for a lift) and the columns a lift left free.
	Floor     FloorID
	Level     int
	FromLevel int
	Freed     BaseSet

	// Filled is the floor whose last empty base the step filled; NewFloor
	// the floor that must now be placed (NoFloor when none).
	Filled   FloorID
	NewFloor FloorID

	// Shaky hands: the risk the step ran, and whether it failed (then it
	// did nothing but end the card: the card goes to the level row).
	Risk   Risk
	Failed bool

	// Collapse: floors fell (Fallen and FallenColumns say which) and the
	// game is lost.
	Collapse      bool
	Fallen        []FloorID
	FallenColumns BaseSet

	// LiftFell: a move-a-floor step whose floor would have fallen at its
	// new place (its columns with it) while every other floor held. As the
	// printed rule says, the card is not fulfilled: the lift is not made
	// (nothing changed) and the card goes to the level row; the player
	// ends the turn with done.
	LiftFell bool

	// Falls explains a collapse, or a lift that fell (LiftFell): each
	// floor that did not hold by itself, with its supports, its load
	// centre and by how much it missed (floors that only fell with another
	// are not in it). Nil when nothing fell.
	Falls []Fall

	// The end of the card and of the turn: the card was done as asked, or
	// went to the level row; the camp renewed (from OldCamp to NewCamp);
	// the columns drawn to refill the hand; the next player's seat.
	CardDone   bool
	ToLevelRow bool
	Renewed    bool
	OldCamp    Columns
	NewCamp    Columns
	Drawn      Columns
	TurnOver   bool
	Next       int

	// GameOver is set by the step that ended the game.
	GameOver bool
	Outcome  Outcome

	margins  [NumFloors]MarginChange
	nmargins uint8
}

// Margins returns the floors whose margin or verdict the step changed, in
// placing order.
func (e *Effects) Margins() []MarginChange { return e.margins[:e.nmargins] }

// Shown reports whether the step let the players see what cannot be
// unseen: a card revealed, the next floor of the quarry (a floor placed
// or extended), columns drawn at the end of a turn, a shaky hand's roll,
// the game's end.
func (e *Effects) Shown() bool {
	k := e.Step.Kind
	return k == Reveal || k == PlaceFloor || k == Extend || e.TurnOver || e.GameOver || e.Risk.Num > 0
}

func newEffects(s Step) Effects {
	return Effects{Step: s, PushedUnder: NoFloor, Unsupported: NoFloor, Floor: NoFloor, Filled: NoFloor, NewFloor: NoFloor, Risk: Risk{Floor: NoFloor}}
}

// diffMargins records in e the margins that changed from before to after.
func (e *Effects) diffMargins(before, after *Position) {
	for _, f := range after.quarry[:after.drawn] {
		b := uint32(1) << f
		mc := MarginChange{
			Floor:     f,
			Before:    int(before.margins[f]),
			After:     int(after.margins[f]),
			HadBefore: before.floors[f].level >= 0 && before.hasMargin&b != 0,
			HasAfter:  after.hasMargin&b != 0,
			Holds:     after.Holds(f),
		}
		if !mc.HadBefore {
			mc.Before = 0
		}
		if !mc.HasAfter {
			mc.After = 0
		}
		if mc.HadBefore != mc.HasAfter || mc.Before != mc.After || before.Holds(f) != mc.Holds ||
			before.floors[f].level != after.floors[f].level {
			e.margins[e.nmargins] = mc
			e.nmargins++
		}
	}
}
