package shangrila_test

import (
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// TestRecruitExample follows the rulebook: Yellow recruits two students in
// village A, then Blue one in A and one in B.
func TestRecruitExample(t *testing.T) {
	seats := []shangrila.Colour{yellow, blue, red, violet}
	p := position(t, seats, yellow, board{"A": "Ry Yy Hb Pr", "B": "Fb Av"})
	p, _ = mustApply(t, p, shangrila.RecruitMove(yellow, site(t, "A rainmaker"), site(t, "A yeti")))
	p, _ = mustApply(t, p, shangrila.RecruitMove(blue, site(t, "B firekeeper"), site(t, "A healer")))
	if got := tiles(&p, shangrila.VillageA); got != "Ry+ Pr Yy+ Hb+" {
		t.Errorf("village A: got %s", got)
	}
	if got := tiles(&p, shangrila.VillageB); got != "Av Fb+" {
		t.Errorf("village B: got %s", got)
	}
	if got := p.Supply(yellow, shangrila.Rainmaker); got != 4 {
		t.Errorf("yellow rainmakers in supply: %d, want 4", got)
	}
	if got := p.Strength(shangrila.VillageA); got != (shangrila.Strength{Tiles: 7, Masters: 4}) {
		t.Errorf("strength of A: %+v", got)
	}
}

// TestRecruitOne: one student is allowed even when a second could be
// placed, and the two sites may be given in any order.
func TestRecruitOne(t *testing.T) {
	p := position(t, four, red, board{"A": "Rr Pr", "B": "Rr"})
	legal := p.LegalMoves(nil)
	one := shangrila.RecruitMove(red, site(t, "A priest"))
	if !contains(legal, one) {
		t.Errorf("one student is not among the legal moves")
	}
	mustApply(t, p, one)
	ab := shangrila.RecruitMove(red, site(t, "B rainmaker"), site(t, "A rainmaker"))
	ba := shangrila.RecruitMove(red, site(t, "A rainmaker"), site(t, "B rainmaker"))
	if ab != ba || !contains(legal, ab) {
		t.Errorf("recruits in either order must be the same legal move")
	}
}

func contains(moves []shangrila.Move, m shangrila.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

func TestRecruitIllegal(t *testing.T) {
	// Red has one rainmaker left in supply (five on the board); G has a stone.
	p := position(t, four, red, board{
		"A": "Rr Pr+", "B": "Rr", "D": "Rr", "E": "Rr", "F": "Rr", "G": "Yr",
	}, "A-G", "D-G", "G-K")
	tests := []struct {
		name string
		m    shangrila.Move
		key  string
		want string
	}{
		{"no master", shangrila.RecruitMove(red, site(t, "A healer")), "shangrila.recruit.no-master", "Red has no Healer master in village A"},
		{"has a student", shangrila.RecruitMove(red, site(t, "A priest")), "shangrila.recruit.has-student", "Red's Priest in village A already has a student"},
		{"same master twice", shangrila.RecruitMove(red, site(t, "A rainmaker"), site(t, "A rainmaker")), "shangrila.recruit.twice", "named twice"},
		{"one tile for two", shangrila.RecruitMove(red, site(t, "A rainmaker"), site(t, "B rainmaker")), "shangrila.supply.one", "Red has only one Rainmaker left in supply"},
		{"stone", shangrila.RecruitMove(red, site(t, "G yeti")), "shangrila.village.stone", "Village G has a Stone"},
		{"second site bad", shangrila.RecruitMove(red, site(t, "A rainmaker"), site(t, "M priest")), "shangrila.recruit.no-master", "Red has no Priest master in village M"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantIllegal(t, p, tt.m, rules.Illegal, tt.key, tt.want)
		})
	}
	mustApply(t, p, shangrila.RecruitMove(red, site(t, "B rainmaker")))
	wantIllegal(t, p, shangrila.Move{Kind: shangrila.Recruit, Player: red}, rules.Invalid, "shangrila.recruit.count", "one or two")
	// With the last rainmaker recruited, none is left.
	q, _ := mustApply(t, p, shangrila.RecruitMove(red, site(t, "B rainmaker")))
	q, _ = mustApply(t, q, shangrila.PassMove(blue))
	q, _ = mustApply(t, q, shangrila.PassMove(yellow))
	q, _ = mustApply(t, q, shangrila.PassMove(violet))
	wantIllegal(t, q, shangrila.RecruitMove(red, site(t, "D rainmaker")), rules.Illegal, "shangrila.supply.empty", "Red has no Rainmaker left in supply")
}
