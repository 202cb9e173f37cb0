package render

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// MaxNameRunes is the most letters CleanName keeps of a name: it bounds
// the work spent on a name before the drawing fits it into its box.
const MaxNameRunes = 64

// CleanName returns a player's name (a Discord name, say: any text) as it
// can be drawn: composed (NFC), with the letters the fonts cannot draw
// (emoji, CJK, say) and control characters left out, runs of spaces
// collapsed to one and trimmed, and at most MaxNameRunes letters kept. It
// returns "" when nothing drawable is left, for the game to call the
// player something else (their colour, say).
func CleanName(s string) string {
	var b strings.Builder
	n := 0
	space := false
	for _, r := range norm.NFC.String(truncateRunes(s, 4*MaxNameRunes)) {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if !Drawable(r) {
			continue
		}
		if space {
			if n++; n == MaxNameRunes {
				break
			}
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
		if n++; n == MaxNameRunes {
			break
		}
	}
	return b.String()
}

func truncateRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// Drawable reports whether the Go fonts have a glyph for r, for the letters
// and signs that names are made of: Latin with its accents, Greek,
// Cyrillic, digits and common punctuation. (A test checks this against the
// fonts.)
func Drawable(r rune) bool {
	switch {
	case r >= 0x21 && r <= 0x7e, r >= 0xa1 && r <= 0x17f,
		r >= 0x1cd && r <= 0x1dc, r >= 0x1fa && r <= 0x1ff, r >= 0x218 && r <= 0x21b,
		r >= 0x388 && r <= 0x38a, r == 0x38c, r >= 0x38e && r <= 0x3a1, r >= 0x3a3 && r <= 0x3ce,
		r >= 0x400 && r <= 0x45f, r == 0x490, r == 0x491,
		r >= 0x1e80 && r <= 0x1e85, r == 0x1ef2, r == 0x1ef3,
		r >= 0x2013 && r <= 0x2015, r >= 0x2018 && r <= 0x201e, r == 0x2026:
		return r != 0xad // a soft hyphen draws nothing useful
	}
	return false
}
