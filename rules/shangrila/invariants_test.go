package shangrila_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules/shangrila"
	"github.com/tablebot/tablebot/rules/shangrila/notation"
)

// checkTiles checks that each player's 42 tiles are on the board or in
// supply, six of each discipline.
func checkTiles(t *testing.T, p *shangrila.Position) {
	t.Helper()
	for _, c := range p.Players() {
		for _, d := range shangrila.Disciplines {
			n := p.Supply(c, d)
			for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
				if sp := p.Space(v, d); sp.Master() == c {
					n += sp.Tiles()
				}
			}
			if n != shangrila.TilesPerDiscipline {
				t.Fatalf("%s has %d %s tiles, want 6", c, n, d)
			}
		}
	}
}

// checkInvariants checks everything a position must always satisfy.
func checkInvariants(t *testing.T, p *shangrila.Position) {
	t.Helper()
	checkTiles(t, p)
	for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
		standing := 0
		for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
			if _, ok := b.Other(v); ok && p.Standing(b) {
				standing++
			}
		}
		if p.Stone(v) != (standing == 0) {
			t.Fatalf("village %s: stone %v with %d standing bridges", v, p.Stone(v), standing)
		}
		if !p.InPlay(v) && p.Strength(v).Tiles > 0 {
			t.Fatalf("tiles in village %s, out of play", v)
		}
		if p.Phase() == shangrila.SetupPhase && p.Strength(v).Tiles != p.Strength(v).Masters {
			t.Fatalf("students during setup in village %s", v)
		}
	}
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		x, y := b.Ends()
		if p.Standing(b) && (!p.InPlay(x) || !p.InPlay(y)) {
			t.Fatalf("bridge %s stands but leads out of play", b)
		}
	}
	if p.Phase() != shangrila.Over && !p.Active(p.Turn()) {
		t.Fatalf("turn %s is not an active player", p.Turn())
	}
	if p.Phase() == shangrila.PlayPhase && p.NumBridges() < 2 {
		t.Fatalf("play goes on with %d bridges", p.NumBridges())
	}
}

// canAct reports whether player c would have a legal action (other than
// pass) if it were their turn.
func canAct(t *testing.T, p *shangrila.Position, c shangrila.Colour) bool {
	t.Helper()
	s := p.Snapshot()
	s.Turn, s.Phase = c, shangrila.PlayPhase
	q, err := shangrila.FromSnapshot(s)
	if err != nil {
		t.Fatal(err)
	}
	m := q.LegalMoves(nil)
	return !(len(m) == 1 && m[0].Kind == shangrila.Pass)
}

// TestRandomGames plays thousands of random games with 3 and 4 players,
// from the setup phase and from the suggested start, and checks the
// invariants after every move, that random moves are legal moves, that
// each game ends as the rules say, and that records and JSON round-trip.
func TestRandomGames(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	for _, players := range [][]shangrila.Colour{three, four} {
		for _, start := range []shangrila.Start{shangrila.StartSetup, shangrila.StartSuggested} {
			name := strings.Repeat("x", 0) + string(rune('0'+len(players))) + " players from " + start.String()
			t.Run(name, func(t *testing.T) {
				for i := 0; i < games; i++ {
					randomGame(t, players, start, uint64(i), i < 20)
				}
			})
		}
	}
}

func randomGame(t *testing.T, players []shangrila.Colour, start shangrila.Start, seed uint64, thorough bool) {
	t.Helper()
	g, err := shangrila.NewGame(players, start)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	var legal []shangrila.Move
	for n := 0; g.Position().Phase() != shangrila.Over; n++ {
		if n > 2000 {
			t.Fatalf("seed %d: the game does not end", seed)
		}
		p := g.Position()
		m := p.RandomMove(rng)
		if thorough {
			legal = p.LegalMoves(legal[:0])
			if !contains(legal, m) {
				t.Fatalf("seed %d move %d: random move %s %s is not a legal move", seed, n, m.Player, m)
			}
			for _, l := range legal {
				if err := p.Check(l); err != nil {
					t.Fatalf("seed %d move %d: listed move %s %s fails Check: %v", seed, n, l.Player, l, err)
				}
			}
			onlyPass := len(legal) == 1 && legal[0].Kind == shangrila.Pass
			if slices.ContainsFunc(legal, func(l shangrila.Move) bool { return l.Kind == shangrila.Pass }) && !onlyPass {
				t.Fatalf("seed %d move %d: pass listed beside other moves", seed, n)
			}
		}
		if _, err := g.Play(m); err != nil {
			t.Fatalf("seed %d move %d: %s %s: %v", seed, n, m.Player, m, err)
		}
		q := g.Position()
		checkInvariants(t, &q)
	}
	end := g.Position()
	if end.NumBridges() != 1 {
		for _, c := range players {
			if canAct(t, &end, c) {
				t.Fatalf("seed %d: the game ended with %d bridges while %s can act", seed, end.NumBridges(), c)
			}
		}
	}
	if len(end.Winners()) == 0 {
		t.Fatalf("seed %d: no winner", seed)
	}
	best := end.Ranking()[0].Score
	for _, w := range end.Winners() {
		if end.Score(w) != best {
			t.Fatalf("seed %d: winner %s scores %+v, best is %+v", seed, w, end.Score(w), best)
		}
	}
	if !thorough {
		return
	}
	// The record round-trips: written, read and replayed, it gives the
	// same position.
	text := notation.FormatRecord(players, start, g.Moves())
	rec, err := notation.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatalf("seed %d: reading the record back: %v", seed, err)
	}
	g2, err := rec.Replay(nil)
	if err != nil {
		t.Fatalf("seed %d: replaying the record: %v", seed, err)
	}
	if g2.Position() != end {
		t.Fatalf("seed %d: the replayed record ends elsewhere", seed)
	}
	// The JSON state round-trips byte for byte, at the end and midway.
	mid, err := shangrila.Replay(g.Start(), g.Moves()[:len(g.Moves())/2])
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []shangrila.Position{end, mid} {
		data := notation.MarshalPosition(&p)
		back, err := notation.UnmarshalPosition(data)
		if err != nil {
			t.Fatalf("seed %d: reading JSON back: %v\n%s", seed, err, data)
		}
		if again := notation.MarshalPosition(&back); !bytes.Equal(again, data) {
			t.Fatalf("seed %d: JSON differs after a round trip:\n%s\n%s", seed, data, again)
		}
		if !slices.Equal(back.LegalMoves(nil), p.LegalMoves(nil)) {
			t.Fatalf("seed %d: the position read from JSON has other legal moves", seed)
		}
	}
}
