package shangrila

import (
	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
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
