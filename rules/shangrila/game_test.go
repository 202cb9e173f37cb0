package shangrila_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

func TestGameUndo(t *testing.T) {
	g, err := shangrila.NewGame(three, shangrila.StartSuggested)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	var positions []shangrila.Position
	for i := 0; i < 30; i++ {
		positions = append(positions, g.Position())
		p := g.Position()
		if _, err := g.Play(p.RandomMove(rng)); err != nil {
			t.Fatal(err)
		}
	}
	for i := 29; i >= 0; i-- {
		if _, ok := g.Undo(); !ok {
			t.Fatal("undo failed")
		}
		if g.Position() != positions[i] || g.NumMoves() != i {
			t.Fatalf("after undoing to move %d the position differs", i)
		}
	}
	if _, ok := g.Undo(); ok {
		t.Error("undo with no moves")
	}
}

func TestGameRejectsIllegal(t *testing.T) {
	g, err := shangrila.NewGame(four, shangrila.StartSetup)
	if err != nil {
		t.Fatal(err)
	}
	before := g.Position()
	_, err = g.Play(shangrila.SetupMove(blue, shangrila.VillageA, shangrila.Rainmaker))
	if rules.ErrorCode(err) != rules.NotYourTurn {
		t.Errorf("got %v, want not your turn", err)
	}
	if g.Position() != before || g.NumMoves() != 0 {
		t.Error("an illegal move changed the game")
	}
	moves := []shangrila.Move{
		shangrila.SetupMove(red, shangrila.VillageA, shangrila.Rainmaker),
		shangrila.SetupMove(blue, shangrila.VillageA, shangrila.Rainmaker),
	}
	_, err = shangrila.Replay(before, moves)
	var re *shangrila.ReplayError
	if !errors.As(err, &re) || re.Index != 1 || rules.ErrorCode(err) != rules.Illegal {
		t.Errorf("replay error %v, want move 2 illegal", err)
	}
}

func TestFromSnapshotRejects(t *testing.T) {
	tests := []struct {
		name   string
		change func(s *shangrila.Snapshot)
		key    string
	}{
		{"tiles do not add up", func(s *shangrila.Snapshot) { s.Supply[red][0]-- }, "shangrila.state.tiles"},
		{"stone beside a bridge", func(s *shangrila.Snapshot) { s.Stones[0] = true }, "shangrila.state.stone"},
		{"isolated without stone", func(s *shangrila.Snapshot) {
			for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
				if _, ok := b.Other(shangrila.VillageG); ok {
					s.Standing[b] = false
				}
			}
		}, "shangrila.state.stone"},
		{"tile of a stranger", func(s *shangrila.Snapshot) {
			s.Players = three
			s.Supply[violet] = [7]int{}
		}, "shangrila.state.tile"},
		{"turn of nobody", func(s *shangrila.Snapshot) { s.Turn = shangrila.NoColour }, "shangrila.state.turn"},
		{"turn when over", func(s *shangrila.Snapshot) { s.Phase = shangrila.Over }, "shangrila.state.turn-over"},
		{"students in setup", func(s *shangrila.Snapshot) { s.Phase = shangrila.SetupPhase }, "shangrila.state.setup-student"},
		{"supply of a stranger", func(s *shangrila.Snapshot) { s.Supply[0][0] = 1 }, "shangrila.state.supply"},
		{"bad space bits", func(s *shangrila.Snapshot) { s.Spaces[5][5] = 0x40 | shangrila.Space(red) }, "shangrila.state.tile"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := snapshot(t, four, red, board{"A": "Rr+ Pb", "B": "Yy", "D": "Av"})
			if _, err := shangrila.FromSnapshot(s); err != nil {
				t.Fatalf("the base snapshot is invalid: %v", err)
			}
			tt.change(&s)
			_, err := shangrila.FromSnapshot(s)
			var re *rules.Error
			if !errors.As(err, &re) || re.Key != tt.key {
				t.Errorf("got %v, want %s", err, tt.key)
			}
		})
	}
}
