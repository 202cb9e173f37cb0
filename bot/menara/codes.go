package menara

import (
	"strings"
	"unicode"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// The colour codes players see and type are the letters of their
// language (ColourLetter: menara.render.letter.*); records keep the
// English ones (Y R K W B), so the codes are only the face shown. A
// language's code of a colour is the first letter of its name that no
// other colour's name starts with and that is not another colour's
// English code: in Spanish M R N L Z (amarilla, roja, negra, bLanca,
// aZul: B would read as blanca, A as azul), in Italian G R N I L
// (gialla, rossa, nera, bIanca, bLu). Typed, a player's own codes and
// the English ones both read: the two never name different colours.

// columnsCode writes columns by the codes of the printer's language, in
// colour order ("MMRZ"), or "-" when there are none.
func columnsCode(p *i18n.Printer, cols mr.Columns) string {
	if cols.Total() == 0 {
		return "-"
	}
	var b strings.Builder
	for _, c := range cols.List() {
		b.WriteString(ColourLetter(p, c))
	}
	return b.String()
}

// codeColour reads one colour code: the printer's language's, or the
// English one of the records.
func codeColour(p *i18n.Printer, s string) (mr.Colour, bool) {
	if p != nil {
		for _, c := range mr.Colours {
			if strings.EqualFold(s, ColourLetter(p, c)) {
				return c, true
			}
		}
	}
	if len(s) == 1 {
		return mr.ParseColour(s)
	}
	return 0, false
}

// colourNames are the colours of columns as players type and find them
// (bot.Named): the record's letter, the English name, and the letter and
// the name of the asker's language; any other word is left for
// makeColumn to refuse.
func colourNames() bot.Named {
	n := bot.Named{Words: []string{"menara.render.letter.", "menara.render.colour."}}
	for _, c := range mr.Colours {
		n.Values, n.Keys = append(n.Values, string(c.Letter())), append(n.Keys, c.String())
	}
	return n
}

// parseColumns reads columns written by codes of the printer's language
// or English ones, in any order and case ("MMZ", "yyb").
func parseColumns(p *i18n.Printer, s string) (mr.Columns, bool) {
	var cols mr.Columns
	if s == "" {
		return cols, false
	}
	for _, r := range s {
		c, ok := codeColour(p, string(r))
		if !ok || cols[c] == 255 {
			return mr.Columns{}, false
		}
		cols[c]++
	}
	return cols, true
}

// readColumns reads typed columns as parseColumns does, into record
// letters ("YYB"); other words are left for makeExchange to refuse.
func readColumns(p *i18n.Printer, s string) (string, bool) {
	if cols, ok := parseColumns(p, strings.TrimSpace(s)); ok {
		return cols.String(), true
	}
	return s, true
}

// ambiguousCode reports whether letter r, typed by a player of p's
// language, reads as two colours: an English code (B, blue) that is not
// the language's code of that colour but begins the name of another
// colour in the language (B for blanca, bianca: white). It returns that
// colour and the English code's.
func ambiguousCode(p *i18n.Printer, r rune) (native, english mr.Colour, ok bool) {
	if p == nil || p.Lang() == i18n.English {
		return 0, 0, false
	}
	english, ok = mr.ParseColour(string(r))
	if !ok || strings.EqualFold(ColourLetter(p, english), string(r)) {
		return 0, 0, false
	}
	for _, c := range mr.Colours {
		if name := []rune(ColourName(p, c)); c != english && len(name) > 0 && unicode.ToUpper(name[0]) == unicode.ToUpper(r) {
			return c, english, true
		}
	}
	return 0, 0, false
}

// ambiguousWord returns the error for the first word of words written in
// colour codes (the columns of an exchange, a column's colour) with a
// letter that reads as two colours in p's language (ambiguousCode); nil
// when there is none. A record line is not asked: its codes are English.
func ambiguousWord(p *i18n.Printer, words []string) error {
	for _, w := range words {
		if _, ok := parseColumns(p, w); !ok {
			continue
		}
		for _, r := range w {
			if native, english, ok := ambiguousCode(p, r); ok {
				return bot.Fail(bot.Invalid, "menara.err.ambiguous", "word", w, "letter", string(unicode.ToUpper(r)),
					"native", native, "nativeCode", oneColumn(native), "english", english, "englishCode", oneColumn(english))
			}
		}
	}
	return nil
}

// oneColumn is one column of colour c: written as its code in a message.
func oneColumn(c mr.Colour) mr.Columns {
	var cols mr.Columns
	cols[c] = 1
	return cols
}
