package ai

import "github.com/tablebot/tablebot/rules/menara"

// Among says which placements Placements lists.
type Among uint8

const (
	// PlaceNew lists where the new floor may go: on columns, then beside
	// the base.
	PlaceNew Among = iota
	// PlaceOnColumns lists the new floor's places on columns only, and
	// PlaceExtend its places beside the base.
	PlaceOnColumns
	PlaceExtend
	// PlaceLift lists the places of one lifted floor.
	PlaceLift
)

// Placements returns, of a position's placements pls (as
// Position.Placements lists and ranks them: the temple steadiest first;
// base extensions after the places on columns; places that bring the
// temple down last), those a player chooses among, one for each choice a
// player tells apart: a floor on
// columns once for each set of columns, turn and side (the steadiest
// place over them, which the step without "at" also takes), an extension
// once for each turn and side (the one that shares the most edges). For
// PlaceLift, floor is the lifted floor.
func Placements(pls []menara.Placement, among Among, floor menara.FloorID) []menara.Placement {
	type key struct {
		kind  menara.Kind
		floor menara.FloorID
		on    menara.BaseSet
		turn  uint8
		side  menara.Side
	}
	seen := map[key]bool{}
	var out []menara.Placement
	for _, pl := range pls {
		s := pl.Step
		switch {
		case among == PlaceLift && (s.Kind != menara.Lift || s.Floor != floor),
			among == PlaceOnColumns && s.Kind != menara.PlaceFloor,
			among == PlaceExtend && s.Kind != menara.Extend,
			among == PlaceNew && s.Kind != menara.PlaceFloor && s.Kind != menara.Extend:
			continue
		}
		k := key{s.Kind, s.Floor, s.On, s.Turn, s.Side}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, pl)
	}
	return out
}

// Liftable returns, of a position's placements pls, the floors the
// move-a-floor card may move now, the one with the steadiest place first.
func Liftable(pls []menara.Placement) []menara.FloorID {
	var out []menara.FloorID
	seen := map[menara.FloorID]bool{}
	for _, pl := range pls {
		if f := pl.Step.Floor; pl.Step.Kind == menara.Lift && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// Lifts returns, of a position's placements pls, the places of the lifted
// floor f a player chooses among (see Placements); for NoFloor those of
// every floor the card may move, floor by floor as Liftable lists them.
func Lifts(pls []menara.Placement, f menara.FloorID) []menara.Placement {
	var out []menara.Placement
	for _, lf := range Liftable(pls) {
		if f == menara.NoFloor || lf == f {
			out = append(out, Placements(pls, PlaceLift, lf)...)
		}
	}
	return out
}

// PileLeft returns the cards left in pile pl as everyone knows them (the
// pile's cards but those revealed so far), in deck order.
func PileLeft(p *menara.Position, pl menara.Pile) []menara.Card {
	deck := menara.Deck()
	ids := p.Unseen().Piles[pl]
	out := make([]menara.Card, len(ids))
	for i, c := range ids {
		out[i] = deck[c]
	}
	return out
}
