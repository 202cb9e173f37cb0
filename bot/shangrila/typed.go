package shangrila

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// Typed reads a move typed in a terminal: "place A rainmaker", "recruit A
// rainmaker B yeti", "journey A B" (a record line without its colour), and
// "setup A rainmaker" for a starting master. A typed "pass" is answered:
// the host makes a player's passes itself.
func (g *Game) Typed(st bot.State, seat int, words []string, p *i18n.Printer) (bot.Typed, bool, error) {
	if len(words) == 0 {
		return bot.Typed{}, false, nil
	}
	kind := strings.ToLower(words[0])
	switch kind {
	case "setup", stepPlace, stepRecruit, stepJourney:
	case "pass":
		return pass(state(st), seat, p)
	default:
		return bot.Typed{}, false, nil
	}
	if kind == "setup" {
		kind = stepPlace
	}
	m, err := notation.ParseAction(sl.Red, append([]string{kind}, words[1:]...))
	if err != nil {
		return bot.Typed{}, true, err
	}
	t := bot.Typed{Command: kind, Options: map[string]string{}}
	if m.Kind == sl.Journey {
		t.Options[optFrom], t.Options[optTo] = m.From.String(), m.To.String()
		return t, true, nil
	}
	// The typed order is kept: a recruit's first site is the one typed
	// first.
	sites := m.Recruited()
	if m.Kind != sl.Recruit {
		sites = m.Sites[:1]
	}
	for i, s := range sites {
		v, d := optVillage, optMaster
		if i == 1 {
			v, d = optVillage2, optMaster2
		}
		t.Options[v], t.Options[d] = s.Village.String(), s.Discipline.String()
	}
	return t, true, nil
}

// pass answers a typed pass: a pass in a record was made already by the
// host, or the player can still act.
func pass(s *State, seat int, p *i18n.Printer) (bot.Typed, bool, error) {
	c := colour(s.Position(), seat)
	for i := s.Moves() - 1; i >= 0; i-- {
		if s.MoveList()[i].Player == c {
			if s.MoveList()[i].Kind == sl.Pass {
				return bot.Typed{Say: p.T("local.passed", "player", c)}, true, nil
			}
			break
		}
	}
	return bot.Typed{}, true, rules.Errorf(rules.Illegal, "shangrila.pass.can-act", []any{"player", c}, "%s can still act", c)
}
