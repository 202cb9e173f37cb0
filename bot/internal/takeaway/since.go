package takeaway

import (
	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
)

var _ bot.Recounter = (*Game)(nil)

// Actor is the seat that took, resigned or passed; a pass is the host's
// (the seat had no choice): nobody's.
func (g *Game) Actor(e bot.Effect) int {
	x, ok := e.(Effect)
	if !ok || x.Move.Pass {
		return -1
	}
	return x.Move.Seat
}

// Recount says each move since, a line each, but the latest move that is
// not a pass and the passes after it, which the post says already.
func (g *Game) Recount(p *i18n.Printer, st bot.State, since []bot.Effect, names []string) []string {
	end := len(since)
	for end > 0 {
		end--
		if x, ok := since[end].(Effect); !ok || !x.Move.Pass {
			break
		}
	}
	var out []string
	for _, e := range since[:end] {
		out = append(out, g.Describe(p, e, names))
	}
	return out
}
