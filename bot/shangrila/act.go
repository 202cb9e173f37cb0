package shangrila

import (
	"context"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// Steps of the private menu chain of the Recruit button (Place's and
// Journey's are the forms'). The chain carries village and discipline
// letters in its custom ids.
const (
	stepRecruitVillage = "rv" // recruit: village chosen; which masters
	stepRecruitMasters = "rm" // recruit: one or two masters chosen
	stepRecruitAnother = "ra" // recruit: a second student elsewhere; which village
	stepRecruitVillag2 = "rw" // recruit: second village chosen; which master
	stepRecruitOne     = "r1" // recruit: one student; the move
	stepRecruitTwo     = "r2" // recruit: two students; the move
)

// Act makes a move of a slash command or of the Place and Journey
// buttons' menus (the forms', see moveForms), or answers a step of the
// Recruit button's chain, whose menu takes one or two masters at once.
func (g *Game) Act(ctx context.Context, a *bot.Act) (bot.Outcome, error) {
	if a.Action == nil || !recruitSteps[a.Action.Step] {
		return g.Forms.Act(ctx, a)
	}
	s := state(a.State)
	pos := s.Position()
	ms := &menuState{pos: pos, c: colour(pos, a.Seat), p: a.Printer, req: a.Request}
	switch a.Action.Step {
	case stepRecruit:
		return ms.open(*a.Action)
	case stepRecruitOne, stepRecruitTwo:
		return ms.made(ms.move(*a.Action))
	case stepRecruitMasters:
		return ms.recruitChosen(*a.Action)
	}
	return ms.step(*a.Action)
}

// recruitSteps are the steps of the Recruit button's chain.
var recruitSteps = map[string]bool{
	stepRecruit: true, stepRecruitVillage: true, stepRecruitMasters: true, stepRecruitAnother: true,
	stepRecruitVillag2: true, stepRecruitOne: true, stepRecruitTwo: true,
}

// clipWord shortens what someone typed before it is quoted back.
func clipWord(s string) string {
	if r := []rune(s); len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}

// menuState is what every menu step needs: the position, the asker's
// colour and language, and their request (the menu's chosen values).
type menuState struct {
	pos sl.Position
	c   sl.Colour
	p   *i18n.Printer
	req *bot.Request
}

// open answers the Recruit button with the chain's first menu, privately.
func (s *menuState) open(a bot.Action) (bot.Outcome, error) {
	m := s.villageMenu(a.With(stepRecruitVillage), "bot.menu.recruit-village", legal(&s.pos, stepRecruit, optVillage, nil), sl.NumVillages)
	if len(m.Rows) == 0 {
		return bot.Outcome{}, bot.NoSuchMove()
	}
	return bot.Outcome{Reply: bot.Reply{Private: true, Message: m}}, nil
}

// step answers a choice that leads to a further menu, updating the menu
// message.
func (s *menuState) step(a bot.Action) (bot.Outcome, error) {
	v, vok := argVillage(s.req.Values, 0)
	var m bot.Message
	switch a.Step {
	case stepRecruitVillage: // village chosen: which masters take a student (one or two there)
		if !vok {
			return bot.Outcome{}, bot.BadComponent()
		}
		max := 1
		for _, mv := range s.pos.LegalMoves(nil) {
			if mv.Kind == sl.Recruit && mv.Students == 2 && mv.Sites[0].Village == v && mv.Sites[1].Village == v {
				max = 2
			}
		}
		lv := legal(&s.pos, stepRecruit, optMaster, map[string]string{optVillage: v.String()})
		m = s.disciplineMenu(a.With(stepRecruitMasters, v.String()), "bot.menu.recruit-master", max, lv)
	case stepRecruitAnother: // a second student in another village: which village
		first, ok := argSite(a.Args, 0)
		if !ok {
			return bot.Outcome{}, bot.BadComponent()
		}
		m = s.villageMenu(a.With(stepRecruitVillag2), "bot.menu.recruit-village2", s.elsewhere(first), first.Village)
	case stepRecruitVillag2: // second village chosen: which master there
		first, ok := argSite(a.Args, 0)
		if !ok || !vok {
			return bot.Outcome{}, bot.BadComponent()
		}
		lv := legal(&s.pos, stepRecruit, optMaster2, map[string]string{
			optVillage: first.Village.String(), optMaster: first.Discipline.String(), optVillage2: v.String()})
		m = s.disciplineMenu(a.With(stepRecruitTwo, v.String()), "bot.menu.recruit-master2", 1, lv)
	default:
		return bot.Outcome{}, bot.BadComponent()
	}
	if len(m.Rows) == 0 {
		return bot.Outcome{}, bot.NoSuchMove()
	}
	return bot.Outcome{Reply: bot.Reply{Update: true, Message: m}}, nil
}

// elsewhere returns the villages where a second student may go with the
// first at site first.
func (s *menuState) elsewhere(first sl.Site) legalValues {
	return legal(&s.pos, stepRecruit, optVillage2, map[string]string{optVillage: first.Village.String(), optMaster: first.Discipline.String()})
}

// recruitChosen follows the choice of one or two masters in a village: two
// make the move; one offers to stop there or to add a student elsewhere.
func (s *menuState) recruitChosen(a bot.Action) (bot.Outcome, error) {
	v, ok := argVillage(a.Args, 0)
	if !ok || len(s.req.Values) == 0 || len(s.req.Values) > 2 {
		return bot.Outcome{}, bot.BadComponent()
	}
	var sites []sl.Site
	for _, val := range s.req.Values {
		d, ok := sl.ParseDiscipline(val)
		if !ok {
			return bot.Outcome{}, bot.BadComponent()
		}
		sites = append(sites, sl.Site{Village: v, Discipline: d})
	}
	letter := func(d sl.Discipline) string { return string(d.Letter()) }
	if len(sites) == 2 {
		two := bot.Action{Kind: a.Kind, Game: a.Game, Position: a.Position, Step: stepRecruitTwo,
			Args: []string{v.String(), letter(sites[0].Discipline), v.String(), letter(sites[1].Discipline)}}
		return s.made(s.move(two))
	}
	first := sites[0]
	one := a.With(stepRecruitOne, letter(first.Discipline))
	others := s.elsewhere(first)
	others.villages[first.Village] = false
	if others.villages == [sl.NumVillages]bool{} {
		return s.made(s.move(one))
	}
	p := s.p
	return bot.Outcome{Reply: bot.Reply{Update: true, Message: bot.Message{
		Content: p.T("bot.menu.recruit-one", "discipline", first.Discipline, "village", first.Village),
		Rows: []bot.Row{{Buttons: []bot.Button{
			{ID: one.ID(), Label: p.T("bot.button.recruit-one"), Style: bot.Success},
			{ID: a.With(stepRecruitAnother, letter(first.Discipline)).ID(), Label: p.T("bot.button.recruit-more"), Style: bot.Primary},
			{ID: a.With(bot.StepCancel).ID(), Label: p.T("bot.button.cancel"), Style: bot.Secondary},
		}}},
	}}}, nil
}

// made turns a menu's move into its outcome.
func (s *menuState) made(m sl.Move, err error) (bot.Outcome, error) {
	if err != nil {
		return bot.Outcome{}, err
	}
	return bot.Outcome{Move: notation.FormatMove(m)}, nil
}

// move reads the move a menu chain ended with.
func (s *menuState) move(a bot.Action) (sl.Move, error) {
	c := s.c
	bad := bot.BadComponent()
	switch a.Step {
	case stepRecruitOne: // args: village, discipline
		site, ok := argSite(a.Args, 0)
		if !ok {
			return sl.Move{}, bad
		}
		return sl.RecruitMove(c, site), nil
	case stepRecruitTwo: // args: village, discipline, village2 [, discipline2]; or the value
		site, ok1 := argSite(a.Args, 0)
		v2, ok2 := argVillage(a.Args, 2)
		d2, ok3 := argDiscipline(a.Args, 3)
		if !ok3 {
			d2, ok3 = argDiscipline(s.req.Values, 0)
		}
		if !ok1 || !ok2 || !ok3 {
			return sl.Move{}, bad
		}
		return sl.RecruitMove(c, site, sl.Site{Village: v2, Discipline: d2}), nil
	}
	return sl.Move{}, bad
}

// villageMenu lists the villages of lv but skip (sl.NumVillages for none).
func (s *menuState) villageMenu(a bot.Action, prompt string, lv legalValues, skip sl.Village) bot.Message {
	var opts []bot.MenuOption
	for v := sl.Village(0); v < sl.NumVillages; v++ {
		if !lv.villages[v] || v == skip {
			continue
		}
		st := s.pos.Strength(v)
		opts = append(opts, bot.MenuOption{
			Label:       s.p.T("bot.menu.village", "village", v),
			Value:       v.String(),
			Description: s.p.T("bot.menu.strength", "tiles", counted(s.p, "tiles", st.Tiles), "masters", counted(s.p, "masters", st.Masters)),
		})
	}
	return s.menuMessage(a, prompt, opts, 1)
}

// disciplineMenu lists the disciplines of lv.
func (s *menuState) disciplineMenu(a bot.Action, prompt string, max int, lv legalValues) bot.Message {
	var opts []bot.MenuOption
	for _, d := range sl.Disciplines {
		if lv.disciplines[d] {
			opts = append(opts, bot.MenuOption{
				Label: DisciplineName(s.p, d), Value: string(d.Letter()), Emoji: disciplineEmoji(d),
				Description: s.p.N("bot.menu.supply", s.pos.Supply(s.c, d)),
			})
		}
	}
	if max > len(opts) {
		max = len(opts)
	}
	return s.menuMessage(a, prompt, opts, max)
}

// menuMessage wraps options in a menu message with a Cancel button. No
// chain lists more than 13 options, well within Discord's 25.
func (s *menuState) menuMessage(a bot.Action, prompt string, opts []bot.MenuOption, max int) bot.Message {
	if len(opts) == 0 {
		return bot.Message{}
	}
	menu := &bot.Menu{ID: a.ID(), Placeholder: s.p.T(prompt), Options: opts, Min: 1, Max: max}
	return bot.Message{
		Content: s.p.T(prompt),
		Rows: []bot.Row{
			{Menu: menu},
			{Buttons: []bot.Button{{ID: a.With(bot.StepCancel).ID(), Label: s.p.T("bot.button.cancel"), Style: bot.Secondary}}},
		},
	}
}

// disciplineEmoji is the small picture beside a discipline in menus.
func disciplineEmoji(d sl.Discipline) string {
	return [...]string{"🌧️", "🙏", "🐾", "⭐", "🐉", "🌿", "🔥"}[d]
}

func argVillage(args []string, i int) (sl.Village, bool) {
	if i >= len(args) {
		return 0, false
	}
	return sl.ParseVillage(args[i])
}

func argDiscipline(args []string, i int) (sl.Discipline, bool) {
	if i >= len(args) {
		return 0, false
	}
	return sl.ParseDiscipline(args[i])
}

// argSite reads a village and a discipline from args[i] and args[i+1].
func argSite(args []string, i int) (sl.Site, bool) {
	v, ok1 := argVillage(args, i)
	d, ok2 := argDiscipline(args, i+1)
	return sl.Site{Village: v, Discipline: d}, ok1 && ok2
}
