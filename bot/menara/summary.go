package menara

import (
	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

// Summary says, below the result, how the team's game went: the cards
// fulfilled and those that went to the level row (given up or failed),
// the floors placed against the level row, and the floors that fell when
// the temple collapsed (bot.Summarizer).
func (g *Game) Summary(p *i18n.Printer, st bot.State, _ []string) []string {
	s := state(st)
	pos := s.Position()
	done, toRow, fallen := 0, 0, 0
	for _, e := range s.Effects() {
		switch {
		case e.CardDone:
			done++
		case e.ToLevelRow:
			toRow++
		}
		if e.Collapse {
			fallen += len(e.Fallen)
		}
	}
	lines := []string{
		p.T("menara.summary.cards", "done", done, "given", toRow),
		p.N("menara.summary.floors", len(pos.PlacedFloors()), "height", pos.Height(), "required", pos.Required()),
	}
	if fallen > 0 {
		lines = append(lines, p.N("menara.summary.fallen", fallen))
	}
	return lines
}

var _ bot.Summarizer = (*Game)(nil)
