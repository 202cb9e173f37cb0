package menara_test

import (
	"sync"
	"testing"

	rmenara "github.com/tablebot/tablebot/render/menara"
	"github.com/tablebot/tablebot/rules/menara"
)

// scenario is a state the tests draw: a game reached by the greedy team
// (see build), and the view to draw of it.
type scenario struct {
	name string
	// key names the game in the cache when scenarios share one.
	key string
	// game plays to the state; view makes the view of it (ViewOf with the
	// last step by default, PreviewOf for a preview).
	game func(tb testing.TB) game
	view func(tb testing.TB, g game) rmenara.View
}

// lastView is the view of a game's position with its last step.
func lastView(_ testing.TB, g game) rmenara.View { return rmenara.ViewOf(&g.pos, g.last) }

// games caches the scenarios' games: each is played once per test binary.
var (
	gamesMu sync.Mutex
	games   = map[string]game{}
)

// get returns scenario s's game.
func (s scenario) get(tb testing.TB) game {
	tb.Helper()
	key := s.key
	if key == "" {
		key = s.name
	}
	gamesMu.Lock()
	defer gamesMu.Unlock()
	if g, ok := games[key]; ok {
		return g
	}
	g := s.game(tb)
	games[key] = g
	return g
}

// viewOf returns scenario s's view.
func (s scenario) viewOf(tb testing.TB) rmenara.View {
	tb.Helper()
	g := s.get(tb)
	if s.view == nil {
		return lastView(tb, g)
	}
	return s.view(tb, g)
}

// collapsing returns a column step of p that collapses the temple.
func collapsing(p *menara.Position) (menara.Step, bool) {
	if p.Stage() != menara.Building || p.Phase() == menara.Over {
		return menara.Step{}, false
	}
	for _, s := range p.LegalSteps(nil) {
		if s.Kind != menara.PlaceColumn {
			continue
		}
		if _, e, err := p.Preview(s); err == nil && e.Collapse {
			return s, true
		}
	}
	return menara.Step{}, false
}

// liftable returns a lift the card in play allows that keeps the temple
// standing.
func liftable(p *menara.Position) (menara.Step, bool) {
	c, ok := p.Card()
	if !ok || c.Type != menara.LiftCard || p.Stage() != menara.Building || p.Progress() > 0 {
		return menara.Step{}, false
	}
	for _, pl := range p.Placements(nil) {
		if !pl.Collapse && pl.Step.Kind == menara.Lift {
			return pl.Step, true
		}
	}
	return menara.Step{}, false
}

// placements returns the placements of the new floor; the first is the
// most stable, the last collapses the temple when any does.
func placements(tb testing.TB, g game) []menara.Placement {
	tb.Helper()
	pls := g.pos.Placements(nil)
	if len(pls) == 0 {
		tb.Fatalf("%v: no placement of the new floor", g)
	}
	return pls
}

func preview(tb testing.TB, g game, s menara.Step) rmenara.View {
	tb.Helper()
	v, err := rmenara.PreviewOf(&g.pos, s)
	if err != nil {
		tb.Fatalf("%v: preview of %v: %v", g, s, err)
	}
	return v
}

// The scenarios, by name.
var (
	scStart = scenario{name: "start", game: func(tb testing.TB) game {
		p, err := menara.NewPosition(opts(2, menara.Medium), 7)
		if err != nil {
			tb.Fatal(err)
		}
		return game{pos: p, seed: 7}
	}}
	scMid  = scenario{name: "mid", game: func(tb testing.TB) game { return benchGame(tb) }}
	scTall = scenario{name: "tall", game: func(tb testing.TB) game {
		return build(tb, opts(2, menara.Easy), 1, 60, func(p *menara.Position, e *menara.Effects) bool {
			return p.Height() >= 5 && e.Step.Kind == menara.PlaceFloor && p.Phase() != menara.Over
		})
	}}
	scCrowded = scenario{name: "crowded", game: func(tb testing.TB) game {
		return build(tb, opts(3, menara.Easy), 1, 60, func(p *menara.Position, e *menara.Effects) bool {
			n := 0
			for _, f := range p.PlacedFloors() {
				if p.Level(f) == 0 {
					n++
				}
			}
			return n >= 6 && e.Step.Kind == menara.Extend && p.Phase() != menara.Over
		})
	}}
	scWon = scenario{name: "won", game: func(tb testing.TB) game {
		// Four players and a temple not much higher than it needs: most
		// won games of the greedy team are towers of 7 and more.
		return build(tb, opts(4, menara.Easy), 120, 300, func(p *menara.Position, e *menara.Effects) bool {
			return won(p, e) && p.Height() <= 6
		})
	}}
	scCollapse = scenario{name: "collapse", game: func(tb testing.TB) game {
		g := build(tb, opts(2, menara.Easy), 3, 60, func(p *menara.Position, _ *menara.Effects) bool {
			_, ok := collapsing(p)
			return ok && p.Height() >= 2
		})
		s, _ := collapsing(&g.pos)
		return g.apply(tb, s)
	}}
	scMove = scenario{name: "move", game: func(tb testing.TB) game {
		return build(tb, opts(2, menara.Easy), 1, 60, func(p *menara.Position, e *menara.Effects) bool {
			return e.Step.Kind == menara.MoveColumn && !e.Failed && p.Phase() != menara.Over && p.Height() >= 2
		})
	}}
	scLift = scenario{name: "lift", game: func(tb testing.TB) game {
		g := build(tb, opts(2, menara.Easy), 1, 100, func(p *menara.Position, _ *menara.Effects) bool {
			_, ok := liftable(p)
			return ok
		})
		s, _ := liftable(&g.pos)
		return g.apply(tb, s)
	}}
	scNewFloor = scenario{name: "new floor", game: newFloorGame}
	scPreview  = scenario{name: "preview", key: "new floor", game: newFloorGame, view: func(tb testing.TB, g game) rmenara.View {
		return preview(tb, g, placements(tb, g)[0].Step)
	}}
	scPreviewCollapse = scenario{name: "preview collapse", key: "new floor", game: newFloorGame, view: func(tb testing.TB, g game) rmenara.View {
		pls := placements(tb, g)
		return preview(tb, g, pls[len(pls)-1].Step)
	}}
)

// newFloorGame stops where a new floor must be placed on a temple at least
// 2 levels high, its most stable placement on columns and its last one
// collapsing the temple.
func newFloorGame(tb testing.TB) game {
	return build(tb, opts(2, menara.Easy), 5, 60, func(p *menara.Position, _ *menara.Effects) bool {
		if p.Stage() != menara.NewFloor || p.Height() < 2 {
			return false
		}
		pls := p.Placements(nil)
		return len(pls) > 1 && !pls[0].Collapse && !pls[0].Extension && pls[len(pls)-1].Collapse
	})
}
