package ai

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/rules/shangrila"
)

// frozen is a clock that never moves. A search that reads it ends on its
// iteration budget alone, so a test that compares moves gets the same
// moves on a busy machine as on an idle one: with the wall clock, the 2 s
// cap cuts searches short under the race detector on a loaded machine.
func frozen() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }

// budget returns the options of a search of iterations iterations that no
// clock cuts short.
func budget(iterations int) Options { return Options{Iterations: iterations, clock: frozen} }

// gamePositions returns the positions of a game between easy players of seed,
// for players players, after every move, the start included.
func gamePositions(t testing.TB, players int, seed uint64) []shangrila.Position {
	t.Helper()
	start, err := shangrila.NewPosition(shangrila.Colours[:players], shangrila.StartSetup)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]Player, players)
	for i := range ps {
		ps[i] = New(Easy, seed+uint64(i), Options{})
	}
	g, err := PlayGame(context.Background(), start, ps)
	if err != nil {
		t.Fatal(err)
	}
	out := []shangrila.Position{start}
	p := start
	for _, m := range g.Moves() {
		p, _, err = p.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// samplePositions returns n positions spread over a game of seed, every
// one with a choice to make.
func samplePositions(t testing.TB, players int, seed uint64, n int) []shangrila.Position {
	t.Helper()
	all := gamePositions(t, players, seed)
	var out []shangrila.Position
	for i := 1; i <= n; i++ {
		p := all[i*(len(all)-1)/(n+1)]
		if len(p.LegalMoves(nil)) < 2 {
			continue
		}
		out = append(out, p)
	}
	return out
}

// build returns a position in play for players, with turn to move, the
// masters listed in spaces ("A: red R, yellow P*; B: blue Y", a star for a
// student on the master) and the bridges listed in broken ("A-B D-E")
// broken. Supplies hold every tile not on the board; villages without a
// standing bridge get a stone.
func build(t testing.TB, players []shangrila.Colour, turn shangrila.Colour, spaces, broken string) shangrila.Position {
	t.Helper()
	s := shangrila.Snapshot{Players: players, Phase: shangrila.PlayPhase, Turn: turn}
	for _, c := range players {
		for d := range shangrila.NumDisciplines {
			s.Supply[c][d] = shangrila.TilesPerDiscipline
		}
	}
	for _, part := range strings.Split(spaces, ";") {
		name, list, ok := strings.Cut(part, ":")
		if !ok {
			t.Fatalf("build: %q has no colon", part)
		}
		v, ok := shangrila.ParseVillage(strings.TrimSpace(name))
		if !ok {
			t.Fatalf("build: bad village %q", name)
		}
		for _, tile := range strings.Split(list, ",") {
			f := strings.Fields(tile)
			if len(f) != 2 {
				t.Fatalf("build: bad tile %q", tile)
			}
			c, ok := shangrila.ParseColour(f[0])
			student := strings.HasSuffix(f[1], "*")
			d, ok2 := shangrila.ParseDiscipline(strings.TrimSuffix(f[1], "*"))
			if !ok || !ok2 {
				t.Fatalf("build: bad tile %q", tile)
			}
			s.Spaces[v][d] = shangrila.MasterSpace(c, student)
			s.Supply[c][d] -= s.Spaces[v][d].Tiles()
		}
	}
	three := len(players) == 3
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		x, y := b.Ends()
		s.Standing[b] = !(three && (x == shangrila.OutOfPlayWithThree || y == shangrila.OutOfPlayWithThree)) &&
			!strings.Contains(" "+broken+" ", " "+b.String()+" ")
	}
	for v := range shangrila.Village(shangrila.NumVillages) {
		s.Stones[v] = true
		for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
			if _, ok := b.Other(v); ok && s.Standing[b] {
				s.Stones[v] = false
			}
		}
	}
	p, err := shangrila.FromSnapshot(s)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return p
}
