package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/tablebot/tablebot/stats"
	"github.com/tablebot/tablebot/store"
)

// RebuildStats recomputes every tally of the statistics from the games
// stored in st, as the moves that ended them did: each finished game is
// replayed by its game (among games), made a Result, and added to the
// tallies in the order the games ended (ties by id), through
// store.TallyGame. It holds one game at a time and the tallies; progress,
// when not nil, is called once for each stored game looked at (total
// says how many). The caller stores the tallies (ReplaceTallies).
func RebuildStats(ctx context.Context, st store.Store, games []Game, total func(int), progress func()) (map[stats.Key]*stats.Tally, int, error) {
	type ended struct {
		id string
		at time.Time
	}
	var all []ended
	err := st.EachSummary(ctx, func(s store.Summary) error {
		if s.Game.Status == store.Over {
			all = append(all, ended{s.Game.ID, s.Game.Updated})
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	slices.SortFunc(all, func(a, b ended) int { return cmp.Or(a.at.Compare(b.at), cmp.Compare(a.id, b.id)) })
	if total != nil {
		total(len(all))
	}
	tallies := map[stats.Key]*stats.Tally{}
	get := func(k stats.Key) (*stats.Tally, error) {
		if t, ok := tallies[k]; ok {
			return t, nil
		}
		return &stats.Tally{}, nil
	}
	put := func(k stats.Key, t *stats.Tally) error { tallies[k] = t; return nil }
	counted := 0
	for _, e := range all {
		res, err := rebuiltResult(ctx, st, games, e.id)
		if err != nil {
			return nil, 0, err
		}
		if res != nil {
			g := &store.Game{ID: res.ID, Guild: res.Guild, Status: store.Over}
			if err := store.TallyGame(g, store.Checked{Finish: store.Over, Result: res}, get, put); err != nil {
				return nil, 0, err
			}
			counted++
		}
		if progress != nil {
			progress()
		}
	}
	return tallies, counted, nil
}

// rebuiltResult reads a stored game and replays it to its Result; nil for
// a game of a kind not hosted here or that counts for nobody.
func rebuiltResult(ctx context.Context, st store.Store, games []Game, id string) (*stats.Game, error) {
	g, err := st.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(games, func(game Game) bool { return game.Kind() == g.Kind })
	if i < 0 {
		return nil, nil
	}
	state, err := games[i].Load(g.Record())
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", errUnreplayable, g.ID, err)
	}
	return Result(games[i], g, state), nil
}
