package notation

import (
	"strings"

	"github.com/tablebot/tablebot/rules/menara"
)

// ParsePlacing reads a floor step of kind (PlaceFloor, Extend or Lift)
// from the words after its keyword, with or without the floor's letter:
// floor is the floor the step places (the position's next floor) or
// lifts. "on K2 K4 L1 turn 2 dark" and "M on K2 K4 L1 at 3,-1 turn 2"
// place a floor (or with "at" first extend the base: "at 5,-3 turn 1"),
// "to F1 G2 G4 turn 0" and "M to F1 G2 G4 turn 0" lift one.
func ParsePlacing(seat int, kind menara.Kind, floor menara.FloorID, words []string) (menara.Step, error) {
	kw, first := "floor", "on"
	switch kind {
	case menara.Lift:
		kw = "lift"
	case menara.Extend:
		kw, first = "extend", "at"
	}
	record := []string{kw, floor.String()}
	if len(words) > 0 && floorWritten(kind, floor, first, words[0]) {
		record = record[:1]
	}
	return ParseAction(seat, append(record, words...))
}

// floorWritten reports whether w, the first word after a floor step's
// keyword, names its floor: a lift's floor by its letter; for the others
// any word but first ("on", "at"), which follows the floor.
func floorWritten(kind menara.Kind, floor menara.FloorID, first, w string) bool {
	if kind == menara.Lift {
		return strings.EqualFold(w, floor.String())
	}
	return !strings.EqualFold(w, first)
}
