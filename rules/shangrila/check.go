package shangrila

import "github.com/tablebot/tablebot/rules"

// Check returns nil when m is legal in the position, and otherwise a
// *rules.Error whose message tells the player why not ("Blue has no master
// in village D, so cannot place there").
func (p Position) Check(m Move) error {
	c := m.Player
	if p.phase == Over {
		return rules.Errorf(rules.GameOver, "shangrila.over", nil, "The game is over")
	}
	if _, ok := p.Seat(c); !ok {
		return illegal("shangrila.player.absent", []any{"player", c},
			"%s does not play in this game", c.Name())
	}
	if p.Resigned(c) {
		return illegal("shangrila.player.resigned", []any{"player", c},
			"%s has resigned and takes no more turns", c.Name())
	}
	if m.Kind == Resign {
		return nil
	}
	if t := p.Turn(); t != c {
		return rules.Errorf(rules.NotYourTurn, "shangrila.turn", []any{"player", c, "turn", t},
			"It is %s's turn, not %s's", t.Name(), c.Name())
	}
	switch m.Kind {
	case Setup:
		return p.checkSetup(m)
	case Place:
		return p.checkPlace(m)
	case Recruit:
		return p.checkRecruit(m)
	case Journey:
		return p.checkJourney(m)
	case Pass:
		return p.checkPass(c)
	}
	return rules.Errorf(rules.Invalid, "shangrila.move.unknown", nil, "That is not a move of this game")
}

func illegal(key string, args []any, format string, a ...any) error {
	return rules.Errorf(rules.Illegal, key, args, format, a...)
}

// checkSite rejects sites outside the board.
func checkSite(s Site) error {
	if !s.Village.Valid() {
		return rules.Errorf(rules.Invalid, "shangrila.village.unknown", nil, "There is no such village: they are lettered A to M")
	}
	if !s.Discipline.Valid() {
		return rules.Errorf(rules.Invalid, "shangrila.discipline.unknown", nil, "There is no such discipline")
	}
	return nil
}

func (p *Position) checkStone(v Village) error {
	if !p.InPlay(v) {
		return illegal("shangrila.village.out", []any{"village", v},
			"Village %s is not in play with 3 players", v)
	}
	if p.Stone(v) {
		return illegal("shangrila.village.stone", []any{"village", v},
			"Village %s has a Stone of the Wise Men: nothing more happens there", v)
	}
	return nil
}

// checkTaken rejects a master for a space that is not empty.
func (p *Position) checkTaken(c Colour, s Site) error {
	sp := p.Space(s.Village, s.Discipline)
	if sp.Empty() {
		return nil
	}
	if sp.Master() == c {
		return illegal("shangrila.space.own", []any{"discipline", s.Discipline, "village", s.Village},
			"You already have the %s of village %s", s.Discipline.Name(), s.Village)
	}
	return illegal("shangrila.space.taken", []any{"discipline", s.Discipline, "village", s.Village, "owner", sp.Master()},
		"The %s space of village %s is taken by %s", s.Discipline.Name(), s.Village, sp.Master().Name())
}

func (p *Position) checkSetup(m Move) error {
	c, s := m.Player, m.Sites[0]
	if p.phase != SetupPhase {
		return illegal("shangrila.setup.over", nil,
			"The setup phase is over: place a master in a village where you have one, recruit, or journey")
	}
	if err := checkSite(s); err != nil {
		return err
	}
	if !p.InPlay(s.Village) {
		return p.checkStone(s.Village)
	}
	if p.setupPlaced(c)&disciplineBit(s.Discipline) != 0 {
		return illegal("shangrila.setup.again", []any{"player", c, "discipline", s.Discipline},
			"%s has already placed a %s: the seven starting masters must all differ", c.Name(), s.Discipline.Name())
	}
	if err := p.checkTaken(c, s); err != nil {
		return err
	}
	perColour, perVillage := setupLimits(int(p.nseats))
	st := p.Strength(s.Village)
	if st.Tiles >= perVillage {
		return illegal("shangrila.setup.full", []any{"village", s.Village, "count", perVillage},
			"Village %s already holds %d tiles, the most allowed during setup", s.Village, perVillage)
	}
	if own := count(p.villages[s.Village].ownedBy(c)); own >= perColour {
		return illegal("shangrila.setup.colour", []any{"player", c, "village", s.Village, "count", perColour},
			"%s already has %d in village %s, the most of one colour allowed during setup", c.Name(), perColour, s.Village)
	}
	return nil
}

// checkPlay rejects an action of the play phase during setup.
func (p *Position) checkPlay(k Kind) error {
	if p.phase == SetupPhase {
		return illegal("shangrila.setup.only", []any{"kind", k},
			"During the setup phase the only move is placing a starting master")
	}
	return nil
}

func (p *Position) checkPlace(m Move) error {
	c, s := m.Player, m.Sites[0]
	if err := p.checkPlay(m.Kind); err != nil {
		return err
	}
	if err := checkSite(s); err != nil {
		return err
	}
	if err := p.checkStone(s.Village); err != nil {
		return err
	}
	if !p.hasMaster(c, s.Village) {
		return illegal("shangrila.place.no-master", []any{"player", c, "village", s.Village},
			"%s has no master in village %s, so cannot place there", c.Name(), s.Village)
	}
	if err := p.checkTaken(c, s); err != nil {
		return err
	}
	if p.supply[c].at(s.Discipline) == 0 {
		return illegal("shangrila.supply.empty", []any{"player", c, "discipline", s.Discipline},
			"%s has no %s left in supply", c.Name(), s.Discipline.Name())
	}
	return nil
}

func (p *Position) checkRecruit(m Move) error {
	c := m.Player
	if err := p.checkPlay(m.Kind); err != nil {
		return err
	}
	if m.Students < 1 || m.Students > 2 {
		return rules.Errorf(rules.Invalid, "shangrila.recruit.count", nil, "Recruit one or two students")
	}
	sites := m.Sites[:m.Students]
	if m.Students == 2 && sites[0] == sites[1] {
		return illegal("shangrila.recruit.twice", []any{"discipline", sites[0].Discipline, "village", sites[0].Village},
			"A master takes only one student: the %s of village %s is named twice", sites[0].Discipline.Name(), sites[0].Village)
	}
	for _, s := range sites {
		if err := checkSite(s); err != nil {
			return err
		}
		if err := p.checkStone(s.Village); err != nil {
			return err
		}
		sp := p.Space(s.Village, s.Discipline)
		if sp.Master() != c {
			return illegal("shangrila.recruit.no-master", []any{"player", c, "discipline", s.Discipline, "village", s.Village},
				"%s has no %s master in village %s to take a student", c.Name(), s.Discipline.Name(), s.Village)
		}
		if sp.Student() {
			return illegal("shangrila.recruit.has-student", []any{"player", c, "discipline", s.Discipline, "village", s.Village},
				"%s's %s in village %s already has a student", c.Name(), s.Discipline.Name(), s.Village)
		}
	}
	for _, s := range sites {
		need := 1
		if m.Students == 2 && sites[0].Discipline == sites[1].Discipline {
			need = 2
		}
		if have := int(p.supply[c].at(s.Discipline)); have < need {
			if have == 0 {
				return illegal("shangrila.supply.empty", []any{"player", c, "discipline", s.Discipline},
					"%s has no %s left in supply", c.Name(), s.Discipline.Name())
			}
			return illegal("shangrila.supply.one", []any{"player", c, "discipline", s.Discipline},
				"%s has only one %s left in supply", c.Name(), s.Discipline.Name())
		}
	}
	return nil
}

func (p *Position) checkJourney(m Move) error {
	c, from, to := m.Player, m.From, m.To
	if err := p.checkPlay(m.Kind); err != nil {
		return err
	}
	if !from.Valid() || !to.Valid() {
		return rules.Errorf(rules.Invalid, "shangrila.village.unknown", nil, "There is no such village: they are lettered A to M")
	}
	if err := p.checkStone(from); err != nil {
		return err
	}
	if r := p.villages[from]; r.ownedBy(c)&r.students() == 0 {
		return illegal("shangrila.journey.no-student", []any{"player", c, "village", from},
			"%s has no student in village %s to lead a journey", c.Name(), from)
	}
	if from == to {
		return illegal("shangrila.journey.same", []any{"village", from},
			"A journey crosses a bridge to a neighbouring village, not back into %s", from)
	}
	b, ok := BridgeBetween(from, to)
	if !ok {
		return illegal("shangrila.journey.no-path", []any{"from", from, "to", to},
			"No path joins villages %s and %s", from, to)
	}
	if !p.Standing(b) {
		return illegal("shangrila.journey.broken", []any{"from", from, "to", to},
			"The bridge between %s and %s is broken", from, to)
	}
	return nil
}

func (p *Position) checkPass(c Colour) error {
	if p.phase == SetupPhase && p.hasSetupPlacement(c) || p.phase == PlayPhase && p.hasAction(c) {
		return illegal("shangrila.pass.can-act", []any{"player", c},
			"%s can still act, so cannot pass", c.Name())
	}
	return nil
}
