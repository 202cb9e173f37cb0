package notation

import (
	"strconv"
	"strings"

	"github.com/tablebot/tablebot/rules/menara"
)

// A placement code names one exact position of a floor in at most 14
// characters without a colon, short enough for a menu's value or a
// custom id: <kind><floor><q>,<r>t<turn>[<side>], the kind f for a new
// floor on columns, e for a base extension and l for a lifted floor
// (which keeps its side), the side L or D: "fM3,-1t2L", "eN5,-3t1D",
// "lM0,2t0". The columns under it follow from the position, so a code is
// only read against the position it was made for (FindPlacement).

// PlacementCode writes the placement code of floor step s (a PlaceFloor,
// Extend or Lift step with its cell).
func PlacementCode(s menara.Step) string {
	var b strings.Builder
	switch s.Kind {
	case menara.PlaceFloor:
		b.WriteByte('f')
	case menara.Extend:
		b.WriteByte('e')
	default:
		b.WriteByte('l')
	}
	b.WriteString(s.Floor.String())
	b.WriteString(s.At.String())
	b.WriteByte('t')
	b.WriteString(strconv.Itoa(int(s.Turn)))
	switch {
	case s.Kind == menara.Lift:
	case s.Side == menara.Dark:
		b.WriteByte('D')
	default:
		b.WriteByte('L')
	}
	return b.String()
}

// IsPlacementCode reports whether text has the shape of a placement code,
// rather than of a record's words.
func IsPlacementCode(text string) bool {
	return len(text) > 2 && strings.IndexByte("fel", text[0]) >= 0 && text[1] >= 'A' && text[1] <= 'Z' && !strings.ContainsRune(text, ' ')
}

// FindPlacement finds, among placements pls (a position's Placements),
// the one code names; false when code names none of them.
func FindPlacement(pls []menara.Placement, code string) (menara.Placement, bool) {
	code = strings.TrimSpace(code)
	if !IsPlacementCode(code) {
		return menara.Placement{}, false
	}
	for _, pl := range pls {
		if pl.Step.HasAt && PlacementCode(pl.Step) == code {
			return pl, true
		}
	}
	return menara.Placement{}, false
}
