package ai

import (
	"context"
	"fmt"

	"github.com/tablebot/tablebot/rules/menara"
)

// PlayGame plays a game from start to its end, the computer player
// players[i] taking seat i, and returns it. It stops with ctx's error when
// ctx is done between steps, and with an error should a player ever make
// an illegal step.
func PlayGame(ctx context.Context, start menara.Position, players []Player) (*menara.Game, error) {
	if len(players) != start.NumPlayers() {
		return nil, fmt.Errorf("ai: %d players for %d seats", len(players), start.NumPlayers())
	}
	g := menara.GameFrom(start)
	for {
		p := g.Position()
		if p.Phase() == menara.Over {
			return g, nil
		}
		if err := ctx.Err(); err != nil {
			return g, err
		}
		seat := p.Turn()
		s := players[seat].Step(ctx, &p)
		if _, err := g.Play(s); err != nil {
			return g, fmt.Errorf("ai: %s player in seat %d made an illegal step %s: %w",
				players[seat].Level(), seat+1, s, err)
		}
	}
}
