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

// moveForms are the moves as forms: place (in the setup, a starting
// master), recruit (one student, or two: the second site optional) and
// journey. From them the host derives the subcommands, autocomplete, and
// the menus of the Place and Journey buttons; Recruit's button opens a
// chain of its own (a menu of one or two masters at once, see Act).
// legal decides every value any of them offers.
func moveForms() bot.Forms {
	return bot.Forms{List: []bot.Form{
		{Name: stepPlace, Params: []bot.Param{
			villageParam(stepPlace, optVillage, "bot.menu.place-village", false),
			masterParam(stepPlace, optMaster, "bot.menu.place-master", false),
		}, Make: makePlace},
		{Name: stepRecruit, Params: []bot.Param{
			villageParam(stepRecruit, optVillage, "bot.menu.recruit-village", false),
			masterParam(stepRecruit, optMaster, "bot.menu.recruit-master", false),
			villageParam(stepRecruit, optVillage2, "bot.menu.recruit-village2", true),
			masterParam(stepRecruit, optMaster2, "bot.menu.recruit-master2", true),
		}, Make: makeRecruit},
		{Name: stepJourney, Params: []bot.Param{
			villageParam(stepJourney, optFrom, "bot.menu.journey-from", false),
			{Name: optTo, Type: bot.StringOption, Ask: "bot.menu.journey-to",
				Legal: legalVillages(stepJourney, optTo), Label: villageChoice, Option: destinationOption},
		}, Make: makeJourney},
	}}
}

// villageParam is a village option of command.
func villageParam(command, name, ask string, optional bool) bot.Param {
	return bot.Param{Name: name, Type: bot.StringOption, Optional: optional, Ask: ask,
		Legal: legalVillages(command, name), Label: villageChoice, Option: villageOption}
}

// masterParam is a master (discipline) option of command.
func masterParam(command, name, ask string, optional bool) bot.Param {
	return bot.Param{Name: name, Type: bot.StringOption, Optional: optional, Ask: ask,
		Legal: legalMasters(command, name), Label: masterChoice, Option: masterOption}
}

// legalVillages lists the villages option name of command may take.
func legalVillages(command, name string) func(bot.State, int, bot.Values) []string {
	return func(st bot.State, _ int, v bot.Values) []string {
		pos := state(st).Position()
		lv := legal(&pos, command, name, v)
		var out []string
		for village := sl.Village(0); village < sl.NumVillages; village++ {
			if lv.villages[village] {
				out = append(out, village.String())
			}
		}
		return out
	}
}

// legalMasters lists the disciplines option name of command may take.
func legalMasters(command, name string) func(bot.State, int, bot.Values) []string {
	return func(st bot.State, _ int, v bot.Values) []string {
		pos := state(st).Position()
		lv := legal(&pos, command, name, v)
		var out []string
		for _, d := range sl.Disciplines {
			if lv.disciplines[d] {
				out = append(out, d.String())
			}
		}
		return out
	}
}

// villageChoice is a village as autocomplete offers it: "D (3 tiles, 2
// masters)".
func villageChoice(p *i18n.Printer, st bot.State, value string) string {
	v, _ := sl.ParseVillage(value)
	s := state(st).Position().Strength(v)
	return p.T("bot.choice.village", "village", v, "tiles", counted(p, "tiles", s.Tiles), "masters", counted(p, "masters", s.Masters))
}

// villageOption is a village as a menu shows it: "Village D", with its
// tiles and masters.
func villageOption(p *i18n.Printer, st bot.State, _ bot.Values, value string) bot.MenuOption {
	v, _ := sl.ParseVillage(value)
	s := state(st).Position().Strength(v)
	return bot.MenuOption{
		Label:       p.T("bot.menu.village", "village", v),
		Description: p.T("bot.menu.strength", "tiles", counted(p, "tiles", s.Tiles), "masters", counted(p, "masters", s.Masters)),
	}
}

// destinationOption is where a journey may end as a menu shows it: the
// village, its tiles and masters, and which side counts as stronger.
func destinationOption(p *i18n.Printer, st bot.State, v bot.Values, value string) bot.MenuOption {
	pos := state(st).Position()
	from, _ := sl.ParseVillage(v[optFrom])
	to, _ := sl.ParseVillage(value)
	dst := pos.Strength(to)
	key := "bot.menu.destination-weaker"
	if pos.Strength(from).Beats(dst) {
		key = "bot.menu.destination-stronger"
	}
	return bot.MenuOption{
		Label:       p.T("bot.menu.village", "village", to),
		Description: p.T(key, "tiles", counted(p, "tiles", dst.Tiles), "masters", counted(p, "masters", dst.Masters), "from", from),
	}
}

// masterChoice is a discipline in the printer's language.
func masterChoice(p *i18n.Printer, _ bot.State, value string) string {
	d, _ := sl.ParseDiscipline(value)
	return DisciplineName(p, d)
}

// masterOption is a discipline as a menu shows it: its name and picture,
// and how many masters of it the player to move has left.
func masterOption(p *i18n.Printer, st bot.State, _ bot.Values, value string) bot.MenuOption {
	pos := state(st).Position()
	d, _ := sl.ParseDiscipline(value)
	return bot.MenuOption{Label: DisciplineName(p, d), Emoji: disciplineEmoji(d), Description: p.N("bot.menu.supply", pos.Supply(pos.Turn(), d))}
}

// makePlace places a master; during the setup phase, a starting master.
func makePlace(st bot.State, seat int, v bot.Values) (string, error) {
	s := state(st)
	pos := s.Position()
	site, err := readSite(v, optVillage, optMaster)
	if err != nil {
		return "", err
	}
	c := colour(pos, seat)
	if pos.Phase() == sl.SetupPhase {
		return s.Line(sl.SetupMove(c, site.Village, site.Discipline)), nil
	}
	return s.Line(sl.PlaceMove(c, site.Village, site.Discipline)), nil
}

// makeRecruit recruits one student, or two: the second site is both its
// options or neither.
func makeRecruit(st bot.State, seat int, v bot.Values) (string, error) {
	s := state(st)
	c := colour(s.Position(), seat)
	first, err := readSite(v, optVillage, optMaster)
	if err != nil {
		return "", err
	}
	v2, d2 := v[optVillage2], v[optMaster2]
	if v2 == "" && d2 == "" {
		return s.Line(sl.RecruitMove(c, first)), nil
	}
	if v2 == "" || d2 == "" {
		return "", fail("bot.err.second-student")
	}
	second, err := readSite(v, optVillage2, optMaster2)
	if err != nil {
		return "", err
	}
	return s.Line(sl.RecruitMove(c, first, second)), nil
}

// makeJourney sends the students of one village to another.
func makeJourney(st bot.State, seat int, v bot.Values) (string, error) {
	s := state(st)
	from, err := readVillage(v[optFrom])
	if err != nil {
		return "", err
	}
	to, err := readVillage(v[optTo])
	if err != nil {
		return "", err
	}
	return s.Line(sl.JourneyMove(colour(s.Position(), seat), from, to)), nil
}

// readSite reads a site from a village option and a master option.
func readSite(v bot.Values, village, master string) (sl.Site, error) {
	vil, err := readVillage(v[village])
	if err != nil {
		return sl.Site{}, err
	}
	d, ok := notation.ParseDiscipline(strings.TrimSpace(v[master]))
	if !ok {
		return sl.Site{}, fail("notation.discipline", "word", clipWord(v[master]))
	}
	return sl.Site{Village: vil, Discipline: d}, nil
}

// readVillage reads a village as typed.
func readVillage(word string) (sl.Village, error) {
	v, ok := sl.ParseVillage(strings.TrimSpace(word))
	if !ok {
		return 0, fail("notation.village", "word", clipWord(word))
	}
	return v, nil
}
