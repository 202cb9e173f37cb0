package ai

import "github.com/tablebot/tablebot/rules/menara"

// buildable reports whether card looks buildable with seat's columns in
// p: enough empty bases of the colours in hand (on one floor for a
// one-floor card; a floor the hand can fill for a fill card), enough
// columns with a higher base to move to, a floor on columns with nothing
// on it to move. It looks at colours and counts only, not at the statics.
func buildable(p *menara.Position, seat int, card menara.Card) bool {
	hand := p.Hand(seat)
	total, perFloor := emptyBases(p)
	usable := func(empty menara.Columns) int {
		n := 0
		for _, c := range menara.Colours {
			n += int(min(empty[c], hand[c]))
		}
		return n
	}
	switch card.Type {
	case menara.PlaceCard:
		return usable(total) >= int(card.N)
	case menara.OneFloorCard:
		for _, empty := range perFloor {
			if usable(empty) >= int(card.N) {
				return true
			}
		}
	case menara.FillCard:
		for _, empty := range perFloor {
			if empty.Total() > 0 && hand.Covers(empty) {
				return true
			}
		}
	case menara.MoveCard:
		return movable(p, perFloor) >= int(card.N)
	case menara.LiftCard:
		for _, f := range p.PlacedFloors() {
			if p.Level(f) > 0 && !p.Fallen(f) && !carriesAny(p, f) {
				return true
			}
		}
	}
	return false
}

// emptyBases counts the empty bases of the standing floors by colour, in
// all and floor by floor.
func emptyBases(p *menara.Position) (menara.Columns, map[menara.FloorID]menara.Columns) {
	var total menara.Columns
	perFloor := map[menara.FloorID]menara.Columns{}
	for _, f := range p.PlacedFloors() {
		if p.Fallen(f) {
			continue
		}
		for i, spot := range p.FloorBases(f) {
			if !p.Column(menara.Base{Floor: f, N: uint8(i + 1)}) {
				total[spot.Colour]++
				e := perFloor[f]
				e[spot.Colour]++
				perFloor[f] = e
			}
		}
	}
	return total, perFloor
}

// movable counts the standing columns with an empty base of their colour
// higher up.
func movable(p *menara.Position, perFloor map[menara.FloorID]menara.Columns) int {
	n := 0
	for _, f := range p.PlacedFloors() {
		for i, spot := range p.FloorBases(f) {
			b := menara.Base{Floor: f, N: uint8(i + 1)}
			if p.Column(b) && !p.ColumnFallen(b) && higherBase(p, perFloor, p.Level(f), spot.Colour) {
				n++
			}
		}
	}
	return n
}

// higherBase reports whether an empty base of colour c lies above level.
func higherBase(p *menara.Position, perFloor map[menara.FloorID]menara.Columns, level int, c menara.Colour) bool {
	for f, empty := range perFloor {
		if p.Level(f) > level && empty[c] > 0 {
			return true
		}
	}
	return false
}

// carriesAny reports whether a column on floor f carries a floor.
func carriesAny(p *menara.Position, f menara.FloorID) bool {
	for i := range p.FloorBases(f) {
		if p.Carrier(menara.Base{Floor: f, N: uint8(i + 1)}) != menara.NoFloor {
			return true
		}
	}
	return false
}
