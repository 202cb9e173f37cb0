package notation

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// disciplineWords maps every accepted spelling of a discipline, folded by
// fold, to the discipline. The names are those of the English, Spanish and
// Italian rulebooks, with the short forms players use and the command
// descriptions list ("yeti", "criador", "custode").
var disciplineWords = map[string]shangrila.Discipline{
	"rainmaker": shangrila.Rainmaker, "hacedordelluvia": shangrila.Rainmaker, "uomodellapioggia": shangrila.Rainmaker,
	"lluvia": shangrila.Rainmaker, "pioggia": shangrila.Rainmaker,
	"priest": shangrila.Priest, "sacerdote": shangrila.Priest, "prete": shangrila.Priest,
	"yetiwhisperer": shangrila.YetiWhisperer, "yeti": shangrila.YetiWhisperer,
	"susurradordeyetis": shangrila.YetiWhisperer, "sussurratoreagliyeti": shangrila.YetiWhisperer,
	"susurrador": shangrila.YetiWhisperer, "sussurratore": shangrila.YetiWhisperer,
	"astrologer": shangrila.Astrologer, "astrologo": shangrila.Astrologer,
	"dragonbreeder": shangrila.Dragonbreeder, "criadordedragones": shangrila.Dragonbreeder,
	"allevatoredidraghi": shangrila.Dragonbreeder, "dragon": shangrila.Dragonbreeder,
	"criador": shangrila.Dragonbreeder, "allevatore": shangrila.Dragonbreeder,
	"healer": shangrila.Healer, "sanador": shangrila.Healer, "guaritore": shangrila.Healer,
	"firekeeper": shangrila.Firekeeper, "guardafuegos": shangrila.Firekeeper, "custodedelfuoco": shangrila.Firekeeper,
	"custode": shangrila.Firekeeper,
}

// maxDisciplineWords is the most words a discipline's name takes
// ("sussurratore agli yeti").
const maxDisciplineWords = 3

// fold lowers s, strips accents and drops spaces, hyphens and underscores,
// so that "Astrólogo", "astrologo" and "ASTRO-LOGO" read alike.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r), r == '-', r == '_', unicode.IsSpace(r):
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// ParseDiscipline reads one discipline name or letter, in any of the three
// languages, any case, with or without accents.
func ParseDiscipline(s string) (shangrila.Discipline, bool) {
	if d, ok := shangrila.ParseDiscipline(s); ok {
		return d, true
	}
	d, ok := disciplineWords[fold(s)]
	return d, ok
}

// takeDiscipline reads a discipline from the start of words, trying the
// longest run of words first, and returns it with the number of words used.
func takeDiscipline(words []string) (shangrila.Discipline, int, bool) {
	for n := min(maxDisciplineWords, len(words)); n >= 1; n-- {
		if d, ok := ParseDiscipline(strings.Join(words[:n], " ")); ok {
			return d, n, true
		}
	}
	return 0, 0, false
}
