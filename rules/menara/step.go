package menara

import (
	"strconv"
	"strings"
)

// Kind is what a step does.
type Kind uint8

// The kinds of step, in the order of a turn.
const (
	// Exchange gives columns from the hand to the camp and takes as many
	// from it; once a turn, before the reveal.
	Exchange Kind = iota
	// Reveal turns up the top card of a pile.
	Reveal
	// PlaceColumn puts a column from the hand on an empty base of its
	// colour (place, one-floor and fill cards).
	PlaceColumn
	// MoveColumn moves a column of the temple to an empty base of its
	// colour on a higher level (move cards).
	MoveColumn
	// PlaceFloor puts the new floor on free columns of one level.
	PlaceFloor
	// Extend puts the new floor on the table beside the base.
	Extend
	// Lift moves a floor with its columns to free columns of another level
	// (the move-a-floor card).
	Lift
	// GiveUp abandons the card: it goes to the level row; the player may
	// renew the camp; the turn ends.
	GiveUp
	// Done ends a turn whose card goes to the level row, renewing the camp
	// or not.
	Done
)

var kindKeys = [...]string{"exchange", "reveal", "column", "move", "floor", "extend", "lift", "give up", "done"}

// String returns the kind's keyword as written in records ("column",
// "give up").
func (k Kind) String() string {
	if int(k) < len(kindKeys) {
		return kindKeys[k]
	}
	return "kind?"
}

// Builds reports whether a step of kind k builds the temple: a column
// placed or moved, a floor placed, extended or lifted.
func (k Kind) Builds() bool { return k >= PlaceColumn && k <= Lift }

// Step is one player's step. Steps are comparable values; the constructors
// leave the fields a kind does not use zero.
//
// A PlaceFloor or Lift names the columns the floor will rest on (On), its
// turn and, optionally, where its reference cell goes (At, when HasAt). Without
// At the floor goes where, among the places over exactly those columns with
// that turn and side, the temple is most stable (see Placements). A
// PlaceFloor or Extend with Side NoSide takes the side the card's rim
// demands, light when the rim leaves it free. Lift keeps the floor's side.
type Step struct {
	Seat uint8
	Kind Kind
	// Exchange: what goes to the camp and what comes from it.
	Give, Take Columns
	// Reveal.
	Pile Pile
	// PlaceColumn: the colour and the base; MoveColumn: from and to.
	Colour Colour
	From   Base
	To     Base
	// PlaceFloor, Extend, Lift.
	Floor FloorID
	On    BaseSet
	Turn  uint8
	Side  Side
	At    Hex
	HasAt bool
	// GiveUp and Done: renew the camp.
	Renew bool
}

// ExchangeStep returns seat's exchange of give (to the camp) for take.
func ExchangeStep(seat int, give, take Columns) Step {
	return Step{Seat: uint8(seat), Kind: Exchange, Give: give, Take: take}
}

// RevealStep returns seat's reveal from pile pl.
func RevealStep(seat int, pl Pile) Step {
	return Step{Seat: uint8(seat), Kind: Reveal, Pile: pl}
}

// ColumnStep returns seat's placement of a column of colour c on base b.
func ColumnStep(seat int, c Colour, b Base) Step {
	return Step{Seat: uint8(seat), Kind: PlaceColumn, Colour: c, To: b}
}

// MoveStep returns seat's move of the column on from to base to.
func MoveStep(seat int, from, to Base) Step {
	return Step{Seat: uint8(seat), Kind: MoveColumn, From: from, To: to}
}

// FloorStep returns seat's placement of the new floor f on the columns on,
// turned turn steps of 60°, side s up (NoSide: as the rim says), with its
// reference cell at at.
func FloorStep(seat int, f FloorID, on BaseSet, turn int, s Side, at Hex) Step {
	return Step{Seat: uint8(seat), Kind: PlaceFloor, Floor: f, On: on, Turn: uint8(turn), Side: s, At: at, HasAt: true}
}

// FloorStepOver is FloorStep without a position: the floor goes where it is
// most stable over exactly the columns on.
func FloorStepOver(seat int, f FloorID, on BaseSet, turn int, s Side) Step {
	return Step{Seat: uint8(seat), Kind: PlaceFloor, Floor: f, On: on, Turn: uint8(turn), Side: s}
}

// ExtendStep returns seat's extension of the base with the new floor f, its
// reference cell at at, turned turn steps, side s up (NoSide: as the rim
// says).
func ExtendStep(seat int, f FloorID, at Hex, turn int, s Side) Step {
	return Step{Seat: uint8(seat), Kind: Extend, Floor: f, Turn: uint8(turn), Side: s, At: at, HasAt: true}
}

// LiftStep returns seat's move of floor f, with its columns, onto the
// columns on, turned turn steps, its reference cell at at.
func LiftStep(seat int, f FloorID, on BaseSet, turn int, at Hex) Step {
	return Step{Seat: uint8(seat), Kind: Lift, Floor: f, On: on, Turn: uint8(turn), At: at, HasAt: true}
}

// LiftStepOver is LiftStep without a position: the floor goes where it is
// most stable over exactly the columns on.
func LiftStepOver(seat int, f FloorID, on BaseSet, turn int) Step {
	return Step{Seat: uint8(seat), Kind: Lift, Floor: f, On: on, Turn: uint8(turn)}
}

// GiveUpStep returns seat's giving up of the card, renewing the camp or not.
func GiveUpStep(seat int, renew bool) Step {
	return Step{Seat: uint8(seat), Kind: GiveUp, Renew: renew}
}

// DoneStep returns seat's end of a turn whose card goes to the level row.
func DoneStep(seat int, renew bool) Step {
	return Step{Seat: uint8(seat), Kind: Done, Renew: renew}
}

// Canonical returns the step with the fields its kind does not use set to
// zero (and At zero when HasAt is false), the form LegalSteps lists and
// Effects report.
func (s Step) Canonical() Step {
	c := Step{Seat: s.Seat, Kind: s.Kind}
	switch s.Kind {
	case Exchange:
		c.Give, c.Take = s.Give, s.Take
	case Reveal:
		c.Pile = s.Pile
	case PlaceColumn:
		c.Colour, c.To = s.Colour, s.To
	case MoveColumn:
		c.From, c.To = s.From, s.To
	case PlaceFloor, Extend, Lift:
		c.Floor, c.Turn, c.Side, c.HasAt = s.Floor, s.Turn, s.Side, s.HasAt
		if s.HasAt {
			c.At = s.At
		}
		if s.Kind != Extend {
			c.On = s.On
		}
	case GiveUp, Done:
		c.Renew = s.Renew
	}
	return c
}

// String returns the step as a record line without the player:
// "exchange YY for RB", "reveal yellow", "column R on K2", "move K2 to M3",
// "floor M on K2 K4 L1 at 3,-1 turn 2 dark", "extend N at 5,-3 turn 1",
// "lift M to F1 G2 G4 at 0,2 turn 0", "give up renew", "done".
func (s Step) String() string {
	var b strings.Builder
	switch s.Kind {
	case Exchange:
		b.WriteString("exchange " + s.Give.String() + " for " + s.Take.String())
	case Reveal:
		b.WriteString("reveal " + s.Pile.String())
	case PlaceColumn:
		b.WriteString("column " + string(s.Colour.Letter()) + " on " + s.To.String())
	case MoveColumn:
		b.WriteString("move " + s.From.String() + " to " + s.To.String())
	case PlaceFloor, Lift:
		word := " on "
		if s.Kind == Lift {
			word = " to "
		}
		b.WriteString(s.Kind.String() + " " + s.Floor.String() + word + s.On.String())
		if s.HasAt {
			b.WriteString(" at " + s.At.String())
		}
		b.WriteString(" turn " + strconv.Itoa(int(s.Turn)))
		if s.Kind == PlaceFloor && s.Side != NoSide {
			b.WriteString(" " + s.Side.String())
		}
	case Extend:
		b.WriteString("extend " + s.Floor.String() + " at " + s.At.String() + " turn " + strconv.Itoa(int(s.Turn)))
		if s.Side != NoSide {
			b.WriteString(" " + s.Side.String())
		}
	case GiveUp, Done:
		b.WriteString(s.Kind.String())
		if s.Renew {
			b.WriteString(" renew")
		}
	default:
		b.WriteString(s.Kind.String())
	}
	return b.String()
}
