package shangrila

import (
	"github.com/tablebot/tablebot/bot"
)

// Final ranks the seats as the rules do (masters, then villages; who
// resigned below everybody): rated (bot.Finisher).
func (g *Game) Final(st bot.State) bot.Final {
	pos := state(st).Position()
	ranks := make([]int, len(pos.Players()))
	for _, pl := range pos.Ranking() {
		if seat, ok := pos.Seat(pl.Colour); ok {
			ranks[seat] = pl.Rank
		}
	}
	return bot.Final{Ranks: ranks, Rated: true}
}

var _ bot.Finisher = (*Game)(nil)
