package notation

import (
	"strings"

	"github.com/tablebot/tablebot/rules/menara"
)

// shakyBand is the word after "hands shaky" that names today's amber band
// (δ_safe = 1.5 mm). A record whose hands line says shaky without it was
// played with the first, wide band (menara.ShakyWide) and replays so.
const shakyBand = "1.5mm"

// HandsLine returns a record's hands line for h: "hands steady", "hands
// shaky 1.5mm", or "hands shaky" for the first shaky hands.
func HandsLine(h menara.Hands) string {
	switch h {
	case menara.Shaky:
		return menara.HeaderHands + " shaky " + shakyBand
	case menara.ShakyWide:
		return menara.HeaderHands + " shaky"
	}
	return menara.HeaderHands + " " + h.String()
}

// parseHands reads a hands line's words: steady, shaky 1.5mm, or shaky
// alone (the first band).
func parseHands(vals []string) (menara.Hands, error) {
	usage := func() error {
		return invalid("notation.header.usage", []any{"usage", "hands steady or hands shaky " + shakyBand},
			"write hands steady or hands shaky %s", shakyBand)
	}
	switch {
	case len(vals) == 1 && strings.EqualFold(vals[0], "steady"):
		return menara.Steady, nil
	case len(vals) == 1 && strings.EqualFold(vals[0], "shaky"):
		return menara.ShakyWide, nil
	case len(vals) == 2 && strings.EqualFold(vals[0], "shaky") && strings.EqualFold(vals[1], shakyBand):
		return menara.Shaky, nil
	case len(vals) == 1 || len(vals) == 2 && strings.EqualFold(vals[0], "shaky"):
		w := strings.Join(vals, " ")
		return 0, invalid("notation.hands", []any{"word", clip(w)}, "%q is not a hand mode: steady or shaky %s", clip(w), shakyBand)
	}
	return 0, usage()
}
