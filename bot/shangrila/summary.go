package shangrila

import (
	"cmp"
	"slices"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	sl "github.com/tablebot/tablebot/rules/shangrila"
)

// decisiveJourneys is how many journeys a summary names at most.
const decisiveJourneys = 2

// Summary says, below the result and its ranking, how long the game lasted
// and its decisive journeys: those that made the most masters (at least
// two), the biggest first, each in one short line, so that the post's
// last line (everybody's ping) is never clipped (bot.Summarizer).
func (g *Game) Summary(p *i18n.Printer, st bot.State, names []string) []string {
	s := state(st)
	name := nameOf(s, names)
	lines := []string{p.N("bot.summary.length", s.Moves())}
	type journey struct {
		n, masters int
		e          *sl.Effects
	}
	var big []journey
	for i, x := range s.Effects() {
		if x.Move.Kind != sl.Journey {
			continue
		}
		if masters := x.Promoted(); masters >= 2 {
			big = append(big, journey{n: i + 1, masters: masters, e: x})
		}
	}
	slices.SortStableFunc(big, func(a, b journey) int { return cmp.Compare(b.masters, a.masters) })
	for _, j := range big[:min(len(big), decisiveJourneys)] {
		m := j.e.Move
		lines = append(lines, p.T("bot.summary.decisive", "n", j.n, "player", name(m.Player), "from", m.From, "to", m.To,
			"masters", counted(p, "masters", j.masters)))
	}
	return lines
}

var _ bot.Summarizer = (*Game)(nil)
