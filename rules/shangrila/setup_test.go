package shangrila_test

import (
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// TestSetupRounds plays a whole setup phase: one placement at a time in
// seat order, seven rounds, then play starts with the first seat.
func TestSetupRounds(t *testing.T) {
	p, err := shangrila.NewPosition(four, shangrila.StartSetup)
	if err != nil {
		t.Fatal(err)
	}
	// Round r: seat s places discipline r in village (r*4+s) mod 13; this
	// spreads the tiles within the limits.
	for r := 0; r < 7; r++ {
		for s, c := range four {
			if p.Turn() != c {
				t.Fatalf("round %d seat %d: turn %s, want %s", r, s, p.Turn(), c)
			}
			v := shangrila.Village((r*4 + s) % 13)
			var e shangrila.Effects
			p, e = mustApply(t, p, shangrila.SetupMove(c, v, shangrila.Discipline(r)))
			last := r == 6 && s == 3
			if e.SetupOver != last {
				t.Errorf("round %d seat %d: SetupOver %v", r, s, e.SetupOver)
			}
		}
	}
	if p.Phase() != shangrila.PlayPhase || p.Turn() != red {
		t.Errorf("after setup: phase %s turn %s, want play and red", p.Phase(), p.Turn())
	}
	for _, c := range four {
		if got := p.Score(c).Masters; got != 7 {
			t.Errorf("%s has %d masters, want 7", c, got)
		}
		for _, d := range shangrila.Disciplines {
			if got := p.Supply(c, d); got != 5 {
				t.Errorf("%s %s supply %d, want 5", c, d, got)
			}
		}
	}
}

func setupPosition(t *testing.T, players []shangrila.Colour, turn shangrila.Colour, b board) shangrila.Position {
	t.Helper()
	s := snapshot(t, players, turn, b)
	s.Phase = shangrila.SetupPhase
	p, err := shangrila.FromSnapshot(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSetupIllegal(t *testing.T) {
	four := setupPosition(t, four, red, board{"A": "Rr Pb Yy", "B": "Ar Dr", "C": "Hb"})
	three := setupPosition(t, three, red, board{"A": "Rr", "B": "Pb Yy"})
	tests := []struct {
		name string
		p    shangrila.Position
		m    shangrila.Move
		code rules.Code
		key  string
		want string
	}{
		{"discipline again", four, shangrila.SetupMove(red, shangrila.VillageD, shangrila.Rainmaker),
			rules.Illegal, "shangrila.setup.again", "Red has already placed a Rainmaker"},
		{"space taken", four, shangrila.SetupMove(red, shangrila.VillageC, shangrila.Healer),
			rules.Illegal, "shangrila.space.taken", "The Healer space of village C is taken by Blue"},
		{"village full", four, shangrila.SetupMove(red, shangrila.VillageA, shangrila.Healer),
			rules.Illegal, "shangrila.setup.full", "Village A already holds 3 tiles"},
		{"two of a colour", four, shangrila.SetupMove(red, shangrila.VillageB, shangrila.Healer),
			rules.Illegal, "shangrila.setup.colour", "Red already has 2 in village B"},
		{"three players: one of a colour", three, shangrila.SetupMove(red, shangrila.VillageA, shangrila.Healer),
			rules.Illegal, "shangrila.setup.colour", "Red already has 1 in village A"},
		{"three players: two a village", three, shangrila.SetupMove(red, shangrila.VillageB, shangrila.Healer),
			rules.Illegal, "shangrila.setup.full", "Village B already holds 2 tiles"},
		{"three players: C out of play", three, shangrila.SetupMove(red, shangrila.VillageC, shangrila.Healer),
			rules.Illegal, "shangrila.village.out", "Village C is not in play with 3 players"},
		{"wrong turn", four, shangrila.SetupMove(blue, shangrila.VillageD, shangrila.Healer),
			rules.NotYourTurn, "shangrila.turn", "It is Red's turn, not Blue's"},
		{"place during setup", four, shangrila.PlaceMove(red, shangrila.VillageA, shangrila.Healer),
			rules.Illegal, "shangrila.setup.only", "During the setup phase"},
		{"recruit during setup", four, shangrila.RecruitMove(red, shangrila.Site{Village: shangrila.VillageA, Discipline: shangrila.Rainmaker}),
			rules.Illegal, "shangrila.setup.only", "During the setup phase"},
		{"pass with a placement left", four, shangrila.PassMove(red),
			rules.Illegal, "shangrila.pass.can-act", "Red can still act"},
		{"absent player", three, shangrila.SetupMove(violet, shangrila.VillageD, shangrila.Healer),
			rules.Illegal, "shangrila.player.absent", "Violet does not play"},
		{"no such village", four, shangrila.SetupMove(red, 13, shangrila.Healer),
			rules.Invalid, "shangrila.village.unknown", "no such village"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantIllegal(t, tt.p, tt.m, tt.code, tt.key, tt.want)
		})
	}
	// The limits leave the other placements open.
	for _, m := range []shangrila.Move{
		shangrila.SetupMove(red, shangrila.VillageC, shangrila.Priest),
		shangrila.SetupMove(red, shangrila.VillageD, shangrila.Healer),
	} {
		mustApply(t, four, m)
	}
	mustApply(t, three, shangrila.SetupMove(red, shangrila.VillageD, shangrila.Healer))
	if _, _, err := four.Apply(shangrila.PlaceMove(red, shangrila.VillageA, shangrila.Healer)); err == nil {
		t.Error("place accepted during setup")
	}
}

// TestSetupStuck: a player with no legal setup placement passes; when
// nobody can place any more, play begins with the first seat.
func TestSetupStuck(t *testing.T) {
	p := setupPosition(t, three, yellow, board{
		"A": "Fr Ry", "B": "Rb Py", "D": "Yy", "E": "Ay", "F": "Dy", "G": "Fy",
		"H": "Hr Pb", "I": "Rr Hb", "J": "Dr Yb", "K": "Ar Db", "L": "Yr Ab", "M": "Pr Fb",
	})
	got := p.LegalMoves(nil)
	if len(got) != 1 || got[0] != shangrila.PassMove(yellow) {
		t.Fatalf("legal moves %v, want only yellow's pass", got)
	}
	wantIllegal(t, p, shangrila.SetupMove(yellow, shangrila.VillageH, shangrila.Healer),
		rules.Illegal, "shangrila.space.taken", "taken by Red")
	next, e := mustApply(t, p, shangrila.PassMove(yellow))
	if !e.SetupOver || next.Phase() != shangrila.PlayPhase || next.Turn() != red {
		t.Errorf("after the pass: SetupOver %v, phase %s, turn %s; want play, red", e.SetupOver, next.Phase(), next.Turn())
	}
	if got := next.Score(yellow).Masters; got != 6 {
		t.Errorf("yellow has %d masters, want 6", got)
	}
}
