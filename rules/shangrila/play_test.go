package shangrila_test

import (
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// TestPlaceExample follows the rulebook's placement example: a village with
// a yellow rainmaker and a red master; violet has nobody there.
func TestPlaceExample(t *testing.T) {
	// Seats in the example's order of play.
	seats := []shangrila.Colour{yellow, red, blue, violet}
	p := position(t, seats, yellow, board{"A": "Ry Ar Hb"})
	// Yellow places a dragonbreeder on the free space.
	p, _ = mustApply(t, p, shangrila.PlaceMove(yellow, shangrila.VillageA, shangrila.Dragonbreeder))
	if got := tiles(&p, shangrila.VillageA); got != "Ry Ar Dy Hb" {
		t.Errorf("village A: got %s", got)
	}
	if got := p.Supply(yellow, shangrila.Dragonbreeder); got != 5 {
		t.Errorf("yellow dragonbreeders in supply: %d, want 5", got)
	}
	// Red may not place a rainmaker: the space is taken.
	wantIllegal(t, p, shangrila.PlaceMove(red, shangrila.VillageA, shangrila.Rainmaker),
		rules.Illegal, "shangrila.space.taken", "The Rainmaker space of village A is taken by Yellow")
	// Red places a yeti-whisperer on the open space instead.
	p, _ = mustApply(t, p, shangrila.PlaceMove(red, shangrila.VillageA, shangrila.YetiWhisperer))
	// Blue does something else; violet may not place here without a master.
	p, _ = mustApply(t, p, shangrila.RecruitMove(blue, site(t, "A healer")))
	wantIllegal(t, p, shangrila.PlaceMove(violet, shangrila.VillageA, shangrila.Priest),
		rules.Illegal, "shangrila.place.no-master", "Violet has no master in village A, so cannot place there")
}

func TestPlaceIllegal(t *testing.T) {
	// Red's six healers are all on the board; E is cut off by a stone.
	p := position(t, four, red, board{
		"A": "Hr Rr", "B": "Hr", "D": "Hr", "F": "Hr", "G": "Hr", "H": "Hr", "E": "Pr", "I": "Pr",
	}, "A-E", "D-E", "E-F", "E-H")
	tests := []struct {
		name string
		m    shangrila.Move
		key  string
		want string
	}{
		{"own space", shangrila.PlaceMove(red, shangrila.VillageA, shangrila.Healer), "shangrila.space.own", "You already have the Healer of village A"},
		{"no healer left", shangrila.PlaceMove(red, shangrila.VillageI, shangrila.Healer), "shangrila.supply.empty", "Red has no Healer left in supply"},
		{"stone", shangrila.PlaceMove(red, shangrila.VillageE, shangrila.Healer), "shangrila.village.stone", "Village E has a Stone of the Wise Men"},
		{"no master", shangrila.PlaceMove(red, shangrila.VillageM, shangrila.Priest), "shangrila.place.no-master", "Red has no master in village M"},
		{"setup in play", shangrila.SetupMove(red, shangrila.VillageM, shangrila.Priest), "shangrila.setup.over", "The setup phase is over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantIllegal(t, p, tt.m, rules.Illegal, tt.key, tt.want)
		})
	}
	// Placing a priest where red has a master is fine.
	mustApply(t, p, shangrila.PlaceMove(red, shangrila.VillageB, shangrila.Priest))
}
