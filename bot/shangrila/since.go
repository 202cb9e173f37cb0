package shangrila

import (
	"slices"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	srender "github.com/tablebot/tablebot/render/shangrila"
	sl "github.com/tablebot/tablebot/rules/shangrila"
)

var _ bot.Recounter = (*Game)(nil)

// Actor is the seat of the player who made the move; a pass is the
// host's (the player had no choice): nobody's.
func (g *Game) Actor(e bot.Effect) int {
	x, ok := effects(e)
	if !ok || x.Move.Kind == sl.Pass {
		return -1
	}
	return slices.Index(sl.Colours[:], x.Move.Player)
}

// Recount says each move since, a short line each, as the board's "last
// move" words say it ("Bob sent the students of B to C: 2 promoted"):
// all but the latest move that is not a pass and the passes after it,
// which the post says in full already.
func (g *Game) Recount(p *i18n.Printer, st bot.State, since []bot.Effect, names []string) []string {
	end := len(since)
	for end > 0 {
		end--
		if x, ok := effects(since[end]); !ok || x.Move.Kind != sl.Pass {
			break
		}
	}
	lb := g.labelsOf(p)
	name := func(c sl.Colour) string {
		if i := slices.Index(sl.Colours[:], c); i >= 0 && i < len(names) {
			return names[i]
		}
		return ColourName(p, c)
	}
	var out []string
	for _, e := range since[:end] {
		if x, ok := effects(e); ok {
			if s := moveSaid(p, srender.WordsOf(x, *lb, name)); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}
