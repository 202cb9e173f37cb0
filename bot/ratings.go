package bot

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/tablebot/tablebot/stats"
)

// ratedLines are the lines the game-over post of t's finished game adds
// for a rated game: each player's rating shown (mu − 3σ), best first, in the server's
// tallies and what the game changed, as the move that ended it stored
// them. A player whose rating a later game already changed again is left
// out (a post retried late); none when the game is not rated.
func (b *Bot) ratedLines(ctx context.Context, t *table) []string {
	pub := b.cfg.Catalog.Printer(t.lang())
	g := t.stored
	scope := g.Guild
	if scope == "" {
		scope = stats.Everywhere
	}
	type item struct {
		line   string
		rating float64
	}
	var (
		items []item
		seen  []string
	)
	for _, p := range g.Players {
		s := subject(p)
		if slices.Contains(seen, s) {
			continue
		}
		seen = append(seen, s)
		tl, err := b.cfg.Store.Tally(ctx, stats.Key{Scope: scope, Period: stats.AllTime, Subject: s})
		if err != nil {
			if ctx.Err() == nil {
				b.log.Error("reading a player's rating for the game-over post", "err", err, "channel", g.Channel, "game", g.ID)
			}
			return nil
		}
		r, ok := tl.LastRated[g.Kind]
		if !ok || r.Game != g.ID {
			continue
		}
		line := pub.T("bot.gameover.rating", "name", subjectName(pub, s, tl), "rating", rating1(r.After.Ordinal()), "delta", signed1(r.Delta()))
		items = append(items, item{line, r.After.Ordinal()})
	}
	if len(items) == 0 {
		return nil
	}
	// The best first, as a ranking reads.
	slices.SortStableFunc(items, func(a, b item) int { return cmp.Compare(b.rating, a.rating) })
	lines := make([]string, len(items))
	for i, it := range items {
		lines[i] = it.line
	}
	return []string{pub.T("bot.gameover.ratings", "list", strings.Join(lines, " · "))}
}
