package shangrila_test

import (
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

func TestNewPosition(t *testing.T) {
	tests := []struct {
		name    string
		players []shangrila.Colour
		bridges int
		stones  int
	}{
		{"four players", four, 23, 0},
		{"three players", three, 20, 1},
		{"three players in another order", []shangrila.Colour{violet, yellow, red}, 20, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := shangrila.NewPosition(tt.players, shangrila.StartSetup)
			if err != nil {
				t.Fatal(err)
			}
			if p.Phase() != shangrila.SetupPhase || p.Turn() != tt.players[0] {
				t.Errorf("phase %s turn %s, want setup and %s", p.Phase(), p.Turn(), tt.players[0])
			}
			if got := p.NumBridges(); got != tt.bridges {
				t.Errorf("bridges: got %d, want %d", got, tt.bridges)
			}
			if got := p.NumStones(); got != tt.stones {
				t.Errorf("stones: got %d, want %d", got, tt.stones)
			}
			if len(tt.players) == 3 {
				if !p.Stone(shangrila.VillageC) || p.InPlay(shangrila.VillageC) {
					t.Error("village C must have a stone and be out of play with 3 players")
				}
				for _, b := range p.Bridges() {
					x, y := b.Ends()
					if x == shangrila.VillageC || y == shangrila.VillageC {
						t.Errorf("bridge %s to C is on the board", b)
					}
				}
			}
			for _, c := range tt.players {
				for _, d := range shangrila.Disciplines {
					if got := p.Supply(c, d); got != 6 {
						t.Errorf("%s %s supply %d, want 6", c, d, got)
					}
				}
			}
		})
	}
}

func TestNewPositionRejects(t *testing.T) {
	tests := []struct {
		name    string
		players []shangrila.Colour
		key     string
	}{
		{"two players", []shangrila.Colour{red, blue}, "shangrila.players.count"},
		{"five players", []shangrila.Colour{red, blue, yellow, violet, red}, "shangrila.players.count"},
		{"twice", []shangrila.Colour{red, blue, red}, "shangrila.players.twice"},
		{"nobody", []shangrila.Colour{red, blue, shangrila.NoColour}, "shangrila.players.colour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := shangrila.NewPosition(tt.players, shangrila.StartSetup)
			re, ok := err.(*rules.Error)
			if !ok || re.Key != tt.key || re.Code != rules.Invalid {
				t.Errorf("got %v, want %s", err, tt.key)
			}
		})
	}
}

// TestSuggestedStart checks that both suggested positions obey the setup
// rules: seven masters a player, one of each discipline, within the
// village limits, and play begins with the first seat.
func TestSuggestedStart(t *testing.T) {
	for _, players := range [][]shangrila.Colour{three, four, {blue, violet, red}} {
		t.Run(string(rune('0'+len(players)))+" players", func(t *testing.T) {
			p, err := shangrila.NewPosition(players, shangrila.StartSuggested)
			if err != nil {
				t.Fatal(err)
			}
			if p.Phase() != shangrila.PlayPhase || p.Turn() != players[0] {
				t.Errorf("phase %s turn %s", p.Phase(), p.Turn())
			}
			perColour, perVillage := shangrila.SetupLimits(len(players))
			count := map[shangrila.Colour]map[shangrila.Discipline]int{}
			for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
				st := p.Strength(v)
				if st.Tiles > perVillage {
					t.Errorf("village %s holds %d tiles", v, st.Tiles)
				}
				own := map[shangrila.Colour]int{}
				for _, d := range shangrila.Disciplines {
					sp := p.Space(v, d)
					if sp.Empty() {
						continue
					}
					if sp.Student() {
						t.Errorf("student in village %s", v)
					}
					own[sp.Master()]++
					if count[sp.Master()] == nil {
						count[sp.Master()] = map[shangrila.Discipline]int{}
					}
					count[sp.Master()][d]++
				}
				for c, n := range own {
					if n > perColour {
						t.Errorf("village %s holds %d of %s", v, n, c)
					}
				}
				if !p.InPlay(v) && st.Tiles > 0 {
					t.Errorf("tiles in village %s out of play", v)
				}
			}
			for _, c := range players {
				if len(count[c]) != 7 {
					t.Errorf("%s has %d disciplines, want 7", c, len(count[c]))
				}
				for _, d := range shangrila.Disciplines {
					if count[c][d] != 1 || p.Supply(c, d) != 5 {
						t.Errorf("%s %s: %d on board, %d in supply", c, d, count[c][d], p.Supply(c, d))
					}
				}
			}
		})
	}
}
