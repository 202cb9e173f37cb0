package notation

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/tablebot/tablebot/rules/menara"
)

// MaxSeatRunes keeps a seat's name short enough to read in a record line.
const MaxSeatRunes = 20

// stepWords are the words that follow a player's name in a step line
// (ParseAction): a player named so could not be told from the step.
var stepWords = [...]string{"exchange", "reveal", "column", "move", "floor", "extend", "lift", "give", "done"}

// SeatNames returns the seats' names in a record for players with the
// given display names, in seat order: each one word made of the letters,
// digits and - _ . ' of the display name ("Ana María" is Ana-María), at
// most MaxSeatRunes letters, different from the others ignoring case (a
// second "ana" is ana2) and from the words records start with (game,
// seed, done...) and the words reserved reports (a caller's commands; nil
// for none): such a name takes a number; "player2" for a display name
// with none of those characters. The same display names always give the
// same seat names.
func SeatNames(display []string, reserved func(word string) bool) []string {
	out := make([]string, len(display))
	taken := map[string]bool{}
	for i, d := range display {
		base := seatWord(d)
		if base == "" {
			base = "player" + strconv.Itoa(i+1)
		}
		name := base
		for n := 2; taken[strings.ToLower(name)] || !freeName(name, reserved); n++ {
			suffix := strconv.Itoa(n)
			name = clipBytes(base, menara.MaxNameLen-len(suffix)) + suffix
		}
		taken[strings.ToLower(name)] = true
		out[i] = name
	}
	return out
}

// freeName reports whether name can name a seat: a valid player name
// that is no step's word nor reserved.
func freeName(name string, reserved func(string) bool) bool {
	if menara.ValidName(name) != nil || reserved != nil && reserved(name) {
		return false
	}
	for _, w := range stepWords {
		if strings.EqualFold(name, w) {
			return false
		}
	}
	return true
}

// seatWord keeps the letters, digits, marks and - _ . ' of a display
// name, its words joined by "-".
func seatWord(display string) string {
	var words []string
	var cur strings.Builder
	flush := func() {
		if w := strings.Trim(cur.String(), "-_.'"); w != "" {
			words = append(words, w)
		}
		cur.Reset()
	}
	for _, r := range norm.NFC.String(display) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) && cur.Len() > 0:
			cur.WriteRune(r)
		case r == '-' || r == '_' || r == '.' || r == '\'':
			cur.WriteRune(r)
		default:
			flush()
		}
	}
	flush()
	w := strings.Join(words, "-")
	if utf8.RuneCountInString(w) > MaxSeatRunes {
		w = string([]rune(w)[:MaxSeatRunes])
	}
	return strings.Trim(clipBytes(w, menara.MaxNameLen), "-_.'")
}

// clipBytes cuts s to at most n bytes at a rune boundary.
func clipBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
