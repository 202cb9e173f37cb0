package shangrila

import (
	"strings"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	"github.com/tablebot/tablebot/rules"
	sl "github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// Typed reads a move typed in a terminal: a record line without its
// colour ("place A rainmaker", "recruit A rainmaker B yeti", "journey A
// B", "setup A rainmaker" for a starting master), read by the notation and
// handed to the forms in its record words. A typed "pass" is answered:
// the host makes a player's passes itself.
func (g *Game) Typed(st bot.State, seat int, words []string, p *i18n.Printer) (bot.Typed, bool, error) {
	if len(words) == 0 {
		return bot.Typed{}, false, nil
	}
	k, ok := sl.ParseKind(words[0])
	switch {
	case !ok || k == sl.Resign:
		return bot.Typed{}, false, nil
	case k == sl.Pass:
		return pass(state(st), seat, p)
	}
	m, err := notation.ParseAction(sl.Red, words)
	if err != nil {
		return bot.Typed{}, true, err
	}
	return g.Forms.Typed(st, seat, strings.Fields(m.String()), p)
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
