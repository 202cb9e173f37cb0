package shangrila_test

import (
	"slices"
	"testing"

	"github.com/tablebot/tablebot/rules"
	"github.com/tablebot/tablebot/rules/shangrila"
)

// TestJourneyStronger is the rulebook's first journey example: A (8 tiles)
// is stronger than B (5 tiles). Red's dragonbreeder fills B's empty space,
// Red's rainmaker drives out Yellow's master and student, Violet's healer
// drives out Blue's master; masters stay home; the bridge breaks.
func TestJourneyStronger(t *testing.T) {
	p := position(t, four, red, board{
		"A": "Rr+ Dr+ Hv+ Py Yb",
		"B": "Ry+ Hb Ab Fv",
	})
	if a, b := p.Strength(shangrila.VillageA), p.Strength(shangrila.VillageB); a.Tiles != 8 || b.Tiles != 5 {
		t.Fatalf("strengths %+v %+v, want 8 and 5 tiles", a, b)
	}
	next, e := mustApply(t, p, shangrila.JourneyMove(red, shangrila.VillageA, shangrila.VillageB))
	if got, want := tiles(&next, shangrila.VillageA), "Rr Py Yb Dr Hv"; got != want {
		t.Errorf("village A: got %s, want %s", got, want)
	}
	if got, want := tiles(&next, shangrila.VillageB), "Rr Ab Dr Hv Fv"; got != want {
		t.Errorf("village B: got %s, want %s", got, want)
	}
	if next.Standing(bridge(t, "A-B")) || e.Bridge != bridge(t, "A-B") {
		t.Error("the bridge A-B must break")
	}
	if !e.SourceStronger || e.FromStrength.Tiles != 8 || e.ToStrength.Tiles != 5 {
		t.Errorf("effects strengths: %+v", e)
	}
	want := []shangrila.Traveller{
		{Colour: red, Discipline: shangrila.Rainmaker, Outcome: shangrila.Promoted, Displaced: shangrila.MasterSpace(yellow, true)},
		{Colour: red, Discipline: shangrila.Dragonbreeder, Outcome: shangrila.Promoted},
		{Colour: violet, Discipline: shangrila.Healer, Outcome: shangrila.Promoted, Displaced: shangrila.MasterSpace(blue, false)},
	}
	if got := e.Travellers(); !slices.Equal(got, want) {
		t.Errorf("travellers:\ngot  %+v\nwant %+v", got, want)
	}
	if got := e.Returned(yellow); got != 2 {
		t.Errorf("yellow got back %d tiles, want 2", got)
	}
	if got := e.Promoted(); got != 3 {
		t.Errorf("%d students became masters, want 3", got)
	}
	if got := next.Supply(yellow, shangrila.Rainmaker); got != 6 {
		t.Errorf("yellow rainmakers in supply: %d, want 6", got)
	}
	if got := next.Supply(blue, shangrila.Healer); got != 6 {
		t.Errorf("blue healers in supply: %d, want 6", got)
	}
	if len(e.Stones()) != 0 || next.Stone(shangrila.VillageA) || next.Stone(shangrila.VillageB) {
		t.Error("A and B keep other bridges: no stone")
	}
	if next.Turn() != blue {
		t.Errorf("turn %s, want blue", next.Turn())
	}
}

// TestJourneyWeaker is the rulebook's second example: A (7 tiles) is
// weaker than B (9). Violet's healer takes B's empty healer space; Red's
// rainmaker finds its space occupied and goes back to Red's supply.
func TestJourneyWeaker(t *testing.T) {
	p := position(t, four, violet, board{
		"A": "Hv+ Rr+ Pb Yy Av",
		"B": "Ry+ Pr+ Yb+ Ab Dy Fv",
	})
	next, e := mustApply(t, p, shangrila.JourneyMove(violet, shangrila.VillageA, shangrila.VillageB))
	if e.SourceStronger {
		t.Error("A is the weaker village")
	}
	if got, want := tiles(&next, shangrila.VillageA), "Rr Pb Yy Av Hv"; got != want {
		t.Errorf("village A: got %s, want %s", got, want)
	}
	if got, want := tiles(&next, shangrila.VillageB), "Ry+ Pr+ Yb+ Ab Dy Hv Fv"; got != want {
		t.Errorf("village B: got %s, want %s", got, want)
	}
	if got := next.Supply(red, shangrila.Rainmaker); got != 5 {
		t.Errorf("red rainmakers in supply: %d, want 5", got)
	}
	want := []shangrila.Traveller{
		{Colour: red, Discipline: shangrila.Rainmaker, Outcome: shangrila.SentHome},
		{Colour: violet, Discipline: shangrila.Healer, Outcome: shangrila.Promoted},
	}
	if got := e.Travellers(); !slices.Equal(got, want) {
		t.Errorf("travellers:\ngot  %+v\nwant %+v", got, want)
	}
	if got := e.Promoted(); got != 1 {
		t.Errorf("%d students became masters, want 1", got)
	}
}

// TestJourneyCases covers each case of the resolution, with the
// strength tie-breaks.
func TestJourneyCases(t *testing.T) {
	tests := []struct {
		name       string
		from, to   string // villages A and B
		stronger   bool
		wantA      string
		wantB      string
		travellers []shangrila.Outcome
	}{
		{"stronger: own master takes the student", "Rr+ Pb Yb", "Rr", true, "Rr Pb Yb", "Rr+", []shangrila.Outcome{shangrila.Joined}},
		{"stronger: own master and student send it home", "Rr+ Pb Yb", "Rr+", true, "Rr Pb Yb", "Rr+", []shangrila.Outcome{shangrila.SentHome}},
		{"stronger: opponent's master driven out", "Rr+ Pb", "Ry", true, "Rr Pb", "Rr", []shangrila.Outcome{shangrila.Promoted}},
		{"weaker: own master sends it home", "Rr+", "Rr Pb Yb", false, "Rr", "Rr Pb Yb", []shangrila.Outcome{shangrila.SentHome}},
		{"weaker: empty space still taken", "Rr+", "Pb Yb Ay", false, "Rr", "Rr Pb Yb Ay", []shangrila.Outcome{shangrila.Promoted}},
		// 4 tiles each; A has 3 masters, B has 2: A is stronger.
		{"equal tiles, more masters", "Rr+ Pb Yb", "Ry+ Py+", true, "Rr Pb Yb", "Rr Py+", []shangrila.Outcome{shangrila.Promoted}},
		// 4 tiles and 3 masters each: the destination counts as stronger.
		{"full tie favours the destination", "Rr+ Pb Yb", "Ry+ Pb Ab", false, "Rr Pb Yb", "Ry+ Pb Ab", []shangrila.Outcome{shangrila.SentHome}},
		// Every player's students travel, not only the mover's.
		{"everyone's students travel", "Rr+ Pb+ Yy+", "Pr", true, "Rr Pb Yy", "Rr Pb Yy", []shangrila.Outcome{shangrila.Promoted, shangrila.Promoted, shangrila.Promoted}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := position(t, four, red, board{"A": tt.from, "B": tt.to})
			next, e := mustApply(t, p, shangrila.JourneyMove(red, shangrila.VillageA, shangrila.VillageB))
			if e.SourceStronger != tt.stronger {
				t.Errorf("SourceStronger %v, want %v (%+v vs %+v)", e.SourceStronger, tt.stronger, e.FromStrength, e.ToStrength)
			}
			if got := tiles(&next, shangrila.VillageA); got != tt.wantA {
				t.Errorf("village A: got %s, want %s", got, tt.wantA)
			}
			if got := tiles(&next, shangrila.VillageB); got != tt.wantB {
				t.Errorf("village B: got %s, want %s", got, tt.wantB)
			}
			var got []shangrila.Outcome
			for _, tr := range e.Travellers() {
				got = append(got, tr.Outcome)
			}
			if !slices.Equal(got, tt.travellers) {
				t.Errorf("outcomes %v, want %v", got, tt.travellers)
			}
			checkTiles(t, &next)
		})
	}
}

// TestJourneyStones: a journey that breaks a village's last bridge puts a
// stone on it, on both ends when both are cut off; nothing more happens in
// a village with a stone.
func TestJourneyStones(t *testing.T) {
	// G's bridges: A-G, D-G, G-K. Break A-G and D-G first; K's bridges:
	// D-K, G-K, H-K, K-L, break all but G-K.
	p := position(t, four, red, board{"G": "Rr+ Pb", "K": "Yy", "A": "Hr+"},
		"A-G", "D-G", "D-K", "H-K", "K-L")
	next, e := mustApply(t, p, shangrila.JourneyMove(red, shangrila.VillageG, shangrila.VillageK))
	if got := e.Stones(); !slices.Equal(got, []shangrila.Village{shangrila.VillageG, shangrila.VillageK}) {
		t.Errorf("stones placed: %v, want G and K", got)
	}
	if !next.Stone(shangrila.VillageG) || !next.Stone(shangrila.VillageK) {
		t.Error("G and K must have stones")
	}
	// Red's rainmaker master still counts in G.
	if next.Score(red).Masters != 3 {
		t.Errorf("red masters %d, want 3 (G and K rainmakers, A healer)", next.Score(red).Masters)
	}
	q, _ := mustApply(t, next, shangrila.PassMove(blue))
	q, _ = mustApply(t, q, shangrila.PassMove(yellow))
	q, _ = mustApply(t, q, shangrila.PassMove(violet))
	for _, m := range []shangrila.Move{
		shangrila.PlaceMove(red, shangrila.VillageG, shangrila.Healer),
		shangrila.RecruitMove(red, site(t, "G rainmaker")),
		shangrila.JourneyMove(red, shangrila.VillageG, shangrila.VillageK),
	} {
		wantIllegal(t, q, m, rules.Illegal, "shangrila.village.stone", "Village G has a Stone of the Wise Men")
	}
}

func TestJourneyIllegal(t *testing.T) {
	p := position(t, four, red, board{"A": "Rr+ Pb+", "B": "Rr", "E": "Pr+"}, "A-E")
	tests := []struct {
		name string
		m    shangrila.Move
		key  string
		want string
	}{
		{"no student", shangrila.JourneyMove(red, shangrila.VillageB, shangrila.VillageA), "shangrila.journey.no-student", "Red has no student in village B"},
		{"another's student only", shangrila.JourneyMove(red, shangrila.VillageD, shangrila.VillageA), "shangrila.journey.no-student", "Red has no student in village D"},
		{"not neighbours", shangrila.JourneyMove(red, shangrila.VillageA, shangrila.VillageM), "shangrila.journey.no-path", "No path joins villages A and M"},
		{"same village", shangrila.JourneyMove(red, shangrila.VillageA, shangrila.VillageA), "shangrila.journey.same", "not back into A"},
		{"broken bridge", shangrila.JourneyMove(red, shangrila.VillageA, shangrila.VillageE), "shangrila.journey.broken", "The bridge between A and E is broken"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantIllegal(t, p, tt.m, rules.Illegal, tt.key, tt.want)
		})
	}
	// Blue, with only a student in A, may start the journey too.
	q, _ := mustApply(t, p, shangrila.PlaceMove(red, shangrila.VillageA, shangrila.Healer))
	mustApply(t, q, shangrila.JourneyMove(blue, shangrila.VillageA, shangrila.VillageB))
}

func TestStrengthBeats(t *testing.T) {
	tests := []struct {
		s, d shangrila.Strength
		want bool
	}{
		{shangrila.Strength{Tiles: 8, Masters: 5}, shangrila.Strength{Tiles: 5, Masters: 4}, true},
		{shangrila.Strength{Tiles: 5, Masters: 5}, shangrila.Strength{Tiles: 8, Masters: 4}, false},
		{shangrila.Strength{Tiles: 6, Masters: 5}, shangrila.Strength{Tiles: 6, Masters: 4}, true},
		{shangrila.Strength{Tiles: 6, Masters: 4}, shangrila.Strength{Tiles: 6, Masters: 5}, false},
		{shangrila.Strength{Tiles: 6, Masters: 4}, shangrila.Strength{Tiles: 6, Masters: 4}, false},
	}
	for _, tt := range tests {
		if got := tt.s.Beats(tt.d); got != tt.want {
			t.Errorf("%+v beats %+v: got %v, want %v", tt.s, tt.d, got, tt.want)
		}
	}
}
