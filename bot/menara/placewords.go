package menara

import (
	"strings"

	"github.com/tablebot/tablebot/i18n"
)

// typedPlaceWords are the notation's words of a floor's placement that a player
// may also type in their language ("piso sobre K2 K4 L1 giro 2 en 3,-1
// oscura"), each with the message that says it there.
var typedPlaceWords = []struct{ word, id string }{
	{"on", "menara.word.on"}, {"turn", "menara.word.turn"}, {"at", "menara.word.at"},
	{"light", "menara.word.side.light"}, {"dark", "menara.word.side.dark"},
}

// readPlacement reads a typed placement into the notation's words: the
// language's words for on, turn, at, light and dark become the record's;
// other words (bases, q,r, placement codes) stay as typed.
func readPlacement(p *i18n.Printer, s string) (string, bool) {
	f := strings.Fields(s)
	for i, w := range f {
		for _, pw := range typedPlaceWords {
			if strings.EqualFold(w, p.T(pw.id)) {
				f[i] = pw.word
			}
		}
	}
	return strings.Join(f, " "), true
}
