package shangrila_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// onlyBridges leaves standing just the bridges listed ("A-B") and puts a
// stone on every village they leave isolated.
func onlyBridges(t *testing.T, s *shangrila.Snapshot, keep ...string) {
	t.Helper()
	s.Standing = [shangrila.NumBridges]bool{}
	for _, e := range keep {
		s.Standing[bridge(t, e)] = true
	}
	for v := shangrila.Village(0); v < shangrila.NumVillages; v++ {
		s.Stones[v] = true
		for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
			if _, ok := b.Other(v); ok && s.Standing[b] {
				s.Stones[v] = false
			}
		}
	}
}

// TestFromSnapshotMessages pins every refusal of FromSnapshot: which check
// answers first, with its code, key, arguments and English message; and a
// few snapshots at the edges of the checks that it accepts.
func TestFromSnapshotMessages(t *testing.T) {
	setup := func(s *shangrila.Snapshot) {
		s.Phase = shangrila.SetupPhase
		for v := range s.Spaces {
			for d, sp := range s.Spaces[v] {
				if sp.Student() {
					s.Spaces[v][d] = shangrila.MasterSpace(sp.Master(), false)
					s.Supply[sp.Master()][d]++
				}
			}
		}
	}
	tests := []struct {
		name    string
		players []shangrila.Colour
		change  func(s *shangrila.Snapshot)
		key     string // "" when the snapshot is accepted
		args    string // the arguments as fmt prints the map
		message string
	}{
		{"one player", four, func(s *shangrila.Snapshot) { s.Players = []shangrila.Colour{red} },
			"shangrila.players.count", "map[count:1]", "The Bridges of Shangri-La needs 3 or 4 players, not 1"},
		{"unknown phase", four, func(s *shangrila.Snapshot) { s.Phase = shangrila.Over + 1 },
			"shangrila.state.phase", "map[]", "impossible position: unknown phase"},
		{"unknown phase before a stranger resigning", four, func(s *shangrila.Snapshot) {
			s.Phase = shangrila.Over + 1
			s.Resigned = []shangrila.Colour{shangrila.NoColour}
		}, "shangrila.state.phase", "map[]", "impossible position: unknown phase"},
		{"a stranger resigned", three, func(s *shangrila.Snapshot) { s.Resigned = []shangrila.Colour{violet} },
			"shangrila.state.resigned", "map[]", "impossible position: Violet resigned but does not play"},
		{"nobody resigned", four, func(s *shangrila.Snapshot) { s.Resigned = []shangrila.Colour{blue, shangrila.NoColour} },
			"shangrila.state.resigned", "map[]", "impossible position: Nobody resigned but does not play"},
		{"a resigned player's tiles stay", four, func(s *shangrila.Snapshot) { s.Resigned = []shangrila.Colour{blue} },
			"", "", ""},
		{"the player to move resigned", four, func(s *shangrila.Snapshot) { s.Resigned = []shangrila.Colour{red} },
			"shangrila.state.turn", "map[]", "impossible position: the player to move must be a player who has not resigned"},
		{"tile of a stranger", four, func(s *shangrila.Snapshot) { s.Players = three; s.Supply[violet] = [7]int{} },
			"shangrila.state.tile", "map[village:D]", "impossible position: a tile in village D belongs to nobody in the game"},
		{"bad space bits", four, func(s *shangrila.Snapshot) { s.Spaces[5][5] = 0x40 | shangrila.Space(red) },
			"shangrila.state.tile", "map[village:F]", "impossible position: a tile in village F belongs to nobody in the game"},
		{"tile out of play", three, func(s *shangrila.Snapshot) {
			s.Spaces[shangrila.VillageC][shangrila.Healer] = shangrila.MasterSpace(red, false)
			s.Supply[red][shangrila.Healer]--
		}, "shangrila.state.out", "map[village:C]", "impossible position: village C is not in play with 3 players"},
		{"students in setup", four, func(s *shangrila.Snapshot) { s.Phase = shangrila.SetupPhase },
			"shangrila.state.setup-student", "map[]", "impossible position: students during the setup phase"},
		{"supply of nobody", four, func(s *shangrila.Snapshot) { s.Supply[0][0] = 1 },
			"shangrila.state.supply", "map[player:]", "impossible position: Nobody has a supply but does not play"},
		{"supply of a stranger", three, func(s *shangrila.Snapshot) { s.Supply[violet][6] = -1 },
			"shangrila.state.supply", "map[player:violet]", "impossible position: Violet has a supply but does not play"},
		{"tiles do not add up", four, func(s *shangrila.Snapshot) { s.Supply[red][0]-- },
			"shangrila.state.tiles", "map[discipline:rainmaker player:red]",
			"impossible position: Red's Rainmaker tiles on the board and in supply do not add up to 6"},
		{"negative supply", four, func(s *shangrila.Snapshot) {
			s.Supply[blue][shangrila.Healer] = -1
			s.Supply[blue][shangrila.Priest] = 7
		}, "shangrila.state.tiles", "map[discipline:priest player:blue]",
			"impossible position: Blue's Priest tiles on the board and in supply do not add up to 6"},
		{"negative supply that adds up", four, func(s *shangrila.Snapshot) {
			s.Spaces[shangrila.VillageE][shangrila.Healer] = shangrila.MasterSpace(blue, true)
			s.Spaces[shangrila.VillageF][shangrila.Healer] = shangrila.MasterSpace(blue, true)
			s.Spaces[shangrila.VillageG][shangrila.Healer] = shangrila.MasterSpace(blue, true)
			s.Spaces[shangrila.VillageH][shangrila.Healer] = shangrila.MasterSpace(blue, true)
			s.Supply[blue][shangrila.Healer] = -2
		}, "shangrila.state.tiles", "map[discipline:healer player:blue]",
			"impossible position: Blue's Healer tiles on the board and in supply do not add up to 6"},
		{"bridge out of play", three, func(s *shangrila.Snapshot) {
			s.Standing[bridge(t, "C-J")] = true
			s.Stones[shangrila.VillageC] = false
		}, "shangrila.state.bridge", "map[bridge:C-J]", "impossible position: bridge C-J is not on the board with 3 players"},
		{"stone beside a bridge", four, func(s *shangrila.Snapshot) { s.Stones[0] = true },
			"shangrila.state.stone", "map[village:A]", "impossible position: village A must have a stone exactly when all its bridges are broken"},
		{"isolated without a stone", four, func(s *shangrila.Snapshot) {
			for b := shangrila.Bridge(0); b < shangrila.NumBridges; b++ {
				if _, ok := b.Other(shangrila.VillageG); ok {
					s.Standing[b] = false
				}
			}
		}, "shangrila.state.stone", "map[village:G]", "impossible position: village G must have a stone exactly when all its bridges are broken"},
		{"setup", four, setup, "", "", ""},
		{"two starting masters of a discipline", four, func(s *shangrila.Snapshot) {
			setup(s)
			s.Spaces[shangrila.VillageE][shangrila.Rainmaker] = shangrila.MasterSpace(red, false)
			s.Supply[red][shangrila.Rainmaker]--
		}, "shangrila.state.setup-twice", "map[player:red]", "impossible position: Red has two starting masters of one discipline"},
		{"setup with no bridge", four, func(s *shangrila.Snapshot) { setup(s); onlyBridges(t, s) }, "", "", ""},
		{"play with one bridge", four, func(s *shangrila.Snapshot) { onlyBridges(t, s, "A-B") },
			"shangrila.state.bridges", "map[]", "impossible position: a game in play needs at least two standing bridges"},
		{"play with two bridges", four, func(s *shangrila.Snapshot) { onlyBridges(t, s, "A-B", "L-M") }, "", "", ""},
		{"over with one bridge", four, func(s *shangrila.Snapshot) {
			onlyBridges(t, s, "A-B")
			s.Phase, s.Turn = shangrila.Over, shangrila.NoColour
		}, "", "", ""},
		{"over with no bridge", four, func(s *shangrila.Snapshot) {
			onlyBridges(t, s)
			s.Phase, s.Turn = shangrila.Over, shangrila.NoColour
		}, "shangrila.state.bridges", "map[]", "impossible position: a game in play needs at least two standing bridges"},
		{"turn when over", four, func(s *shangrila.Snapshot) { s.Phase = shangrila.Over },
			"shangrila.state.turn-over", "map[]", "impossible position: a finished game has no player to move"},
		{"turn of nobody", four, func(s *shangrila.Snapshot) { s.Turn = shangrila.NoColour },
			"shangrila.state.turn", "map[]", "impossible position: the player to move must be a player who has not resigned"},
		{"turn of a stranger", three, func(s *shangrila.Snapshot) { s.Turn = violet },
			"shangrila.state.turn", "map[]", "impossible position: the player to move must be a player who has not resigned"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := board{"A": "Rr+ Pb", "B": "Yy"}
			if len(tt.players) == 4 {
				b["D"] = "Av"
			}
			s := snapshot(t, tt.players, red, b)
			if _, err := shangrila.FromSnapshot(s); err != nil {
				t.Fatalf("the base snapshot is invalid: %v", err)
			}
			tt.change(&s)
			p, err := shangrila.FromSnapshot(s)
			if tt.key == "" {
				if err != nil {
					t.Fatalf("got %v, want the snapshot accepted", err)
				}
				if got := p.Snapshot(); fmt.Sprint(got) != fmt.Sprint(s) {
					t.Errorf("the position's snapshot differs:\n got %v\nwant %v", got, s)
				}
				return
			}
			var re *rules.Error
			if !errors.As(err, &re) {
				t.Fatalf("got %T %v, want a *rules.Error", err, err)
			}
			if p != (shangrila.Position{}) {
				t.Errorf("a refused snapshot gave a position")
			}
			got := fmt.Sprintf("%s %s %v %s", re.Code, re.Key, re.Args, re.Message)
			want := fmt.Sprintf("%s %s %s %s", rules.Invalid, tt.key, tt.args, tt.message)
			if got != want {
				t.Errorf("\n got %s\nwant %s", got, want)
			}
		})
	}
}
