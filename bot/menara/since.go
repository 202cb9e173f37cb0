package menara

import (
	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/i18n"
	rmenara "github.com/tablebot/tablebot/render/menara"
	mr "github.com/tablebot/tablebot/rules/menara"
)

var _ bot.Recounter = (*Game)(nil)

// Actor is the seat whose turn the step was: every step is a player's.
func (g *Game) Actor(e bot.Effect) int {
	x, ok := effects(e)
	if !ok {
		return -1
	}
	return int(x.Step.Seat)
}

// Recount says the team's turns since, a line a whole turn, as a
// timelapse's captions do ("Ana · Place 2 columns: red on K2, yellow on
// K3"): the latest turn too, of which the post says only the last step.
func (g *Game) Recount(p *i18n.Printer, st bot.State, since []bot.Effect, names []string) []string {
	pos := positionOf(state(st))
	var out []string
	for _, w := range rmenara.TurnsOf(pos, bot.EffectsOf[*mr.Effects](since), g.filmLabelsOf(p), names) {
		out = append(out, turnLine(p, w))
	}
	return out
}
