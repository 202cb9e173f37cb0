package shangrila

import (
	"strings"

	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// legalValues are the villages and disciplines an option can take.
type legalValues struct {
	villages    [sl.NumVillages]bool
	disciplines [sl.NumDisciplines]bool
}

// legal finds, among the legal moves of pos, the values of option focused
// of subcommand command that make a move, given the options already
// chosen (fixed; a value that does not read is ignored). It is the one
// place that decides what autocomplete suggests and what menus offer.
func legal(pos *sl.Position, command, focused string, fixed map[string]string) legalValues {
	var out legalValues
	mark, ok := legalMarks[command]
	if !ok {
		return out
	}
	chosen := chosenOptions{focused: focused, fixed: fixed}
	for _, m := range pos.LegalMoves(nil) {
		mark(m, chosen, &out)
	}
	return out
}

// legalMarks mark, for each move's subcommand, the values a legal move
// gives the option being typed; a move of another kind marks nothing.
var legalMarks = map[string]func(m sl.Move, chosen chosenOptions, out *legalValues){
	stepPlace:   markPlace,
	stepRecruit: markRecruit,
	stepJourney: markJourney,
}

// chosenOptions are the options of a subcommand as legal reads them: the
// one being typed, which narrows nothing, and the others as chosen.
type chosenOptions struct {
	focused string
	fixed   map[string]string
}

// village returns the village chosen for option name; false when it is
// the option being typed or does not read.
func (c chosenOptions) village(name string) (sl.Village, bool) {
	if c.focused == name {
		return 0, false
	}
	return sl.ParseVillage(strings.TrimSpace(c.fixed[name]))
}

// discipline returns the discipline chosen for option name; false when it
// is the option being typed or does not read.
func (c chosenOptions) discipline(name string) (sl.Discipline, bool) {
	if c.focused == name {
		return 0, false
	}
	return notation.ParseDiscipline(strings.TrimSpace(c.fixed[name]))
}

// excludes reports whether the village and master options (vName, dName)
// were chosen otherwise than site s.
func (c chosenOptions) excludes(vName, dName string, s sl.Site) bool {
	if v, ok := c.village(vName); ok && v != s.Village {
		return true
	}
	d, ok := c.discipline(dName)
	return ok && d != s.Discipline
}

// mark adds a site's village and discipline to the values found.
func (lv *legalValues) mark(s sl.Site) {
	lv.villages[s.Village], lv.disciplines[s.Discipline] = true, true
}

// markPlace marks the site of a placement (in play or in the setup) that
// the options chosen allow.
func markPlace(m sl.Move, chosen chosenOptions, out *legalValues) {
	if m.Kind != sl.Place && m.Kind != sl.Setup {
		return
	}
	if s := m.Sites[0]; !chosen.excludes(optVillage, optMaster, s) {
		out.mark(s)
	}
}

// markRecruit marks the sites of a recruitment that the options chosen
// allow. The first pair of options names one site, the second the other:
// either site may be the one typed, the other then fixed by the other
// pair. A recruitment of one student has no second site to type.
func markRecruit(m sl.Move, chosen chosenOptions, out *legalValues) {
	if m.Kind != sl.Recruit {
		return
	}
	second := chosen.focused == optVillage2 || chosen.focused == optMaster2
	if m.Students == 1 && second {
		return
	}
	typed, other := [2]string{optVillage, optMaster}, [2]string{optVillage2, optMaster2}
	if second {
		typed, other = other, typed
	}
	sites := m.Recruited()
	for i, s := range sites {
		if chosen.excludes(typed[0], typed[1], s) {
			continue
		}
		if m.Students == 2 && chosen.excludes(other[0], other[1], sites[(i+1)%len(sites)]) {
			continue
		}
		out.mark(s)
	}
}

// markJourney marks the end of a journey the options chosen allow that is
// being typed: where it starts, or (any other option) where it ends.
func markJourney(m sl.Move, chosen chosenOptions, out *legalValues) {
	if m.Kind != sl.Journey {
		return
	}
	if v, ok := chosen.village(optFrom); ok && v != m.From {
		return
	}
	if v, ok := chosen.village(optTo); ok && v != m.To {
		return
	}
	if chosen.focused == optFrom {
		out.villages[m.From] = true
	} else {
		out.villages[m.To] = true
	}
}
