package menara

import (
	"embed"
	"fmt"
	"strings"

	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
	"github.com/tablebot/tablebot/rules/menara/notation"
)

//go:embed locales
var locales embed.FS

// Source is the game's part of the message catalogue, for i18n.New.
func Source() i18n.Source { return i18n.Source{Files: locales, Terms: terms} }

// terms writes the game's values in the printer's language (i18n.Terms):
// colours, piles and sides by their names; floors, bases, sets of
// columns and cells by their notation; a record's usage line as its
// language says it.
func terms(p *i18n.Printer, v any) (string, bool) {
	switch v := v.(type) {
	case mr.Colour:
		return ColourName(p, v), true
	case mr.Pile:
		return PileName(p, v), true
	case mr.Side:
		if v == mr.Dark {
			return p.T("menara.word.side.dark"), true
		}
		return p.T("menara.word.side.light"), true
	case mr.Columns:
		return columnsCode(p, v), true
	case mr.FloorID, mr.Base, mr.BaseSet, mr.Hex:
		return v.(fmt.Stringer).String(), true
	case notation.Usage:
		// A record's usage keeps its words but says the rest:
		// menara.usage.record-<its step word>.
		word, _, _ := strings.Cut(string(v), " ")
		return p.T("menara.usage.record-" + word), true
	}
	return "", false
}

// ColourName is a column's colour in words, as said of a column ("roja").
func ColourName(p *i18n.Printer, c mr.Colour) string {
	return p.T("menara.render.colour." + c.String())
}

// ColourLetter is the letter printed on the columns and bases of colour c.
func ColourLetter(p *i18n.Printer, c mr.Colour) string {
	return p.T("menara.render.letter." + c.String())
}

// pileWord is a pile's colour as said of the pile itself ("el mazo
// amarillo"), which in Spanish and Italian differs from PileName, said of
// a card ("una tarjeta amarilla").
func pileWord(p *i18n.Printer, pl mr.Pile) string { return p.T("menara.word.pile." + pl.String()) }

// PileName is a pile of plan cards by the colour of its glyph, as said of
// a card ("amarilla").
func PileName(p *i18n.Printer, pl mr.Pile) string { return p.T("menara.render.pile." + pl.String()) }
