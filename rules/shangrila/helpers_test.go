package shangrila_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

var (
	red, blue, yellow, violet = shangrila.Red, shangrila.Blue, shangrila.Yellow, shangrila.Violet
	four                      = []shangrila.Colour{red, blue, yellow, violet}
	three                     = []shangrila.Colour{red, blue, yellow}
)

// board describes villages compactly for tests: village letter to tiles,
// each tile a discipline letter, a colour initial and "+" for a student:
// {"A": "Rr+ Dr+ Hv+ Py Yb"}.
type board map[string]string

// position builds a play-phase position with every bridge standing except
// those listed in broken ("A-B"), stones where all bridges are broken, and
// each supply holding what the board does not. The player to move is turn.
func position(t *testing.T, players []shangrila.Colour, turn shangrila.Colour, b board, broken ...string) shangrila.Position {
	t.Helper()
	s := snapshot(t, players, turn, b, broken...)
	p, err := shangrila.FromSnapshot(s)
	if err != nil {
		t.Fatalf("position: %v", err)
	}
	return p
}

func snapshot(t *testing.T, players []shangrila.Colour, turn shangrila.Colour, b board, broken ...string) shangrila.Snapshot {
	t.Helper()
	s := shangrila.Snapshot{Players: players, Phase: shangrila.PlayPhase, Turn: turn}
	for c := range s.Supply {
		for d := range s.Supply[c] {
			s.Supply[c][d] = shangrila.TilesPerDiscipline
		}
	}
	for key, tiles := range b {
		v := village(t, key)
		for _, tile := range strings.Fields(tiles) {
			d, ok := shangrila.ParseDiscipline(tile[:1])
			if !ok || len(tile) < 2 {
				t.Fatalf("bad tile %q", tile)
			}
			c := colourInitial(t, tile[1])
			student := strings.HasSuffix(tile, "+")
			if !s.Spaces[v][d].Empty() {
				t.Fatalf("village %s: two tiles on %s", v, d)
			}
			s.Spaces[v][d] = shangrila.MasterSpace(c, student)
			s.Supply[c][d]--
			if student {
				s.Supply[c][d]--
			}
		}
	}
	for c := range s.Supply {
		plays := false
		for _, p := range players {
			plays = plays || int(p) == c
		}
		if !plays {
			s.Supply[c] = [shangrila.NumDisciplines]int{}
		}
	}
	out := map[shangrila.Bridge]bool{}
	for _, e := range broken {
		br := bridge(t, e)
		out[br] = true
	}
	for br := shangrila.Bridge(0); br < shangrila.NumBridges; br++ {
		x, y := br.Ends()
		inPlay := len(players) == 4 || x != shangrila.VillageC && y != shangrila.VillageC
		s.Standing[br] = inPlay && !out[br]
	}
	for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
		isolated := true
		for br := shangrila.Bridge(0); br < shangrila.NumBridges; br++ {
			if _, ok := br.Other(v); ok && s.Standing[br] {
				isolated = false
			}
		}
		s.Stones[v] = isolated
	}
	return s
}

func village(t *testing.T, s string) shangrila.Village {
	t.Helper()
	v, ok := shangrila.ParseVillage(s)
	if !ok {
		t.Fatalf("bad village %q", s)
	}
	return v
}

func bridge(t *testing.T, s string) shangrila.Bridge {
	t.Helper()
	x, y, _ := strings.Cut(s, "-")
	b, ok := shangrila.BridgeBetween(village(t, x), village(t, y))
	if !ok {
		t.Fatalf("no bridge %q", s)
	}
	return b
}

func colourInitial(t *testing.T, b byte) shangrila.Colour {
	t.Helper()
	switch b {
	case 'r':
		return red
	case 'b':
		return blue
	case 'y':
		return yellow
	case 'v':
		return violet
	}
	t.Fatalf("bad colour initial %q", b)
	return 0
}

// site returns a site from "A rainmaker" or "A R".
func site(t *testing.T, s string) shangrila.Site {
	t.Helper()
	v, d, _ := strings.Cut(s, " ")
	disc, ok := shangrila.ParseDiscipline(d)
	if !ok {
		t.Fatalf("bad discipline in %q", s)
	}
	return shangrila.Site{Village: village(t, v), Discipline: disc}
}

// tiles renders a village like the board map: "Dr Rr Hv Py Yb", in
// discipline order.
func tiles(p *shangrila.Position, v shangrila.Village) string {
	var out []string
	for _, d := range shangrila.Disciplines {
		sp := p.Space(v, d)
		if sp.Empty() {
			continue
		}
		tile := string(d.Letter()) + sp.Master().String()[:1]
		if sp.Student() {
			tile += "+"
		}
		out = append(out, tile)
	}
	return strings.Join(out, " ")
}

// mustApply applies m and fails the test if it is illegal.
func mustApply(t *testing.T, p shangrila.Position, m shangrila.Move) (shangrila.Position, shangrila.Effects) {
	t.Helper()
	next, e, err := p.Apply(m)
	if err != nil {
		t.Fatalf("%s %s: %v", m.Player, m, err)
	}
	return next, e
}

// wantIllegal checks that m is refused with the given code, message key and
// a message containing want.
func wantIllegal(t *testing.T, p shangrila.Position, m shangrila.Move, code rules.Code, key, want string) {
	t.Helper()
	next, _, err := p.Apply(m)
	if err == nil {
		t.Fatalf("%s %s: legal, want %s", m.Player, m, key)
	}
	var re *rules.Error
	if !errors.As(err, &re) {
		t.Fatalf("%s %s: error %T %v, want *rules.Error", m.Player, m, err, err)
	}
	if re.Code != code || re.Key != key || !strings.Contains(re.Message, want) {
		t.Errorf("%s %s: got %s %s %q, want %s %s containing %q", m.Player, m, re.Code, re.Key, re.Message, code, key, want)
	}
	if next != p {
		t.Errorf("%s %s: an illegal move changed the position", m.Player, m)
	}
}
