package menara

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablebot/tablebot/rules"
)

// Difficulty sets how many level cards start the level row and how many
// columns each player holds.
type Difficulty uint8

// The difficulties.
const (
	Easy Difficulty = iota
	Medium
	Hard
	numDifficulties = 3
)

var difficultyNames = [numDifficulties]string{"easy", "medium", "hard"}

// Valid reports whether d is a difficulty.
func (d Difficulty) Valid() bool { return d < numDifficulties }

// String returns "easy", "medium" or "hard".
func (d Difficulty) String() string {
	if d.Valid() {
		return difficultyNames[d]
	}
	return "difficulty?"
}

// ParseDifficulty reads a difficulty in any case.
func ParseDifficulty(s string) (Difficulty, bool) {
	for i, n := range difficultyNames {
		if strings.EqualFold(s, n) {
			return Difficulty(i), true
		}
	}
	return 0, false
}

// Hands is how the players' hands are modelled (design §3).
type Hands uint8

// The hand modes.
const (
	// Steady: the statics decide and nothing is random.
	Steady Hands = iota
	// Shaky: a step that leaves a floor in the amber band, from δ(L) up to
	// δ_safe (1.5 mm), may fail, drawn from the game's seeded stream.
	Shaky
	// ShakyWide is shaky hands as first built (2026-11-26), with the amber
	// band up to 5 mm: records whose hands line says shaky without a band
	// replay so, exactly as they were played. New games are Shaky.
	ShakyWide
)

var handsNames = [...]string{Steady: "steady", Shaky: "shaky", ShakyWide: "shaky-wide"}

// Valid reports whether h is a hand mode.
func (h Hands) Valid() bool { return int(h) < len(handsNames) }

// String returns "steady", "shaky" or "shaky-wide".
func (h Hands) String() string {
	if h.Valid() {
		return handsNames[h]
	}
	return "hands?"
}

// Shaky reports whether a step may fail (Shaky or ShakyWide).
func (h Hands) Shaky() bool { return h == Shaky || h == ShakyWide }

// Safe returns δ_safe in µm for these hands: the margin from which a floor
// is green. Steady hands roll nothing; their badges use Shaky's band.
func (h Hands) Safe() int {
	if h == ShakyWide {
		return wideSafeUM
	}
	return safeUM
}

// ParseHands reads a hand mode in any case: steady, shaky or shaky-wide.
func ParseHands(s string) (Hands, bool) {
	for i, n := range handsNames {
		if strings.EqualFold(s, n) {
			return Hands(i), true
		}
	}
	return 0, false
}

// Options are what players choose when they start a game.
type Options struct {
	// Players names the players in seat order, 1 to 4 of them. A name is
	// one word (see ValidName); names differ even ignoring case.
	Players    []string
	Difficulty Difficulty
	Hands      Hands
	// Side is the side of the base's three floors: Light (NoSide means
	// Light) or Dark.
	Side Side
}

// MaxNameLen is the longest player name, in bytes.
const MaxNameLen = 32

// The words a record's header lines start with, in the order records are
// written (rules/menara/notation writes and reads them): no player may be
// so named, or they could not start a step line.
const (
	HeaderGame       = "game"
	HeaderPlayers    = "players"
	HeaderDifficulty = "difficulty"
	HeaderHands      = "hands"
	HeaderSeed       = "seed"
	HeaderSide       = "side"
)

// reservedNames are the header words, which no player may be named.
var reservedNames = [...]string{HeaderGame, HeaderPlayers, HeaderDifficulty, HeaderHands, HeaderSeed, HeaderSide}

// ValidName returns nil when s can name a player: one word of 1 to 32 bytes
// of UTF-8 letters, digits and marks such as - _ . ', none of which is '#',
// and not one of the words record headers start with.
func ValidName(s string) error {
	if s == "" || len(s) > MaxNameLen || !utf8.ValidString(s) {
		return rules.Errorf(rules.Invalid, "menara.name.length", []any{"max", MaxNameLen},
			"a player's name is one word of 1 to %d bytes", MaxNameLen)
	}
	for _, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) || r == '#' || r == ',' || !unicode.IsPrint(r) {
			return rules.Errorf(rules.Invalid, "menara.name.word", []any{"name", s},
				"%q cannot name a player: a name is one word, without spaces, commas or #", s)
		}
	}
	for _, w := range reservedNames {
		if strings.EqualFold(s, w) {
			return rules.Errorf(rules.Invalid, "menara.name.reserved", []any{"name", s},
				"%q cannot name a player: records use that word", s)
		}
	}
	return nil
}

// check validates the options.
func (o *Options) check() error {
	n := len(o.Players)
	if n < MinPlayers || n > MaxPlayers {
		return rules.Errorf(rules.Invalid, "menara.players.count", []any{"count", n},
			"Menara is for 1 to 4 players, not %d", n)
	}
	for i, name := range o.Players {
		if err := ValidName(name); err != nil {
			return err
		}
		for _, other := range o.Players[:i] {
			if strings.EqualFold(name, other) {
				return rules.Errorf(rules.Invalid, "menara.players.twice", []any{"name", name},
					"%s is named twice", name)
			}
		}
	}
	if !o.Difficulty.Valid() {
		return rules.Errorf(rules.Invalid, "menara.difficulty", nil, "the difficulty is easy, medium or hard")
	}
	if !o.Hands.Valid() {
		return rules.Errorf(rules.Invalid, "menara.hands", nil, "hands are steady or shaky")
	}
	if o.Side > Dark {
		return rules.Errorf(rules.Invalid, "menara.side", nil, "the base's side is light or dark")
	}
	return nil
}

// name is a player's name stored without pointers, so that Position stays
// a flat value.
type name struct {
	n uint8
	b [MaxNameLen]byte
}

func makeName(s string) name {
	var nm name
	nm.n = uint8(copy(nm.b[:], s))
	return nm
}

func (n *name) String() string { return string(n.b[:n.n]) }
