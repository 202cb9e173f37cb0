package shangrila_test

import (
	"slices"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// allBut returns every bridge except the given ones, for the broken list.
func allBut(standing ...string) []string {
	var out []string
	for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
		if !slices.Contains(standing, b.String()) {
			out = append(out, b.String())
		}
	}
	return out
}

// TestLastBridge: the game ends at once when a journey leaves one bridge;
// two villages remain without a stone.
func TestLastBridge(t *testing.T) {
	p := position(t, four, red, board{"A": "Rr+ Pb", "B": "Rb", "D": "Yy Ay", "E": "Hb Fb Dv"},
		allBut("A-B", "A-D")...)
	next, e := mustApply(t, p, shangrila.JourneyMove(red, shangrila.VillageA, shangrila.VillageB))
	if !e.GameOver || next.Phase() != shangrila.Over || next.Turn() != shangrila.NoColour {
		t.Fatalf("GameOver %v phase %s turn %s; want the game over", e.GameOver, next.Phase(), next.Turn())
	}
	if next.NumBridges() != 1 || next.NumStones() != shangrila.NumVillages-2 {
		t.Errorf("%d bridges and %d stones, want 1 and 11", next.NumBridges(), next.NumStones())
	}
	// Red's student took B's rainmaker: red 2 masters, blue 3 (E and A).
	if got := next.Winners(); !slices.Equal(got, []shangrila.Colour{blue}) {
		t.Errorf("winners %v, want blue", got)
	}
	wantIllegal(t, next, shangrila.PassMove(shangrila.NoColour), rules.GameOver, "shangrila.over", "The game is over")
	wantIllegal(t, next, shangrila.ResignMove(red), rules.GameOver, "shangrila.over", "The game is over")
	if got := next.LegalMoves(nil); len(got) != 0 {
		t.Errorf("legal moves after the end: %v", got)
	}
}

// TestNoActionEnd: when no player has a legal action, the game ends and
// is scored, even with several bridges standing.
func TestNoActionEnd(t *testing.T) {
	full := "Rr Pr Yr Ar Dr Hr Fr"
	some := "Pr Yr Ar Dr Hr Fr"
	p := position(t, four, red, board{
		"A": "Rr+", "C": full, "E": full, "F": full, "H": full, "I": some, "J": some,
	}, allBut("A-B", "A-D", "A-G", "D-G")...)
	next, e := mustApply(t, p, shangrila.JourneyMove(red, shangrila.VillageA, shangrila.VillageB))
	if !e.GameOver || next.Phase() != shangrila.Over {
		t.Fatalf("the game goes on with nobody able to act")
	}
	if next.NumBridges() != 3 {
		t.Errorf("%d bridges, want 3", next.NumBridges())
	}
	if got := next.Winners(); !slices.Equal(got, []shangrila.Colour{red}) {
		t.Errorf("winners %v, want red", got)
	}
}

// TestPass: a player without a legal action has exactly one legal move,
// pass; a player with one may not pass.
func TestPass(t *testing.T) {
	p := position(t, four, red, board{"C": "Rr", "A": "Rb+"}, "B-C", "C-F", "C-J")
	if got := p.LegalMoves(nil); !slices.Equal(got, []shangrila.Move{shangrila.PassMove(red)}) {
		t.Fatalf("legal moves %v, want only red's pass", got)
	}
	next, _ := mustApply(t, p, shangrila.PassMove(red))
	if next.Turn() != blue {
		t.Errorf("turn %s, want blue", next.Turn())
	}
	wantIllegal(t, next, shangrila.PassMove(blue), rules.Illegal, "shangrila.pass.can-act", "Blue can still act, so cannot pass")
}

func TestRanking(t *testing.T) {
	tests := []struct {
		name    string
		b       board
		winners []shangrila.Colour
		ranks   map[shangrila.Colour]int
	}{
		{"most masters wins; students do not count",
			board{"A": "Rr+ Pr+ Yr+", "B": "Rb Pb Yb", "C": "Ab Dy"},
			[]shangrila.Colour{blue}, map[shangrila.Colour]int{blue: 1, red: 2, yellow: 3, violet: 4}},
		{"equal masters: more villages wins",
			board{"A": "Rr Pr", "B": "Rb", "C": "Pb", "D": "Yy"},
			[]shangrila.Colour{blue}, map[shangrila.Colour]int{blue: 1, red: 2, yellow: 3, violet: 4}},
		{"equal masters and villages: shared win",
			board{"A": "Rr Pr", "B": "Rb Pb", "C": "Yy Ay", "D": "Yr", "E": "Yb"},
			[]shangrila.Colour{red, blue}, map[shangrila.Colour]int{red: 1, blue: 1, yellow: 3, violet: 4}},
		{"villages with a stone count",
			board{"G": "Rr Pr Yr", "A": "Rb Pb"},
			[]shangrila.Colour{red}, map[shangrila.Colour]int{red: 1, blue: 2, yellow: 3, violet: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snapshot(t, four, shangrila.NoColour, tt.b, "A-G", "D-G", "G-K")
			s.Phase = shangrila.Over
			p, err := shangrila.FromSnapshot(s)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Winners(); !slices.Equal(got, tt.winners) {
				t.Errorf("winners %v, want %v", got, tt.winners)
			}
			for _, pl := range p.Ranking() {
				if want := tt.ranks[pl.Colour]; pl.Rank != want {
					t.Errorf("%s ranks %d, want %d", pl.Colour, pl.Rank, want)
				}
			}
		})
	}
}

// TestResign: a resigned player's tiles stay and their turns are skipped;
// with fewer than two players left the game ends and the last one wins.
func TestResign(t *testing.T) {
	p := position(t, four, red, board{"A": "Rr Pb Yy Av", "B": "Rb Pb"})
	// Blue resigns out of turn: red still moves, then yellow.
	p, _ = mustApply(t, p, shangrila.ResignMove(blue))
	if p.Turn() != red || !p.Resigned(blue) || p.Active(blue) {
		t.Fatalf("turn %s, blue resigned %v", p.Turn(), p.Resigned(blue))
	}
	wantIllegal(t, p, shangrila.ResignMove(blue), rules.Illegal, "shangrila.player.resigned", "Blue has resigned")
	p, _ = mustApply(t, p, shangrila.PlaceMove(red, shangrila.VillageA, shangrila.Healer))
	if p.Turn() != yellow {
		t.Fatalf("turn %s, want yellow after blue resigned", p.Turn())
	}
	if got := p.Score(blue).Masters; got != 3 {
		t.Errorf("blue's tiles must stay: %d masters", got)
	}
	// Yellow resigns on turn: violet moves next.
	p, _ = mustApply(t, p, shangrila.ResignMove(yellow))
	if p.Turn() != violet || p.Phase() != shangrila.PlayPhase {
		t.Fatalf("turn %s phase %s, want violet in play", p.Turn(), p.Phase())
	}
	// Red resigns: only violet is left and wins, though blue has more masters.
	p, e := mustApply(t, p, shangrila.ResignMove(red))
	if !e.GameOver || p.Phase() != shangrila.Over {
		t.Fatal("one player left: the game must end")
	}
	if got := p.Winners(); !slices.Equal(got, []shangrila.Colour{violet}) {
		t.Errorf("winners %v, want violet", got)
	}
	if r := p.Ranking(); r[0].Colour != violet || !r[3].Resigned {
		t.Errorf("ranking %+v", r)
	}
}
