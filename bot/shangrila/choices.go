package shangrila

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// Options of the move subcommands.
const (
	optVillage  = "village"
	optMaster   = "master"
	optVillage2 = "village2"
	optMaster2  = "master2"
	optFrom     = "from"
	optTo       = "to"
)

// Commands are the moves of /shangrila.
func (g *Game) Commands() []bot.CommandSpec {
	site := func(name string, required bool) bot.OptionSpec {
		return bot.OptionSpec{Name: name, Type: bot.StringOption, Required: required, Autocomplete: true}
	}
	return []bot.CommandSpec{
		{Name: stepPlace, Options: []bot.OptionSpec{site(optVillage, true), site(optMaster, true)}},
		{Name: stepRecruit, Options: []bot.OptionSpec{site(optVillage, true), site(optMaster, true), site(optVillage2, false), site(optMaster2, false)}},
		{Name: stepJourney, Options: []bot.OptionSpec{site(optFrom, true), site(optTo, true)}},
	}
}

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
	village := func(name string) (sl.Village, bool) {
		if focused == name {
			return 0, false
		}
		return sl.ParseVillage(strings.TrimSpace(fixed[name]))
	}
	discipline := func(name string) (sl.Discipline, bool) {
		if focused == name {
			return 0, false
		}
		return notation.ParseDiscipline(strings.TrimSpace(fixed[name]))
	}
	var out legalValues
	for _, m := range pos.LegalMoves(nil) {
		switch command {
		case stepPlace:
			if m.Kind != sl.Place && m.Kind != sl.Setup {
				continue
			}
			s := m.Sites[0]
			if v, ok := village(optVillage); ok && v != s.Village {
				continue
			}
			if d, ok := discipline(optMaster); ok && d != s.Discipline {
				continue
			}
			out.villages[s.Village], out.disciplines[s.Discipline] = true, true
		case stepRecruit:
			if m.Kind != sl.Recruit {
				continue
			}
			second := focused == optVillage2 || focused == optMaster2
			// The first pair of options names one site, the second the other.
			sites := m.Recruited()
			for i, s := range sites {
				if m.Students == 1 && second {
					continue
				}
				other := sites[(i+1)%len(sites)]
				vName, dName, v2Name, d2Name := optVillage, optMaster, optVillage2, optMaster2
				if second {
					vName, dName, v2Name, d2Name = v2Name, d2Name, vName, dName
				}
				if v, ok := village(vName); ok && v != s.Village {
					continue
				}
				if d, ok := discipline(dName); ok && d != s.Discipline {
					continue
				}
				if m.Students == 2 {
					if v, ok := village(v2Name); ok && v != other.Village {
						continue
					}
					if d, ok := discipline(d2Name); ok && d != other.Discipline {
						continue
					}
				}
				out.villages[s.Village], out.disciplines[s.Discipline] = true, true
			}
		case stepJourney:
			if m.Kind != sl.Journey {
				continue
			}
			if v, ok := village(optFrom); ok && v != m.From {
				continue
			}
			if v, ok := village(optTo); ok && v != m.To {
				continue
			}
			if focused == optFrom {
				out.villages[m.From] = true
			} else {
				out.villages[m.To] = true
			}
		}
	}
	return out
}

// Choices suggests, for the option being typed, the values that lead to
// a legal move of the player in the current position.
func (g *Game) Choices(st bot.State, seat int, command, focused string, options map[string]string, p *i18n.Printer) []bot.Choice {
	pos := state(st).Position()
	lv := legal(&pos, command, focused, options)
	typed := options[focused]
	var out []bot.Choice
	if focused == optMaster || focused == optMaster2 {
		for _, d := range sl.Disciplines {
			name := DisciplineName(p, d)
			if lv.disciplines[d] && bot.Matches(typed, name, d.String(), string(d.Letter())) {
				out = append(out, bot.Choice{Name: name, Value: d.String()})
			}
		}
		return out
	}
	for v := sl.Village(0); v < sl.NumVillages; v++ {
		if lv.villages[v] && bot.Matches(typed, v.String()) {
			st := pos.Strength(v)
			out = append(out, bot.Choice{Name: p.T("bot.choice.village", "village", v, "tiles", counted(p, "tiles", st.Tiles), "masters", counted(p, "masters", st.Masters)), Value: v.String()})
		}
	}
	return out
}
