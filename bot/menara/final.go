package menara

import (
	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/stats"
)

// Final is the team's result: won or lost at its difficulty, and the
// temple's height (bot.Finisher).
func (g *Game) Final(st bot.State) bot.Final {
	pos := state(st).Position()
	return bot.Final{Team: &stats.TeamResult{Difficulty: pos.Difficulty().String(), Won: pos.Outcome().Won, Height: pos.Height()}}
}

var _ bot.Finisher = (*Game)(nil)
