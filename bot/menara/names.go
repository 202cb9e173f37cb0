package menara

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/tablebot/tablebot/bot"
	mr "github.com/tablebot/tablebot/rules/menara"
)

// maxSeatRunes keeps a seat's name short enough to read in a record line.
const maxSeatRunes = 20

// ownWords are the record's step words, Menara's subcommands and the
// terminal's own words (tablebot local's).
var ownWords = map[string]bool{
	"exchange": true, "reveal": true, "column": true, "move": true, "floor": true, "extend": true, "lift": true,
	"give": true, "giveup": true, "done": true, "place": true,
	"quit": true, "exit": true, "help": true, "as": true, "moves": true, "computer": true,
}

// commandWord reports whether a record line or a line typed in tablebot
// local may start with word (Menara's, or one of the host's subcommands):
// a player named so could not be told from the command ("done renew",
// "history 10"). SeatNames never gives them.
func commandWord(word string) bool {
	word = strings.ToLower(word)
	return ownWords[word] || slices.Contains(bot.HostCommandNames(), word)
}

// SeatNames returns the seats' names in a record for players with the
// given display names, in seat order: each one word made of the letters,
// digits and - _ . ' of the display name ("Ana María" is Ana-María), at
// most 20 letters, different from the others ignoring case (a second
// "ana" is ana2) and from the words records and commands start with
// (game, seed, done, undo...; such a name takes a number); "player2" for
// a display name with none of those characters. The same display names
// always give the same seat names.
func SeatNames(display []string) []string {
	out := make([]string, len(display))
	taken := map[string]bool{}
	for i, d := range display {
		base := seatWord(d)
		if base == "" {
			base = "player" + strconv.Itoa(i+1)
		}
		name := base
		for n := 2; taken[strings.ToLower(name)] || !freeName(name); n++ {
			suffix := strconv.Itoa(n)
			name = clipBytes(base, mr.MaxNameLen-len(suffix)) + suffix
		}
		taken[strings.ToLower(name)] = true
		out[i] = name
	}
	return out
}

// freeName reports whether name can name a seat: a valid player name
// that no record or command line starts with.
func freeName(name string) bool {
	return mr.ValidName(name) == nil && !commandWord(name)
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
	if utf8.RuneCountInString(w) > maxSeatRunes {
		w = string([]rune(w)[:maxSeatRunes])
	}
	return strings.Trim(clipBytes(w, mr.MaxNameLen), "-_.'")
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
