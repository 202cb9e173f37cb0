package ai

import (
	"context"
	"fmt"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// PlayGame plays a game from start to its end, the computer player
// players[i] taking seat i (in start.Players() order), and returns it. It
// stops with ctx's error when ctx is done between moves, and with an error
// should a player ever make an illegal move.
func PlayGame(ctx context.Context, start shangrila.Position, players []Player) (*shangrila.Game, error) {
	seats := start.Players()
	if len(players) != len(seats) {
		return nil, fmt.Errorf("ai: %d players for %d seats", len(players), len(seats))
	}
	g := shangrila.GameFrom(start)
	for {
		p := g.Position()
		if p.Phase() == shangrila.Over {
			return g, nil
		}
		if err := ctx.Err(); err != nil {
			return g, err
		}
		seat, _ := p.Seat(p.Turn())
		m := players[seat].Move(ctx, &p)
		if _, err := g.Play(m); err != nil {
			return g, fmt.Errorf("ai: %s player made an illegal move %s %s: %w",
				players[seat].Level(), m.Player, m, err)
		}
	}
}
