package menara

import (
	"strings"
	"testing"

	"github.com/tablebot/tablebot/rules"
)

func TestNewPosition(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for d := Easy; d <= Hard; d++ {
			for seed := uint64(0); seed < 20; seed++ {
				p := mustPosition(t, testOptions(players, d), seed)
				if got := p.Camp().Total(); got != CampSize {
					t.Fatalf("camp of %d", got)
				}
				for i := range players {
					if got, want := p.Hand(i).Total(), HandSize(d, players); got != want {
						t.Fatalf("%s, %d players: hand of %d, want %d", d, players, got, want)
					}
				}
				if got := totalColumns(&p); got != ColumnPool {
					t.Fatalf("columns %v, want the pool %v", got, ColumnPool)
				}
				if p.Quarry() != NumFloors-BaseFloors || p.Required() != LevelCards(d) || p.Height() != 0 {
					t.Fatalf("quarry %d, required %d, height %d", p.Quarry(), p.Required(), p.Height())
				}
				if p.Turn() < 0 || p.Turn() >= players || p.Stage() != Exchanging || p.Phase() != Playing {
					t.Fatalf("turn %d, stage %s, phase %s", p.Turn(), p.Stage(), p.Phase())
				}
				if p.CardsLeft() != NumCards {
					t.Fatalf("%d cards", p.CardsLeft())
				}
				checkBase(t, &p, Light)
			}
		}
	}
}

// checkBase checks the starting base: three floors on the table, side s
// up, none overlapping, each touching another along at least 2 edges.
func checkBase(t *testing.T, p *Position, s Side) {
	t.Helper()
	fs := p.PlacedFloors()
	if len(fs) != BaseFloors {
		t.Fatalf("base of %d floors", len(fs))
	}
	for _, f := range fs {
		w, _ := p.Where(f)
		if w.Level != 0 || w.Side != s {
			t.Fatalf("floor %s at %+v", f, w)
		}
		touch := false
		for _, g := range fs {
			if g == f {
				continue
			}
			edges := 0
			for _, c := range p.FloorCells(f) {
				for _, d := range p.FloorCells(g) {
					if c == d {
						t.Fatalf("floors %s and %s overlap at %s", f, g, c)
					}
					if Distance(c, d) == 1 {
						edges++
					}
				}
			}
			touch = touch || edges >= MinContact
		}
		if !touch {
			t.Errorf("floor %s touches no other floor along 2 edges", f)
		}
	}
}

func TestNewPositionDeterministic(t *testing.T) {
	o := testOptions(3, Medium)
	a, b := mustPosition(t, o, 42), mustPosition(t, o, 42)
	if a != b {
		t.Fatalf("the same seed gave two positions")
	}
	c := mustPosition(t, o, 43)
	if a == c {
		t.Fatalf("two seeds gave one position")
	}
	o.Side = Dark
	d := mustPosition(t, o, 42)
	checkBase(t, &d, Dark)
	if d.BaseSide() != Dark || a.BaseSide() != Light {
		t.Errorf("base sides %s and %s", d.BaseSide(), a.BaseSide())
	}
}

func TestNewPositionErrors(t *testing.T) {
	long := "abcdefghijklmnopqrstuvwxyzabcdefg"
	tests := []struct {
		name string
		o    Options
		want string
	}{
		{"no players", Options{}, "1 to 4 players"},
		{"five players", Options{Players: []string{"a", "b", "c", "d", "e"}}, "1 to 4 players"},
		{"twice", Options{Players: []string{"ana", "ANA"}}, "named twice"},
		{"space", Options{Players: []string{"ana maria"}}, "one word"},
		{"hash", Options{Players: []string{"ana#1"}}, "one word"},
		{"empty", Options{Players: []string{""}}, "1 to 32 bytes"},
		{"long", Options{Players: []string{long}}, "1 to 32 bytes"},
		{"reserved", Options{Players: []string{"seed"}}, "records use that word"},
		{"difficulty", Options{Players: []string{"ana"}, Difficulty: 7}, "easy, medium or hard"},
		{"hands", Options{Players: []string{"ana"}, Hands: 7}, "steady or shaky"},
		{"side", Options{Players: []string{"ana"}, Side: 7}, "light or dark"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewPosition(tt.o, 1)
			if rules.ErrorCode(err) != rules.Invalid || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an invalid error containing %q", err, tt.want)
			}
		})
	}
	if _, err := NewPosition(Options{Players: []string{"Zoë", "o'neil", "jean-luc"}}, 1); err != nil {
		t.Errorf("valid names rejected: %v", err)
	}
}

func TestPositionIsFlat(t *testing.T) {
	// A Position must copy by assignment: this fails to compile if a map,
	// slice or pointer creeps in (such types are not comparable).
	p := mustPosition(t, testOptions(2, Easy), 1)
	q := p
	if p != q {
		t.Fatal("a copy differs")
	}
}
