package bot

import (
	"context"
	"strconv"

	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// component handles a button click or a menu choice.
func (b *Bot) component(ctx context.Context, req Request) (Reply, error) {
	a, ok := parseAction(req.CustomID)
	if !ok {
		return Reply{}, fail(Stale, "bot.err.unknown-button")
	}
	switch a.step {
	case "join":
		return b.join(ctx, req, true)
	case "leave":
		return b.leave(ctx, req, true)
	case "start":
		return b.start(ctx, req, true)
	case "rs":
		return b.resignNow(ctx, req, a)
	case "rc":
		return b.handOver(ctx, req, a)
	case "ai":
		if len(req.Values) != 1 {
			return Reply{}, fail(Stale, "bot.err.unknown-button")
		}
		return b.AddComputer(ctx, req, req.Values[0])
	case "rules":
		page := 0
		if len(a.args) > 0 {
			page, _ = strconv.Atoi(a.args[0])
		}
		return b.rulesGuide(req, page, true), nil
	case "x":
		return Reply{Update: true, Message: Message{Content: b.printer(req.User.Locale).T("bot.menu.cancelled")}}, nil
	case "hint":
		return b.hint(ctx, req)
	case "place", "recruit", "journey":
		return b.openMenu(ctx, req, a)
	case "pd", "r1", "r2", "jd":
		return b.menuMove(ctx, req, a)
	}
	return b.menuStep(ctx, req, a)
}

// menuState is what every menu step needs: the position, the asker's
// colour and their legal moves.
type menuState struct {
	t     *table
	pos   shangrila.Position
	c     shangrila.Colour
	legal []shangrila.Move
	p     *i18n.Printer
}

// menu loads the game for a menu step and checks that it is the asker's
// turn on the board the menu came from.
func (b *Bot) menu(ctx context.Context, req Request, a action) (*menuState, error) {
	t, c, err := b.playing(ctx, req, &a)
	if err != nil {
		return nil, err
	}
	pos := t.position()
	if pos.Phase() == shangrila.Over {
		return nil, rules.Errorf(rules.GameOver, "shangrila.over", nil, "The game is over")
	}
	if turn := pos.Turn(); turn != c {
		return nil, rules.Errorf(rules.NotYourTurn, "shangrila.turn", []any{"player", c, "turn", turn}, "not your turn")
	}
	return &menuState{t: t, pos: pos, c: c, legal: pos.LegalMoves(nil), p: b.printer(req.User.Locale)}, nil
}

// openMenu answers a board button with the first menu of its chain,
// privately.
func (b *Bot) openMenu(ctx context.Context, req Request, a action) (Reply, error) {
	s, err := b.menu(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	var m Message
	switch a.step {
	case "place":
		kind := shangrila.Place
		if s.pos.Phase() == shangrila.SetupPhase {
			kind = shangrila.Setup
		}
		m = s.villageMenu(a.with("pv"), "bot.menu.place-village", func(mv shangrila.Move) (shangrila.Village, bool) {
			return mv.Sites[0].Village, mv.Kind == kind
		})
	case "recruit":
		m = s.villageMenu(a.with("rv"), "bot.menu.recruit-village", func(mv shangrila.Move) (shangrila.Village, bool) {
			return mv.Sites[0].Village, mv.Kind == shangrila.Recruit && mv.Students == 1
		})
	default:
		m = s.villageMenu(a.with("jv"), "bot.menu.journey-from", func(mv shangrila.Move) (shangrila.Village, bool) {
			return mv.From, mv.Kind == shangrila.Journey
		})
	}
	if len(m.Rows) == 0 {
		return Reply{}, fail(rules.Illegal, "bot.err.no-such-move")
	}
	return Reply{Private: true, Message: m}, nil
}

// menuStep answers a choice that leads to a further menu, updating the
// menu message.
func (b *Bot) menuStep(ctx context.Context, req Request, a action) (Reply, error) {
	s, err := b.menu(ctx, req, a)
	if err != nil {
		return Reply{}, err
	}
	v, vok := valueVillage(req, 0)
	var m Message
	switch a.step {
	case "pv": // village chosen: which master to place there
		if !vok {
			return Reply{}, fail(Stale, "bot.err.unknown-button")
		}
		m = s.disciplineMenu(a.with("pd", v.String()), "bot.menu.place-master", 1, func(mv shangrila.Move) (shangrila.Discipline, bool) {
			return mv.Sites[0].Discipline, (mv.Kind == shangrila.Place || mv.Kind == shangrila.Setup) && mv.Sites[0].Village == v
		})
	case "rv": // village chosen: which masters take a student (one or two there)
		if !vok {
			return Reply{}, fail(Stale, "bot.err.unknown-button")
		}
		max := 1
		for _, mv := range s.legal {
			if mv.Kind == shangrila.Recruit && mv.Students == 2 && mv.Sites[0].Village == v && mv.Sites[1].Village == v {
				max = 2
			}
		}
		m = s.disciplineMenu(a.with("rm", v.String()), "bot.menu.recruit-master", max, func(mv shangrila.Move) (shangrila.Discipline, bool) {
			return mv.Sites[0].Discipline, mv.Kind == shangrila.Recruit && mv.Students == 1 && mv.Sites[0].Village == v
		})
	case "rm": // masters chosen in a village
		return b.recruitChosen(ctx, req, a, s)
	case "ra": // a second student in another village: which village
		first, ok := argSite(a.args, 0)
		if !ok {
			return Reply{}, fail(Stale, "bot.err.unknown-button")
		}
		m = s.villageMenu(a.with("rw"), "bot.menu.recruit-village2", func(mv shangrila.Move) (shangrila.Village, bool) {
			other, ok := pairedWith(mv, first)
			return other.Village, ok && other.Village != first.Village
		})
	case "rw": // second village chosen: which master there
		first, ok := argSite(a.args, 0)
		if !ok || !vok {
			return Reply{}, fail(Stale, "bot.err.unknown-button")
		}
		m = s.disciplineMenu(a.with("r2", v.String()), "bot.menu.recruit-master2", 1, func(mv shangrila.Move) (shangrila.Discipline, bool) {
			other, ok := pairedWith(mv, first)
			return other.Discipline, ok && other.Village == v
		})
	case "jv": // journey source chosen: where to
		if !vok {
			return Reply{}, fail(Stale, "bot.err.unknown-button")
		}
		m = s.destinationMenu(a.with("jd", v.String()), v)
	default:
		return Reply{}, fail(Stale, "bot.err.unknown-button")
	}
	if len(m.Rows) == 0 {
		return Reply{}, fail(rules.Illegal, "bot.err.no-such-move")
	}
	return Reply{Update: true, Message: m}, nil
}

// recruitChosen follows the choice of one or two masters in a village: two
// make the move; one offers to stop there or to add a student elsewhere.
func (b *Bot) recruitChosen(ctx context.Context, req Request, a action, s *menuState) (Reply, error) {
	v, ok := argVillage(a.args, 0)
	if !ok || len(req.Values) == 0 || len(req.Values) > 2 {
		return Reply{}, fail(Stale, "bot.err.unknown-button")
	}
	var sites []shangrila.Site
	for _, val := range req.Values {
		d, ok := shangrila.ParseDiscipline(val)
		if !ok {
			return Reply{}, fail(Stale, "bot.err.unknown-button")
		}
		sites = append(sites, shangrila.Site{Village: v, Discipline: d})
	}
	if len(sites) == 2 {
		two := action{game: a.game, moves: a.moves, step: "r2", args: []string{
			v.String(), string(sites[0].Discipline.Letter()), v.String(), string(sites[1].Discipline.Letter())}}
		return b.menuMove(ctx, req, two)
	}
	first := sites[0]
	elsewhere := false
	for _, mv := range s.legal {
		if other, ok := pairedWith(mv, first); ok && other.Village != first.Village {
			elsewhere = true
		}
	}
	one := a.with("r1", string(first.Discipline.Letter()))
	if !elsewhere {
		return b.menuMove(ctx, req, one)
	}
	p := s.p
	return Reply{Update: true, Message: Message{
		Content: p.T("bot.menu.recruit-one", "discipline", first.Discipline, "village", first.Village),
		Rows: []Row{{Buttons: []Button{
			{ID: one.id(), Label: p.T("bot.button.recruit-one"), Style: Success},
			{ID: a.with("ra", string(first.Discipline.Letter())).id(), Label: p.T("bot.button.recruit-more"), Style: Primary},
			{ID: a.with("x").id(), Label: p.T("bot.button.cancel"), Style: Secondary},
		}}},
	}}, nil
}

// menuMove makes the move a menu chain ended with.
func (b *Bot) menuMove(ctx context.Context, req Request, a action) (Reply, error) {
	return b.play(ctx, req, &a, func(c shangrila.Colour, pos shangrila.Position) (shangrila.Move, error) {
		if turn := pos.Turn(); turn != c {
			return shangrila.Move{}, rules.Errorf(rules.NotYourTurn, "shangrila.turn", []any{"player", c, "turn", turn}, "not your turn")
		}
		bad := fail(Stale, "bot.err.unknown-button")
		switch a.step {
		case "pd": // args: village; value: discipline
			v, ok1 := argVillage(a.args, 0)
			d, ok2 := valueDiscipline(req, 0)
			if !ok1 || !ok2 {
				return shangrila.Move{}, bad
			}
			if pos.Phase() == shangrila.SetupPhase {
				return shangrila.SetupMove(c, v, d), nil
			}
			return shangrila.PlaceMove(c, v, d), nil
		case "r1": // args: village, discipline
			s, ok := argSite(a.args, 0)
			if !ok {
				return shangrila.Move{}, bad
			}
			return shangrila.RecruitMove(c, s), nil
		case "r2": // args: village, discipline, village2 [, discipline2]; or the value
			s, ok1 := argSite(a.args, 0)
			v2, ok2 := argVillage(a.args, 2)
			d2, ok3 := argDiscipline(a.args, 3)
			if !ok3 {
				d2, ok3 = valueDiscipline(req, 0)
			}
			if !ok1 || !ok2 || !ok3 {
				return shangrila.Move{}, bad
			}
			return shangrila.RecruitMove(c, s, shangrila.Site{Village: v2, Discipline: d2}), nil
		case "jd": // args: from; value: to
			from, ok1 := argVillage(a.args, 0)
			to, ok2 := valueVillage(req, 0)
			if !ok1 || !ok2 {
				return shangrila.Move{}, bad
			}
			return shangrila.JourneyMove(c, from, to), nil
		}
		return shangrila.Move{}, bad
	})
}

// pairedWith returns the other site of a legal two-student recruit that
// includes site s.
func pairedWith(mv shangrila.Move, s shangrila.Site) (shangrila.Site, bool) {
	if mv.Kind != shangrila.Recruit || mv.Students != 2 {
		return shangrila.Site{}, false
	}
	switch s {
	case mv.Sites[0]:
		return mv.Sites[1], true
	case mv.Sites[1]:
		return mv.Sites[0], true
	}
	return shangrila.Site{}, false
}

// villageMenu lists the villages pick finds among the legal moves.
func (s *menuState) villageMenu(a action, prompt string, pick func(shangrila.Move) (shangrila.Village, bool)) Message {
	seen := map[shangrila.Village]bool{}
	for _, mv := range s.legal {
		if v, ok := pick(mv); ok {
			seen[v] = true
		}
	}
	var opts []MenuOption
	for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
		if !seen[v] {
			continue
		}
		st := s.pos.Strength(v)
		opts = append(opts, MenuOption{
			Label:       s.p.T("bot.menu.village", "village", v),
			Value:       v.String(),
			Description: s.p.T("bot.menu.strength", "tiles", counted(s.p, "tiles", st.Tiles), "masters", counted(s.p, "masters", st.Masters)),
		})
	}
	return s.menuMessage(a, prompt, opts, 1)
}

// disciplineMenu lists the disciplines pick finds among the legal moves.
func (s *menuState) disciplineMenu(a action, prompt string, max int, pick func(shangrila.Move) (shangrila.Discipline, bool)) Message {
	seen := map[shangrila.Discipline]bool{}
	for _, mv := range s.legal {
		if d, ok := pick(mv); ok {
			seen[d] = true
		}
	}
	var opts []MenuOption
	for _, d := range shangrila.Disciplines {
		if seen[d] {
			opts = append(opts, MenuOption{
				Label: s.p.Discipline(d), Value: string(d.Letter()), Emoji: disciplineEmoji(d),
				Description: s.p.N("bot.menu.supply", s.pos.Supply(s.c, d)),
			})
		}
	}
	if max > len(opts) {
		max = len(opts)
	}
	return s.menuMessage(a, prompt, opts, max)
}

// destinationMenu lists where the students of v can travel, with each
// destination's strength and which side counts as stronger.
func (s *menuState) destinationMenu(a action, from shangrila.Village) Message {
	src := s.pos.Strength(from)
	var opts []MenuOption
	for _, mv := range s.legal {
		if mv.Kind != shangrila.Journey || mv.From != from {
			continue
		}
		dst := s.pos.Strength(mv.To)
		key := "bot.menu.destination-weaker"
		if src.Beats(dst) {
			key = "bot.menu.destination-stronger"
		}
		opts = append(opts, MenuOption{
			Label:       s.p.T("bot.menu.village", "village", mv.To),
			Value:       mv.To.String(),
			Description: s.p.T(key, "tiles", counted(s.p, "tiles", dst.Tiles), "masters", counted(s.p, "masters", dst.Masters), "from", from),
		})
	}
	return s.menuMessage(a, "bot.menu.journey-to", opts, 1)
}

// menuMessage wraps options in a menu message with a Cancel button. No
// chain lists more than 13 options, well within Discord's 25.
func (s *menuState) menuMessage(a action, prompt string, opts []MenuOption, max int) Message {
	if len(opts) == 0 {
		return Message{}
	}
	menu := &Menu{ID: a.id(), Placeholder: s.p.T(prompt), Options: opts, Min: 1, Max: max}
	return Message{
		Content: s.p.T(prompt),
		Rows: []Row{
			{Menu: menu},
			{Buttons: []Button{{ID: a.with("x").id(), Label: s.p.T("bot.button.cancel"), Style: Secondary}}},
		},
	}
}

// disciplineEmoji is the small picture beside a discipline in menus.
func disciplineEmoji(d shangrila.Discipline) string {
	return [...]string{"🌧️", "🙏", "🐾", "⭐", "🐉", "🌿", "🔥"}[d]
}

func argVillage(args []string, i int) (shangrila.Village, bool) {
	if i >= len(args) {
		return 0, false
	}
	return shangrila.ParseVillage(args[i])
}

func argDiscipline(args []string, i int) (shangrila.Discipline, bool) {
	if i >= len(args) {
		return 0, false
	}
	return shangrila.ParseDiscipline(args[i])
}

// argSite reads a village and a discipline from args[i] and args[i+1].
func argSite(args []string, i int) (shangrila.Site, bool) {
	v, ok1 := argVillage(args, i)
	d, ok2 := argDiscipline(args, i+1)
	return shangrila.Site{Village: v, Discipline: d}, ok1 && ok2
}

func valueVillage(req Request, i int) (shangrila.Village, bool) { return argVillage(req.Values, i) }

func valueDiscipline(req Request, i int) (shangrila.Discipline, bool) {
	return argDiscipline(req.Values, i)
}
