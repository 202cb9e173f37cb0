package menara

import (
	"math/rand/v2"
	"strings"
)

// floorState is where a floor lies in the temple: its reference cell, turn,
// side and level; level is -1 while the floor is in the quarry.
type floorState struct {
	at    Hex
	level int8
	side  Side
	turn  uint8
}

// Position is the whole state of a game at one moment: the options, the
// seeded random stream, the bag, camp and hands, the quarry, the temple
// (floors, columns and the statics computed from them), the piles and the
// level row, and where the turn stands.
//
// Position is a flat, comparable value of about 1.3 kilobytes with no
// pointers, so assigning it copies the game (the random stream included):
// look-ahead can make as many copies as it likes. Its methods take a
// pointer, to spare copying it: call them on a variable (p :=
// g.Position(); p.Turn()). Apply and Preview never change their receiver.
//
// Invariants, kept by every method that returns a Position:
//   - every column is in the bag, the camp, a hand or the temple, and the
//     counts by colour add up to the pool;
//   - the floors placed are quarry[:drawn]; level-0 floors lie on the table
//     and a floor of level L+1 rests on at least 3 columns standing on
//     level-L floors, none carrying another floor;
//   - no two floors of one level overlap;
//   - margins, holds and the loads the columns carry are those of the
//     statics computed from the structure (design §3);
//   - while the game is on, every floor holds.
type Position struct {
	nplayers   uint8
	difficulty Difficulty
	hands      Hands
	baseSide   Side
	seed       uint64
	rng        rand.PCG
	names      [MaxPlayers]name

	phase   Phase
	outcome Outcome

	bag, camp Columns
	hand      [MaxPlayers]Columns

	quarry        [NumFloors]FloorID // the floors in the order they are drawn
	drawn         uint8              // floors taken from the quarry
	floors        [NumFloors]floorState
	fallen        uint32  // floors that fell, by bit
	columns       BaseSet // bases with a column, standing or fallen
	fallenColumns BaseSet
	supports      [NumFloors]BaseSet // the columns each floor rests on
	// carried is the load (mg) the column on each base takes from the floor
	// resting on it, after the split; 0 for a free column.
	carried   [NumBaseSlots]int32
	margins   [NumFloors]int32 // µm; meaningful where hasMargin is set
	hasMargin uint32
	holds     uint32

	order    [NumCards]CardID // pile p is order[pileStart[p]:pileStart[p+1]], top first
	revealed [NumPiles]uint8  // cards taken from each pile
	levelRow uint8            // cards in the level row: level cards and plan cards

	turn      uint8 // seat of the player to act
	stage     Stage
	card      CardID  // the card in play, NoCard before the reveal
	progress  uint8   // columns placed or moved, or floors lifted, for the card
	fromHand  uint8   // columns placed from the hand this turn: the refill
	chosen    FloorID // the floor a one-floor or fill card builds on
	exchanged bool
	toRow     bool // the card goes to the level row when the turn ends
	failed    bool // a shaky step failed
	moved     BaseSet
}

// NumPlayers returns the number of players, 1 to 4.
func (p *Position) NumPlayers() int { return int(p.nplayers) }

// Players returns the players' names in seat order.
func (p *Position) Players() []string {
	out := make([]string, p.nplayers)
	for i := range out {
		out[i] = p.names[i].String()
	}
	return out
}

// Player returns the name of the player in seat i.
func (p *Position) Player(i int) string {
	if i < 0 || i >= int(p.nplayers) {
		return ""
	}
	return p.names[i].String()
}

// SeatOf returns the seat of the player named s (ignoring case).
func (p *Position) SeatOf(s string) (int, bool) {
	for i := range int(p.nplayers) {
		if strings.EqualFold(p.names[i].String(), s) {
			return i, true
		}
	}
	return -1, false
}

// Difficulty returns the game's difficulty.
func (p *Position) Difficulty() Difficulty { return p.difficulty }

// Hands returns the game's hand mode.
func (p *Position) Hands() Hands { return p.hands }

// BaseSide returns the side the base's floors were laid with.
func (p *Position) BaseSide() Side { return p.baseSide }

// Seed returns the seed the game was set up from.
func (p *Position) Seed() uint64 { return p.seed }

// Phase returns whether the game goes on.
func (p *Position) Phase() Phase { return p.phase }

// Outcome returns how the game ended; the zero Outcome while it goes on.
func (p *Position) Outcome() Outcome { return p.outcome }

// Turn returns the seat of the player to act, or -1 when the game is over.
func (p *Position) Turn() int {
	if p.phase == Over {
		return -1
	}
	return int(p.turn)
}

// Stage returns where the turn stands.
func (p *Position) Stage() Stage { return p.stage }

// Bag returns the columns in the bag.
func (p *Position) Bag() Columns { return p.bag }

// Camp returns the columns in the camp.
func (p *Position) Camp() Columns { return p.camp }

// Hand returns the columns of the player in seat i.
func (p *Position) Hand(i int) Columns {
	if i < 0 || i >= int(p.nplayers) {
		return Columns{}
	}
	return p.hand[i]
}

// PileLeft returns how many cards are left in pile pl.
func (p *Position) PileLeft(pl Pile) int {
	if !pl.Valid() {
		return 0
	}
	return PileSize(pl) - int(p.revealed[pl])
}

// CardsLeft returns how many plan cards are left in all piles.
func (p *Position) CardsLeft() int {
	n := 0
	for pl := Pile(0); pl < NumPiles; pl++ {
		n += p.PileLeft(pl)
	}
	return n
}

// Quarry returns how many floors are left in the quarry.
func (p *Position) Quarry() int { return NumFloors - int(p.drawn) }

// NextFloor returns the floor on top of the quarry, the next to be placed,
// or NoFloor when the quarry is empty.
func (p *Position) NextFloor() FloorID {
	if p.drawn >= NumFloors {
		return NoFloor
	}
	return p.quarry[p.drawn]
}

// PlacedFloors returns the floors in the temple (fallen ones included) in
// the order they were placed; the first three are the starting base.
func (p *Position) PlacedFloors() []FloorID {
	return append([]FloorID(nil), p.quarry[:p.drawn]...)
}

// Required returns the number of cards in the level row: the levels the
// temple needs at the end.
func (p *Position) Required() int { return int(p.levelRow) }

// Height returns the temple's highest level among standing floors; the base
// is level 0.
func (p *Position) Height() int {
	h := 0
	for _, f := range p.quarry[:p.drawn] {
		if p.fallen&(1<<f) == 0 {
			h = max(h, int(p.floors[f].level))
		}
	}
	return h
}

// Card returns the card in play, if one has been revealed this turn.
func (p *Position) Card() (Card, bool) {
	if p.card == NoCard {
		return Card{}, false
	}
	return deck[p.card], true
}

// Progress returns how many columns the player has placed or moved for the
// card so far (1 after a floor was lifted).
func (p *Position) Progress() int { return int(p.progress) }

// FromHand returns how many columns the player placed from their hand this
// turn: how many they will draw when the turn ends.
func (p *Position) FromHand() int { return int(p.fromHand) }

// Chosen returns the floor a one-floor or fill card builds on, chosen by its
// first column, or NoFloor.
func (p *Position) Chosen() FloorID { return p.chosen }

// Exchanged reports whether the player has exchanged with the camp this
// turn.
func (p *Position) Exchanged() bool { return p.exchanged }

// ToLevelRow reports whether the card in play will go to the level row
// when the turn ends (a base extension was made, or a shaky step failed).
func (p *Position) ToLevelRow() bool { return p.toRow }

// Failed reports whether a shaky step failed this turn.
func (p *Position) Failed() bool { return p.failed }

// Moved reports whether the column on base b was moved this turn (it may
// not move again).
func (p *Position) Moved(b Base) bool { return p.moved.Has(b) }

// FloorPlace says where a floor lies: its side, turn (steps of 60°), the
// world cell of its reference cell and its level.
type FloorPlace struct {
	Side  Side
	Turn  int
	At    Hex
	Level int
}

// Placed reports whether floor f is in the temple (standing or fallen).
func (p *Position) Placed(f FloorID) bool { return f.Valid() && p.floors[f].level >= 0 }

// Where returns where floor f lies, and false when it is not placed.
func (p *Position) Where(f FloorID) (FloorPlace, bool) {
	if !p.Placed(f) {
		return FloorPlace{}, false
	}
	s := &p.floors[f]
	return FloorPlace{s.side, int(s.turn), s.at, int(s.level)}, true
}

// Level returns floor f's level, or -1 when it is not placed.
func (p *Position) Level(f FloorID) int {
	if !f.Valid() {
		return -1
	}
	return int(p.floors[f].level)
}

// Fallen reports whether floor f fell in a collapse.
func (p *Position) Fallen(f FloorID) bool { return f.Valid() && p.fallen&(1<<f) != 0 }

// Margin returns floor f's margin in µm (design §3) and true, or false when
// it has none: on level 0, not placed, or resting on fewer than 3 columns
// or on columns all in one line.
func (p *Position) Margin(f FloorID) (int, bool) {
	if !p.Placed(f) || p.hasMargin&(1<<f) == 0 {
		return 0, false
	}
	return int(p.margins[f]), true
}

// Holds reports whether floor f holds: level 0, or a margin of at least
// δ(L).
func (p *Position) Holds(f FloorID) bool {
	return p.Placed(f) && (p.floors[f].level == 0 || p.holds&(1<<f) != 0)
}

// Supports returns the columns floor f rests on, before lift-off.
func (p *Position) Supports(f FloorID) BaseSet {
	if !p.Placed(f) {
		return BaseSet{}
	}
	return p.supports[f]
}

// FloorCells returns the world cells of floor f as placed, in the reading
// order of its side.
func (p *Position) FloorCells(f FloorID) []Hex {
	if !p.Placed(f) {
		return nil
	}
	s := &p.floors[f]
	sh := &shapes[f][s.side.index()]
	out := make([]Hex, sh.ncells)
	for i := range out {
		out[i] = s.at.Add(sh.cells[i].Rotate(int(s.turn)))
	}
	return out
}

// FloorBases returns the bases of floor f as placed, with world cells; base
// n is FloorBases(f)[n-1].
func (p *Position) FloorBases(f FloorID) []Spot {
	if !p.Placed(f) {
		return nil
	}
	s := &p.floors[f]
	sh := &shapes[f][s.side.index()]
	out := make([]Spot, sh.nbases)
	for i := range out {
		out[i] = Spot{s.at.Add(sh.bases[i].Cell.Rotate(int(s.turn))), sh.bases[i].Colour}
	}
	return out
}

// Column reports whether a column stands (or lies fallen) on base b.
func (p *Position) Column(b Base) bool { return p.columns.Has(b) }

// Columns returns the bases with a column, fallen ones included.
func (p *Position) Columns() BaseSet { return p.columns }

// ColumnFallen reports whether the column on base b fell in a collapse.
func (p *Position) ColumnFallen(b Base) bool { return p.fallenColumns.Has(b) }

// BaseColour returns the colour of base b, and false when b is not a base of
// a placed floor.
func (p *Position) BaseColour(b Base) (Colour, bool) {
	if !p.isBase(b) {
		return 0, false
	}
	return p.baseSpot(b).Colour, true
}

// BaseCell returns the world cell of base b, and false when b is not a base
// of a placed floor.
func (p *Position) BaseCell(b Base) (Hex, bool) {
	if !p.isBase(b) {
		return Hex{}, false
	}
	return p.baseCell(b), true
}

// Carrier returns the floor resting on the column on base b, or NoFloor.
func (p *Position) Carrier(b Base) FloorID {
	if !b.Valid() {
		return NoFloor
	}
	return p.carrier(b.slot())
}

// Carried returns the load in mg that the column on base b takes from the
// floor resting on it (0 for a free column).
func (p *Position) Carried(b Base) int {
	if !b.Valid() {
		return 0
	}
	return int(p.carried[b.slot()])
}

// isBase reports whether b is a base of a placed floor's side that is up.
func (p *Position) isBase(b Base) bool {
	return b.Valid() && p.floors[b.Floor].level >= 0 &&
		int(b.N) <= int(shapes[b.Floor][p.floors[b.Floor].side.index()].nbases)
}

func (p *Position) baseSpot(b Base) Spot {
	return shapes[b.Floor][p.floors[b.Floor].side.index()].bases[b.N-1]
}

// baseCell returns the world cell of a base of a placed floor.
func (p *Position) baseCell(b Base) Hex {
	s := &p.floors[b.Floor]
	return s.at.Add(p.baseSpot(b).Cell.Rotate(int(s.turn)))
}

// carrier returns the floor resting on the column in slot i, or NoFloor.
func (p *Position) carrier(i int) FloorID {
	for _, f := range p.quarry[:p.drawn] {
		if p.supports[f].has(i) {
			return f
		}
	}
	return NoFloor
}

// carrying returns every column some floor rests on.
func (p *Position) carrying() BaseSet {
	var s BaseSet
	for _, f := range p.quarry[:p.drawn] {
		s = s.or(p.supports[f])
	}
	return s
}

// full reports whether every base of floor f holds a column.
func (p *Position) full(f FloorID) bool {
	all := floorSlots(f, int(shapes[f][p.floors[f].side.index()].nbases))
	return p.columns.and(all) == all
}

// standingMask returns the placed floors that have not fallen, by bit.
func (p *Position) standingMask() uint32 {
	var m uint32
	for _, f := range p.quarry[:p.drawn] {
		m |= 1 << f
	}
	return m &^ p.fallen
}

// maxLevel returns the highest level of any placed floor.
func (p *Position) maxLevel() int {
	h := 0
	for _, f := range p.quarry[:p.drawn] {
		h = max(h, int(p.floors[f].level))
	}
	return h
}

// collapsed reports whether some floor on columns does not hold (fallen
// ones included: a collapse marks them fallen).
func (p *Position) collapsed() bool {
	for _, f := range p.quarry[:p.drawn] {
		if p.floors[f].level > 0 && p.holds&(1<<f) == 0 {
			return true
		}
	}
	return false
}
