package shangrila

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// listing derives every value the forms offer (autocomplete and menus)
// from the legal moves.
func listing() bot.Listing { return bot.Listing{Ways: ways, Read: readValue} }

// ways lists the legal moves as the forms filled in: a placement (in
// play or in the setup) as place, a recruitment of two students both ways
// round (either site may be typed first), a journey as journey. They are
// listed once a position (bot.Memo: a board's buttons ask for them once
// each, every menu of a chain again) and shared: not to be changed.
func ways(st bot.State, _ int) []bot.Filled { return bot.Memo(state(st), "ways", waysOf) }

// waysOf lists the legal moves of pos as ways lists them.
func waysOf(pos sl.Position) []bot.Filled {
	var out []bot.Filled
	for _, m := range pos.LegalMoves(nil) {
		switch m.Kind {
		case sl.Setup, sl.Place:
			out = append(out, bot.Filled{Form: stepPlace, Values: sites(m.Sites[0])})
		case sl.Recruit:
			s := m.Recruited()
			out = append(out, bot.Filled{Form: stepRecruit, Values: sites(s...)})
			if len(s) == 2 {
				out = append(out, bot.Filled{Form: stepRecruit, Values: sites(s[1], s[0])})
			}
		case sl.Journey:
			out = append(out, bot.Filled{Form: stepJourney, Values: bot.Values{optFrom: m.From.String(), optTo: m.To.String()}})
		}
	}
	return out
}

// sites are the values of one site or two: village and master, then
// village2 and master2.
func sites(s ...sl.Site) bot.Values {
	v := bot.Values{optVillage: s[0].Village.String(), optMaster: s[0].Discipline.String()}
	if len(s) == 2 {
		v[optVillage2], v[optMaster2] = s[1].Village.String(), s[1].Discipline.String()
	}
	return v
}

// readValue reads a village or a master as typed ("j", "R", "Yeti").
func readValue(name, typed string) (string, bool) {
	typed = strings.TrimSpace(typed)
	if name == optMaster || name == optMaster2 {
		d, ok := notation.ParseDiscipline(typed)
		return d.String(), ok
	}
	v, ok := sl.ParseVillage(typed)
	return v.String(), ok
}

// villageWords and masterWords are every village and every master in the
// order the forms list them.
func villageWords() []string {
	out := make([]string, sl.NumVillages)
	for v := range out {
		out[v] = sl.Village(v).String()
	}
	return out
}

func masterWords() []string {
	out := make([]string, len(sl.Disciplines))
	for i, d := range sl.Disciplines {
		out[i] = d.String()
	}
	return out
}
