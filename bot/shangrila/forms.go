package shangrila

import (
	"slices"
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
// master; typed "setup" too), recruit (one student, or two: the second
// site optional) and journey. From them the host derives the
// subcommands, autocomplete, the menus of the buttons and the short forms
// typed in a terminal. Recruit's menu of masters takes one or two at
// once (two students in one village); after one it asks whether to add a
// second elsewhere. listing decides every value any of them offers.
func moveForms() bot.Forms {
	master := masterParam(stepRecruit, optMaster, "bot.menu.recruit-master", false)
	master.Max, master.Spread = recruitHere, sameVillage
	village2 := villageParam(stepRecruit, optVillage2, "bot.menu.recruit-village2", true)
	village2.Menu = elsewhere
	village2.Offer = &bot.Offer{Question: recruitOne, Stop: "bot.button.recruit-one", More: "bot.button.recruit-more"}
	return bot.Forms{List: []bot.Form{
		{Name: stepPlace, Aliases: []string{sl.Setup.String()}, Board: button("🏠", "bot.button.place", "bot.button.setup"), Params: []bot.Param{
			villageParam(stepPlace, optVillage, "bot.menu.place-village", false),
			masterParam(stepPlace, optMaster, "bot.menu.place-master", false),
		}, Make: makeMove(stepPlace, optVillage, optMaster)},
		{Name: stepRecruit, Board: button("🎓", "bot.button.recruit", ""), Params: []bot.Param{
			villageParam(stepRecruit, optVillage, "bot.menu.recruit-village", false),
			master,
			village2,
			masterParam(stepRecruit, optMaster2, "bot.menu.recruit-master2", true),
		}, Make: makeRecruit},
		{Name: stepJourney, Board: button("🌉", "bot.button.journey", ""), Params: []bot.Param{
			villageParam(stepJourney, optFrom, "bot.menu.journey-from", false),
			{Name: optTo, Type: bot.StringOption, Ask: "bot.menu.journey-to",
				Legal: listing().Legal(stepJourney, optTo, villageWords()), Label: villageChoice, Option: destinationOption},
		}, Make: makeMove(stepJourney, optFrom, optTo)},
	}}
}

// button is a form's button under a board in play, labelled by the
// message id play, and in the setup by setup ("": none in the setup).
func button(emoji, play, setup string) func(*i18n.Printer, bot.State) []bot.BoardButton {
	return func(p *i18n.Printer, st bot.State) []bot.BoardButton {
		label := play
		if state(st).Position().Phase() == sl.SetupPhase {
			label = setup
		}
		if label == "" {
			return nil
		}
		return []bot.BoardButton{{Button: bot.Button{Label: p.T(label), Emoji: emoji}}}
	}
}

// villageParam is a village option of command.
func villageParam(command, name, ask string, optional bool) bot.Param {
	return bot.Param{Name: name, Type: bot.StringOption, Optional: optional, Ask: ask,
		Legal: listing().Legal(command, name, villageWords()), Label: villageChoice, Option: villageOption}
}

// masterParam is a master (discipline) option of command.
func masterParam(command, name, ask string, optional bool) bot.Param {
	return bot.Param{Name: name, Type: bot.StringOption, Optional: optional, Ask: ask,
		Legal: listing().Legal(command, name, masterWords()), Label: masterChoice, Option: masterOption}
}

// recruitHere is how many students the menu of masters takes in the
// village chosen: 2 when two may join masters there at once.
func recruitHere(st bot.State, _ int, v bot.Values) int {
	pos := state(st).Position()
	for _, m := range pos.LegalMoves(nil) {
		if m.Kind == sl.Recruit && m.Students == 2 && m.Sites[0].Village.String() == v[optVillage] && m.Sites[1].Village.String() == v[optVillage] {
			return 2
		}
	}
	return 1
}

// sameVillage makes a second master chosen in the menu of masters the
// second student, in the same village.
func sameVillage(v bot.Values, more []string) {
	v[optVillage2], v[optMaster2] = v[optVillage], more[0]
}

// elsewhere lists the villages the menus offer for a second student: not
// the first's village, whose menu of masters offered two.
func elsewhere(st bot.State, seat int, v bot.Values) []string {
	vs := listing().Legal(stepRecruit, optVillage2, villageWords())(st, seat, v)
	return slices.DeleteFunc(vs, func(x string) bool { return x == v[optVillage] })
}

// recruitOne asks, after one master was chosen, whether to recruit just
// that student or to add a second elsewhere.
func recruitOne(p *i18n.Printer, _ bot.State, v bot.Values) string {
	vil, _ := sl.ParseVillage(v[optVillage])
	d, _ := sl.ParseDiscipline(v[optMaster])
	return p.T("bot.menu.recruit-one", "discipline", d, "village", vil)
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

// makeMove makes a move of kind from the values of the options names, in
// order, read as the words of a record line (the notation decides what
// reads and says what does not); place is setup in the setup phase.
func makeMove(kind string, names ...string) func(bot.State, int, bot.Values) (string, error) {
	return func(st bot.State, seat int, v bot.Values) (string, error) {
		s := state(st)
		pos := s.Position()
		words := []string{kind}
		if kind == stepPlace && pos.Phase() == sl.SetupPhase {
			words[0] = sl.Setup.String()
		}
		for _, n := range names {
			words = append(words, strings.TrimSpace(v[n]))
		}
		m, err := notation.ParseAction(colour(pos, seat), words)
		if err != nil {
			return "", err
		}
		return s.Line(m), nil
	}
}

// makeRecruit recruits one student, or two: the second site is both its
// options or neither.
func makeRecruit(st bot.State, seat int, v bot.Values) (string, error) {
	one := makeMove(stepRecruit, optVillage, optMaster)
	switch v2, d2 := v[optVillage2], v[optMaster2]; {
	case v2 == "" && d2 == "":
		return one(st, seat, v)
	case v2 == "" || d2 == "":
		if _, err := one(st, seat, v); err != nil {
			return "", err
		}
		return "", bot.Fail(bot.Invalid, "bot.err.second-student")
	}
	return makeMove(stepRecruit, optVillage, optMaster, optVillage2, optMaster2)(st, seat, v)
}

// disciplineEmoji is the small picture beside a discipline in menus.
func disciplineEmoji(d sl.Discipline) string {
	return [...]string{"🌧️", "🙏", "🐾", "⭐", "🐉", "🌿", "🔥"}[d]
}
