package shangrila

import "strings"

// Discipline is what a master teaches: each village has exactly one space
// for each of the seven disciplines, and a tile may only lie on the space of
// its own discipline.
type Discipline uint8

// The seven disciplines, in the order of the rulebook.
const (
	Rainmaker Discipline = iota
	Priest
	YetiWhisperer
	Astrologer
	Dragonbreeder
	Healer
	Firekeeper
)

// NumDisciplines is the number of disciplines, and of spaces in a village.
const NumDisciplines = 7

// TilesPerDiscipline is how many tiles of each discipline a player owns.
const TilesPerDiscipline = 6

// Disciplines lists the seven disciplines in rulebook order.
var Disciplines = [NumDisciplines]Discipline{Rainmaker, Priest, YetiWhisperer, Astrologer, Dragonbreeder, Healer, Firekeeper}

var disciplineKeys = [NumDisciplines]string{"rainmaker", "priest", "yeti-whisperer", "astrologer", "dragonbreeder", "healer", "firekeeper"}
var disciplineNames = [NumDisciplines]string{"Rainmaker", "Priest", "Yeti-Whisperer", "Astrologer", "Dragonbreeder", "Healer", "Firekeeper"}

// disciplineLetters are unique, so a discipline can be written as one letter.
const disciplineLetters = "RPYADHF"

// String returns the discipline's key as used in records and JSON
// ("yeti-whisperer").
func (d Discipline) String() string {
	if d < NumDisciplines {
		return disciplineKeys[d]
	}
	return "discipline?"
}

// Name returns the discipline's English name ("Yeti-Whisperer").
func (d Discipline) Name() string {
	if d < NumDisciplines {
		return disciplineNames[d]
	}
	return "Discipline?"
}

// Letter returns the discipline's one-letter abbreviation (R P Y A D H F).
func (d Discipline) Letter() byte {
	if d < NumDisciplines {
		return disciplineLetters[d]
	}
	return '?'
}

// Valid reports whether d is one of the seven disciplines.
func (d Discipline) Valid() bool { return d < NumDisciplines }

// ParseDiscipline reads a discipline in English: its key, its letter, or
// "yeti" for the Yeti-Whisperer, in any case. Spaces and underscores may
// stand for the hyphen. Other languages are the caller's business.
func ParseDiscipline(s string) (Discipline, bool) {
	if len(s) == 1 {
		if i := strings.IndexByte(disciplineLetters, upper(s[0])); i >= 0 {
			return Discipline(i), true
		}
		return 0, false
	}
	if sameKey(s, "yeti") || sameKey(s, "yetiwhisperer") {
		return YetiWhisperer, true
	}
	for i, k := range disciplineKeys {
		if sameKey(s, k) {
			return Discipline(i), true
		}
	}
	return 0, false
}

// sameKey reports whether s is key (lower-case ASCII words joined by '-')
// in any case, with spaces or underscores for the dashes; it builds no
// string, since records are read move by move and often.
func sameKey(s, key string) bool {
	if len(s) != len(key) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '_':
			c = '-'
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		if c != key[i] {
			return false
		}
	}
	return true
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}
